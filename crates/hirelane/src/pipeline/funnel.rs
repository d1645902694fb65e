//! The hiring funnel, counted once for the dashboard and the reports: how many candidates
//! reached each stage (the kernel's `Stage::reached_by`), how many of those passed an
//! interview step without it happening (moved on by a person: `skipped`), how many are there
//! now, and, over the candidates whose process is finished, the pass-through from each stage
//! to the next. The invite facts are `interviews::facts`, the dashboard's own conditions.
//!
//! One grouped statement reads the candidates (a few hundred groups however many candidates
//! there are); the rest is arithmetic here.

use std::collections::BTreeMap;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::stages::{ALL, Stage};
use crate::auth::Recruiter;
use crate::candidates::status::{Recommendation, Source};
use crate::error::{ErrorBody, Result};
use crate::fetch_as;
use crate::http::{Json, Query};
use crate::interviews::facts;
use crate::jobs::lookup::active_job;
use crate::state::AppState;
use crate::store::Db;

/// The stages a candidate goes through, New to Hired (Rejected and Withdrawn end it instead).
pub fn progress() -> Vec<Stage> {
    ALL.into_iter().filter(|s| s.rank().is_some()).collect()
}

/// Which candidates are counted: those added in `[from, until)` (unix ms) of one JD or every
/// JD outside the bin.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cohort {
    pub from: Option<i64>,
    pub until: Option<i64>,
    pub job_id: Option<i64>,
}

impl Cohort {
    /// The condition on `c` (candidates) and `j` (jobs) with `$1`-`$3` bound by [`Cohort::binds`].
    pub const WHERE: &'static str = "j.deleted_at IS NULL AND ($1 IS NULL OR c.created_on >= $1)
        AND ($2 IS NULL OR c.created_on < $2) AND ($3 IS NULL OR c.job_id = $3)";
}

/// Candidates alike in everything the funnel and the reports count.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Group {
    pub job_id: i64,
    pub jdid: String,
    pub jdname: String,
    #[sqlx(try_from = "String")]
    pub source: Source,
    #[sqlx(try_from = "String")]
    pub stage: Stage,
    pub furthest_stage: i64,
    pub recommendation: Option<Recommendation>,
    pub invite_sent: bool,
    pub slot_booked: bool,
    pub interview_done: bool,
    pub candidates: i64,
}

impl Group {
    /// Whether these candidates reached `stage` (their current stage counts too, for rows
    /// from before `furthest_stage` was kept up to date by every move).
    pub fn reached(&self, stage: Stage) -> bool {
        stage.reached_by(self.furthest_stage.max(self.stage.rank().unwrap_or(0)))
    }

    /// Whether they passed `stage`, an interview step, without it happening.
    pub fn skipped(&self, stage: Stage) -> bool {
        let happened = match stage {
            Stage::Invited => self.invite_sent,
            Stage::Scheduled => self.slot_booked,
            Stage::Interviewed => self.interview_done,
            _ => return false,
        };
        self.reached(stage) && !happened
    }
}

/// The candidates of `cohort` in groups, newest JD first.
pub async fn groups(db: &Db, cohort: Cohort) -> Result<Vec<Group>> {
    // Grouped before the JD's names are joined: a narrow key groups in memory on PostgreSQL
    // (with the names it sorted 50,000 rows on disk).
    let sql = format!(
        "SELECT g.job_id, j.jdid, j.jdname, g.source, g.stage, g.furthest_stage,
            g.recommendation, g.invite_sent, g.slot_booked, g.interview_done, g.candidates
         FROM (SELECT c.job_id, c.source, c.stage, c.furthest_stage, c.recommendation,
                {sent} AS invite_sent, {booked} AS slot_booked, {done} AS interview_done,
                COUNT(*) AS candidates
             FROM {from}
             WHERE {filter}
             GROUP BY c.job_id, c.source, c.stage, c.furthest_stage, c.recommendation,
                {sent}, {booked}, {done}) g
         JOIN jobs j ON j.id = g.job_id
         ORDER BY g.job_id DESC",
        sent = facts::INVITE_SENT,
        booked = facts::SLOT_BOOKED,
        done = facts::INTERVIEW_DONE,
        from = facts::FROM,
        filter = Cohort::WHERE,
    );
    Ok(fetch_as!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(sql.as_str()),
        (cohort.from, cohort.until, cohort.job_id)
    )?)
}

/// One step of a funnel.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelStep {
    pub stage: Stage,
    pub label: String,
    /// Candidates who reached this stage: were in it or in a later one (rejected and withdrawn
    /// ones count where they got).
    pub reached: i64,
    /// Of `reached`, those who passed this interview step without it happening (a person moved
    /// them on with no invite sent, no slot booked or no interview completed); 0 for the
    /// other stages.
    pub skipped: i64,
    /// Candidates in this stage now.
    pub current: i64,
    /// Of those who reached the previous step, the share who reached this one (0-1); null
    /// for the first step or when nobody reached the previous one.
    pub conversion: Option<f64>,
    /// Candidates whose process is finished (hired, rejected, withdrawn) who reached this stage.
    pub finished_reached: i64,
    /// Of the finished candidates who reached this stage, the share who reached the next one
    /// (0-1): the pass-through rate. Null for Hired and when no finished candidate got here.
    pub pass_through: Option<f64>,
}

/// A JD's candidates by how they entered it.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelSources {
    /// Applied on the job's public page.
    pub applied: i64,
    /// A recruiter uploaded their resume.
    pub uploaded: i64,
    /// Rows of a recruiter's CSV list.
    pub csv: i64,
}

/// What happened at the interview steps, counted as the dashboard counts it.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewFacts {
    /// Candidates sent an invite (the dashboard's "Invites Sent").
    pub invites_sent: i64,
    /// Candidates who booked a slot (the dashboard's "Meetings Scheduled").
    pub slots_booked: i64,
    /// Candidates whose AI interview was completed.
    pub interviews_completed: i64,
}

/// The counts of a funnel, one JD's or every JD's together.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelCounts {
    /// New to Hired, in order.
    pub steps: Vec<FunnelStep>,
    pub rejected: i64,
    pub withdrawn: i64,
    /// Every candidate counted.
    pub candidates: i64,
    /// Candidates whose process is finished: hired, rejected or withdrawn.
    pub finished: i64,
    /// Candidates still in the process (`candidates - finished`).
    pub in_progress: i64,
    /// How the candidates entered: the head of the funnel.
    pub sources: FunnelSources,
    pub facts: InterviewFacts,
}

/// A JD's funnel.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Funnel {
    pub job_desc_id: i64,
    pub jdid: String,
    pub jdname: String,
    #[serde(flatten)]
    pub counts: FunnelCounts,
}

/// Sums groups into steps; [`Tally::counts`] gives the funnel.
#[derive(Debug, Default)]
struct Tally {
    reached: Vec<i64>,
    skipped: Vec<i64>,
    current: Vec<i64>,
    finished_reached: Vec<i64>,
    counts: FunnelCounts,
}

impl Tally {
    fn add(&mut self, group: &Group) {
        let n = group.candidates;
        let stages = progress();
        if self.reached.is_empty() {
            for column in [
                &mut self.reached,
                &mut self.skipped,
                &mut self.current,
                &mut self.finished_reached,
            ] {
                *column = vec![0; stages.len()];
            }
        }
        let counts = &mut self.counts;
        counts.candidates += n;
        match group.source {
            Source::Applied => counts.sources.applied += n,
            Source::Uploaded => counts.sources.uploaded += n,
            Source::Csv => counts.sources.csv += n,
        }
        let fact = |holds: bool| if holds { n } else { 0 };
        counts.facts.invites_sent += fact(group.invite_sent);
        counts.facts.slots_booked += fact(group.slot_booked);
        counts.facts.interviews_completed += fact(group.interview_done);
        match group.stage {
            Stage::Rejected => counts.rejected += n,
            Stage::Withdrawn => counts.withdrawn += n,
            _ => {}
        }
        let finished = group.stage.is_finished();
        counts.finished += fact(finished);
        for (i, stage) in stages.into_iter().enumerate() {
            if group.reached(stage) {
                self.reached[i] += n;
                self.finished_reached[i] += fact(finished);
            }
            self.skipped[i] += fact(group.skipped(stage));
            self.current[i] += fact(group.stage == stage);
        }
    }

    fn counts(self) -> FunnelCounts {
        let share = |of: i64, by: i64| (by > 0).then(|| of as f64 / by as f64);
        let stages = progress();
        let at = |column: &[i64], i: usize| column.get(i).copied().unwrap_or(0);
        let steps = stages
            .iter()
            .enumerate()
            .map(|(i, stage)| FunnelStep {
                stage: *stage,
                label: stage.label().to_owned(),
                reached: at(&self.reached, i),
                skipped: at(&self.skipped, i),
                current: at(&self.current, i),
                conversion: i
                    .checked_sub(1)
                    .and_then(|p| share(at(&self.reached, i), at(&self.reached, p))),
                finished_reached: at(&self.finished_reached, i),
                pass_through: (i + 1 < stages.len())
                    .then(|| {
                        share(
                            at(&self.finished_reached, i + 1),
                            at(&self.finished_reached, i),
                        )
                    })
                    .flatten(),
            })
            .collect();
        let mut counts = self.counts;
        counts.in_progress = counts.candidates - counts.finished;
        counts.steps = steps;
        counts
    }
}

/// Every JD's funnel (in the groups' order: newest JD first).
pub fn per_job(groups: &[Group]) -> Vec<Funnel> {
    let mut jobs: BTreeMap<i64, (&Group, Tally)> = BTreeMap::new();
    for group in groups {
        jobs.entry(group.job_id)
            .or_insert_with(|| (group, Tally::default()))
            .1
            .add(group);
    }
    jobs.into_values()
        .rev()
        .map(|(first, tally)| Funnel {
            job_desc_id: first.job_id,
            jdid: first.jdid.clone(),
            jdname: first.jdname.clone(),
            counts: tally.counts(),
        })
        .collect()
}

/// The funnel of every group together.
pub fn overall(groups: &[Group]) -> FunnelCounts {
    let mut tally = Tally::default();
    for group in groups {
        tally.add(group);
    }
    if tally.reached.is_empty() {
        // No candidate: still every step, at zero, so a chart has its axis.
        tally.add(&Group {
            candidates: 0,
            ..empty_group()
        });
    }
    tally.counts()
}

fn empty_group() -> Group {
    Group {
        job_id: 0,
        jdid: String::new(),
        jdname: String::new(),
        source: Source::Uploaded,
        stage: Stage::New,
        furthest_stage: 0,
        recommendation: None,
        invite_sent: false,
        slot_booked: false,
        interview_done: false,
        candidates: 0,
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct FunnelParams {
    /// Only this JD (integer id or folder id); every JD outside the bin without it.
    #[serde(default)]
    jd_id: Option<String>,
}

/// The hiring funnel of every JD (or one): candidates per stage, the conversion between
/// stages, the steps passed without an invite or an interview, and the pass-through over
/// finished candidates.
#[utoipa::path(
    get, path = "/Pipeline/Funnel", tag = "pipeline", security(("bearer" = []), ("apiToken" = ["reports:read"])),
    params(FunnelParams),
    responses(
        (status = 200, body = Vec<Funnel>, description = "One funnel per JD with candidates, newest JD first"),
        (status = 400, body = ErrorBody, description = "A malformed JD id (`invalid_id`)"),
        (status = 404, body = ErrorBody, description = "No such JD outside the bin (`invalid_id`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn funnel(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<FunnelParams>,
) -> Result<Json<Vec<Funnel>>> {
    let job_id = match params.jd_id.as_deref().map(str::trim) {
        Some(raw) if !raw.is_empty() => Some(active_job(&state, raw).await?.id),
        _ => None,
    };
    let cohort = Cohort {
        job_id,
        ..Cohort::default()
    };
    Ok(Json(per_job(&groups(&state.db, cohort).await?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(stage: Stage, furthest: i64, candidates: i64) -> Group {
        Group {
            job_id: 1,
            jdid: "jd".into(),
            jdname: "Rust".into(),
            // Half the funnel applied, half was uploaded (by stage, to keep the test's counts).
            source: if furthest >= 4 {
                Source::Applied
            } else {
                Source::Uploaded
            },
            stage,
            furthest_stage: furthest,
            // The ones who got to an interview had it (invited, booked, completed).
            invite_sent: furthest >= 2,
            slot_booked: furthest >= 3,
            interview_done: furthest >= 4,
            candidates,
            ..empty_group()
        }
    }

    #[test]
    fn rejected_candidates_count_as_reaching_where_they_got() {
        let funnel = per_job(&[
            group(Stage::Screened, 1, 6),
            group(Stage::Interviewed, 4, 3),
            group(Stage::Rejected, 4, 1),
            group(Stage::Hired, 7, 1),
        ]);
        let counts = &funnel[0].counts;
        let steps = &counts.steps;
        assert_eq!(steps[0].reached, 11);
        assert_eq!(steps[1].reached, 11);
        assert_eq!(steps[4].reached, 5);
        assert_eq!(steps[5].reached, 1);
        assert_eq!(steps[4].current, 3);
        assert_eq!(counts.rejected, 1);
        assert_eq!(counts.sources.applied, 5);
        assert_eq!(counts.sources.uploaded, 6);
        assert_eq!(steps[0].conversion, None);
        assert_eq!(steps[5].conversion, Some(0.2));
        // Finished: the rejected one (reached Interviewed) and the hired one: 2 of 11.
        assert_eq!((counts.finished, counts.in_progress), (2, 9));
        assert_eq!(steps[4].finished_reached, 2);
        assert_eq!(steps[4].pass_through, Some(0.5), "1 of the 2 went on");
        assert_eq!(steps[7].pass_through, None);
    }

    #[test]
    fn a_move_past_the_interview_steps_reaches_them_without_an_invite() {
        // Screened straight to Shortlisted: reached Invited..Interviewed, none of it happened.
        let moved = Group {
            invite_sent: false,
            slot_booked: false,
            interview_done: false,
            ..group(Stage::Shortlisted, 5, 1)
        };
        let counts = overall(&[moved]);
        let invited = &counts.steps[2];
        assert_eq!((invited.reached, invited.skipped), (1, 1));
        assert_eq!(counts.steps[4].skipped, 1);
        assert_eq!(
            counts.steps[5].skipped, 0,
            "Shortlisted is no interview step"
        );
        assert_eq!(counts.facts.invites_sent, 0);
    }

    #[test]
    fn no_candidates_still_give_every_step() {
        let counts = overall(&[]);
        assert_eq!(counts.steps.len(), 8);
        assert!(counts.steps.iter().all(|s| s.reached == 0));
    }
}
