//! The period's other reports: how each source performs, how AI interviews go (completion and
//! no-shows) and what each recruiter did (scorecards, decisions).

use jiff::Timestamp;
use serde::Serialize;
use utoipa::ToSchema;

use super::period::Period;
use crate::candidates::status::{Recommendation, Source};
use crate::error::Result;
use crate::fetch_as;
use crate::interviews::facts::{self, one_if};
use crate::pipeline::funnel::{Cohort, Group};
use crate::pipeline::stages::Stage;
use crate::store::Db;

/// How candidates of one source did.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceRow {
    pub source: Source,
    pub candidates: i64,
    /// Candidates the ATS analysis gave a recommendation (Pass or Fail).
    pub analysed: i64,
    /// Of them, those recommended Pass.
    pub passed: i64,
    /// `passed / analysed` (0-1); null before any was analysed.
    pub pass_rate: Option<f64>,
    /// Candidates whose AI interview was completed.
    pub interviewed: i64,
    /// Candidates hired (now in Hired).
    pub hired: i64,
}

/// Every source, zeros included, from the funnel's groups.
pub fn sources(groups: &[Group]) -> Vec<SourceRow> {
    [Source::Applied, Source::Uploaded, Source::Csv]
        .into_iter()
        .map(|source| {
            let mine = || groups.iter().filter(move |g| g.source == source);
            let count = |keep: &dyn Fn(&Group) -> bool| -> i64 {
                mine().filter(|g| keep(g)).map(|g| g.candidates).sum()
            };
            let analysed = count(&|g| g.recommendation.is_some());
            let passed = count(&|g| g.recommendation == Some(Recommendation::Pass));
            SourceRow {
                source,
                candidates: count(&|_| true),
                analysed,
                passed,
                pass_rate: (analysed > 0).then(|| passed as f64 / analysed as f64),
                interviewed: count(&|g| g.interview_done),
                hired: count(&|g| g.stage == Stage::Hired),
            }
        })
        .collect()
}

/// How the AI interviews of the period's candidates went.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct InterviewRates {
    /// Candidates sent an invite.
    pub invites_sent: i64,
    /// Of them, those whose interview was completed.
    pub completed: i64,
    /// `completed / invitesSent` (0-1); null without invites.
    #[sqlx(skip)]
    pub completion_rate: Option<f64>,
    /// Booked slots whose join window has closed (not cancelled): the interviews that were due.
    pub due: i64,
    /// Of those, the ones nobody completed: the candidate did not show up (or dropped out).
    pub no_shows: i64,
    /// `noShows / due` (0-1); null when none was due.
    #[sqlx(skip)]
    pub no_show_rate: Option<f64>,
}

pub async fn interviews(db: &Db, period: &Period, now: Timestamp) -> Result<InterviewRates> {
    let cohort = period.cohort();
    let closed = facts::closed_before(now);
    // From the invites: a candidate without one counts in none of these.
    let sql = format!(
        "SELECT COALESCE(SUM({sent}), 0) AS invites_sent, COALESCE(SUM({done}), 0) AS completed,
            COALESCE(SUM({due}), 0) AS due,
            COALESCE(SUM({no_show}), 0) AS no_shows
         FROM interview_invites i JOIN candidates c ON c.id = i.candidate_id
         JOIN jobs j ON j.id = c.job_id WHERE {filter}",
        sent = one_if(facts::INVITE_SENT),
        done = one_if(facts::INTERVIEW_DONE),
        due = one_if(&facts::due("$4")),
        no_show = one_if(&facts::no_show("$4")),
        filter = Cohort::WHERE,
    );
    let mut rates: InterviewRates = fetch_as!(
        db,
        fetch_one,
        sqlx::AssertSqlSafe(sql.as_str()),
        (cohort.from, cohort.until, cohort.job_id, closed)
    )?;
    let share = |of: i64, by: i64| (by > 0).then(|| of as f64 / by as f64);
    rates.completion_rate = share(rates.completed, rates.invites_sent);
    rates.no_show_rate = share(rates.no_shows, rates.due);
    Ok(rates)
}

/// What one recruiter did in the period.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RecruiterActivity {
    pub recruiter_id: i64,
    pub name: String,
    /// Scorecards they wrote in the period.
    pub scorecards: i64,
    /// Candidates they moved between stages in the period (shortlists, offers, hires,
    /// rejections, withdrawals and undos): a person's decisions.
    pub decisions: i64,
}

/// Every recruiter with a scorecard or a decision in the period (of the JD), by name. Unlike
/// the other reports this counts what happened in the period, whoever the candidate is.
pub async fn recruiters(db: &Db, period: &Period) -> Result<Vec<RecruiterActivity>> {
    let in_jd = "($3 IS NULL OR c.job_id = $3) AND j.deleted_at IS NULL";
    let sql = format!(
        "SELECT r.id AS recruiter_id, r.full_name AS name,
            COALESCE(s.scorecards, 0) AS scorecards, COALESCE(d.decisions, 0) AS decisions
         FROM recruiters r
         LEFT JOIN (SELECT sc.recruiter_id, COUNT(*) AS scorecards
              FROM scorecards sc JOIN candidates c ON c.id = sc.candidate_id
              JOIN jobs j ON j.id = c.job_id
             WHERE sc.created_at >= $1 AND sc.created_at < $2 AND {in_jd}
             GROUP BY sc.recruiter_id) s ON s.recruiter_id = r.id
         LEFT JOIN (SELECT e.by_recruiter, COUNT(*) AS decisions
              FROM stage_entries e JOIN candidates c ON c.id = e.candidate_id
              JOIN jobs j ON j.id = c.job_id
             WHERE e.by_recruiter IS NOT NULL AND e.entered_at >= $1 AND e.entered_at < $2
               AND {in_jd}
             GROUP BY e.by_recruiter) d ON d.by_recruiter = r.id
         WHERE s.scorecards IS NOT NULL OR d.decisions IS NOT NULL
         ORDER BY LOWER(r.full_name), r.id"
    );
    Ok(fetch_as!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(sql.as_str()),
        (period.from_ms, period.until_ms, period.job_id)
    )?)
}
