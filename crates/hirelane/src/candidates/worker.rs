//! The durable analysis queue's workers. Intake commits a `queued` row and wakes them; each
//! worker claims one row at a time with a lease, scores it off the async threads, and stores
//! the result only while it still holds the lease. Rows left `queued` or with an expired lease
//! (a crash, a kill -9, another instance dying) are simply claimed again.

use std::sync::OnceLock;
use std::time::Duration;

use jiff::SignedDuration;

use super::leases::{self, Claimed, Outcome};
use super::status::Recommendation;
use crate::error::Result;
use crate::state::AppState;

/// After this many claims a row that keeps failing is marked failed instead of retried.
const MAX_ATTEMPTS: i64 = 3;
/// Workers also look for work this often, for rows queued by another instance.
const POLL: Duration = Duration::from_secs(5);

/// Runs `workers` analysis loops until the task is dropped.
pub async fn run(state: AppState, workers: usize) {
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..workers.max(1) {
        tasks.spawn(work_loop(state.clone()));
    }
    while tasks.join_next().await.is_some() {}
}

async fn work_loop(state: AppState) {
    loop {
        // Register interest before looking, so a wake-up between the look and the wait is kept.
        let notified = state.analysis.notified();
        match analyse_next(&state).await {
            Ok(true) => continue,
            Ok(false) => {}
            Err(err) => tracing::warn!(error = %err, "analysis worker: cannot claim work"),
        }
        tokio::select! {
            () = notified => {}
            () = tokio::time::sleep(POLL) => {}
        }
    }
}

/// Claims and analyses one candidate; returns whether there was one.
pub async fn analyse_next(state: &AppState) -> Result<bool> {
    // How long this claim holds before another worker may take the row over (configurable so
    // failover drills need not wait minutes).
    let lease = SignedDuration::from_secs(
        i64::try_from(state.settings.uploads.analysis_lease_seconds.max(1)).unwrap_or(i64::MAX),
    );
    let Some(claimed) = leases::claim_next(&state.db, state.clock.now(), lease).await? else {
        return Ok(false);
    };
    let outcome = if claimed.attempts > MAX_ATTEMPTS {
        Outcome::Failed("Analysis failed repeatedly; upload the resume again.".into())
    } else {
        let (job, options) = (claimed.clone(), state.parse_options());
        match tokio::task::spawn_blocking(move || assess(&job, &options)).await {
            Ok(outcome) => outcome,
            Err(join) => Outcome::Failed(format!("Analysis crashed: {join}")),
        }
    };
    let stored = leases::finish(&state.db, &claimed, &outcome, state.clock.now()).await?;
    let counter = match (stored, &outcome) {
        (false, _) => &state.analysis_counts.dropped,
        (true, Outcome::Scored { .. }) => &state.analysis_counts.done,
        (true, Outcome::Failed(_)) => &state.analysis_counts.failed,
    };
    counter.inc();
    if stored && matches!(outcome, Outcome::Scored { .. }) {
        state.autopilot.wake();
    }
    if !stored {
        tracing::warn!(
            candidate = claimed.id,
            "analysis lease was taken over; result dropped"
        );
    }
    Ok(true)
}

/// The resume scorer's semantic-fit model, made once per process on the shared embedding model
/// (`crate::embedding`); `None` where the model is missing or not the one the scorer is pinned
/// to, and resumes are then scored lexically (the stored version says which).
fn semantic() -> Option<&'static ats::semantic::Model> {
    static MODEL: OnceLock<Option<ats::semantic::Model>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            ats::semantic::Model::with_embedder(crate::embedding::embedder()?)
                .inspect_err(|e| tracing::warn!(error = %e, "resumes are scored lexically"))
                .ok()
        })
        .as_ref()
}

/// Parses and scores a resume's text against its JD (pure CPU work: about 40 ms with the
/// embedding model, 2 ms without).
fn assess(claimed: &Claimed, options: &ats::ParseOptions) -> Outcome {
    let Some(text) = claimed.resume_text.as_deref() else {
        return Outcome::Failed("The resume has no text to analyse.".into());
    };
    let resume = ats::parse_resume_with(text, options);
    let job = ats::JobSpec::new(
        &claimed.jdname,
        &claimed.jddescription,
        &claimed.key_skills,
        &claimed.experience,
        &claimed.additional_notes,
    );
    let input = ats::ScorerInput::new(&resume);
    // A resume the model fails on is scored lexically; its stored version says so.
    let similarity = semantic().and_then(|model| {
        model
            .similarity(&input, &job)
            .inspect_err(|e| tracing::warn!(candidate = claimed.id, error = %e, "no semantic fit"))
            .ok()
    });
    let assessment =
        ats::score_input_with(&input, &job, &ats::ScoringConfig::default(), similarity);
    match serde_json::to_string(&assessment) {
        Ok(json) => Outcome::Scored {
            ats_score: i64::from(assessment.ats_score),
            skills_match: i64::from(assessment.skills_match),
            recommendation: match assessment.recommendation {
                ats::Recommendation::Pass => Recommendation::Pass,
                ats::Recommendation::Fail => Recommendation::Fail,
            },
            assessment: json,
            version: assessment.version,
        },
        Err(e) => Outcome::Failed(format!("Cannot store the analysis: {e}")),
    }
}
