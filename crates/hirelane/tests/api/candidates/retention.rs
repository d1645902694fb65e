//! Retention on both databases, with two instances running the daily job at the same moment:
//! a notice first, the erasure on its date, exactly the people due and each once; people kept
//! for other jobs, people in an open process and people active since stay.

use jiff::SignedDuration;
use reqwest::Method;
use serde_json::json;

use super::create_job;
use crate::helpers::{TestApp, backends};
use crate::interviews::support::decoded;

/// Stores a candidate of `jd` last active at `at_ms` (ms), in `stage`; returns their id.
async fn seed(app: &TestApp, jd: i64, email: &str, stage: &str, at_ms: i64) -> i64 {
    hirelane::fetch_scalar!(
        &app.state.db,
        fetch_one,
        "INSERT INTO candidates (job_id, source, candidate_email, analysis_status, stage,
             created_on, modified_on)
         VALUES ($1, 'resume', $2, 'done', $3, $4, $4) RETURNING id",
        (jd, email, stage, at_ms)
    )
    .expect("candidate")
}

async fn ids(app: &TestApp) -> Vec<i64> {
    hirelane::fetch_scalar!(
        &app.state.db,
        fetch_all,
        "SELECT id FROM candidates ORDER BY id"
    )
    .expect("ids")
}

fn notices(app: &TestApp, email: &str) -> usize {
    app.outbox_mails(email)
        .iter()
        .filter(|m| decoded(m).contains("will be erased on"))
        .count()
}

/// Runs the daily job on both instances at once; returns the outcome of the one that ran.
async fn run_on_both(app: &TestApp, other: &TestApp) -> hirelane::candidates::retention::Outcome {
    let (a, b) = tokio::join!(
        hirelane::candidates::retention::run_daily(&app.state),
        hirelane::candidates::retention::run_daily(&other.state),
    );
    match (a.expect("runs"), b.expect("runs")) {
        (Some(outcome), None) | (None, Some(outcome)) => outcome,
        other => panic!("exactly one instance runs a day: {other:?}"),
    }
}

#[tokio::test]
async fn two_instances_notice_then_erase_exactly_the_people_due_once() {
    for backend in backends() {
        let (app, teardown) = TestApp::spawn_with(&backend, &|settings| {
            settings.retention.candidate_months = 6;
            settings.retention.notice_days = 14;
            settings.retention.recording_months = 0;
        })
        .await;
        let (other, stop_other, other_server) = app.sibling(&teardown).await;
        let token = app.token().await;
        let first = create_job(&app, &token, true).await;
        let second = create_job(&app, &token, true).await;
        let start = app.state.clock.now().as_millisecond();
        let alice = seed(&app, first, "alice@example.com", "rejected", start).await;
        let nameless = seed(&app, first, "", "new", start).await;
        let kept = seed(&app, first, "bob@example.com", "rejected", start).await;
        let booked = seed(&app, first, "carol@example.com", "scheduled", start).await;
        let dave_old = seed(&app, first, "dave@example.com", "rejected", start).await;
        // Dave applied again four months later: he counts as active from then.
        let four_months = start + 120 * 86_400_000;
        let dave_new = seed(&app, second, "dave@example.com", "new", four_months).await;
        let bob_page = hirelane::candidates::portal_link::application_link(&app.state, kept)
            .await
            .expect("link");
        let secret = bob_page.rsplit('/').next().expect("secret").to_owned();
        let (status, body) = app
            .call(
                Method::PUT,
                &format!("/api/Application/{secret}/KeepForOtherJobs"),
                "",
                Some(&json!({"keep": true})),
            )
            .await;
        assert_eq!(
            (status, &body["keptForOtherJobs"]),
            (200, &json!(true)),
            "{body}"
        );

        // Six months and a day later: Alice is told, the candidate without an address (who
        // cannot be told) goes.
        app.advance(SignedDuration::from_hours(24 * 185));
        let outcome = run_on_both(&app, &other).await;
        assert_eq!((outcome.noticed, outcome.erased), (1, 1), "{}", app.backend);
        assert_eq!(notices(&app, "alice@example.com"), 1);
        for quiet in ["bob@example.com", "carol@example.com", "dave@example.com"] {
            assert_eq!(notices(&app, quiet), 0, "{quiet}");
        }
        assert_eq!(ids(&app).await, [alice, kept, booked, dave_old, dave_new]);
        assert!(!ids(&app).await.contains(&nameless));

        // A run the same day does nothing, on either instance.
        assert_eq!(
            hirelane::candidates::retention::run_daily(&app.state)
                .await
                .expect("runs"),
            None
        );

        // Two weeks later, on the date the notice gave: Alice is erased, once.
        app.advance(SignedDuration::from_hours(24 * 14));
        let outcome = run_on_both(&app, &other).await;
        assert_eq!((outcome.noticed, outcome.erased), (0, 1), "{}", app.backend);
        assert_eq!(ids(&app).await, [kept, booked, dave_old, dave_new]);
        assert_eq!(
            notices(&app, "alice@example.com"),
            0,
            "her mail went with her"
        );

        let _ = stop_other.send(());
        let _ = other_server.await;
        teardown.run().await;
    }
}
