//! The people a bias audit counts: every candidate held (in the bin too: the data is still ours)
//! in the date range and JD asked for, each with what the automated steps concluded and their
//! self-identification. Nothing else about them is read.

use jiff::Timestamp;

use crate::error::Result;
use crate::fetch_as;
use crate::store::Db;
use hirelane_core::clock::to_millis;
use hirelane_core::stage::Stage;

/// Which candidates to count.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter {
    /// Applied or uploaded at or after this instant.
    pub from: Option<Timestamp>,
    /// Applied or uploaded before this instant.
    pub until: Option<Timestamp>,
    pub job_id: Option<i64>,
}

/// One candidate as the audit sees them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Subject {
    pub job_id: i64,
    /// The category set the answers were given in (`None`: never answered).
    pub category_set: Option<String>,
    pub sex: Option<String>,
    pub race: Option<String>,
    /// `Pass` or `Fail` once analysed.
    pub recommendation: Option<String>,
    pub ats_score: Option<i64>,
    pub scoring_version: Option<String>,
    /// The furthest stage rank reached (Rejected and Withdrawn keep the rank before them).
    pub furthest_stage: i64,
    /// Our grader's figure for the interview (0-100, `answer_gradings.overall`).
    pub interview_overall: Option<i64>,
}

impl Subject {
    /// The interview's grade: our grader's mean grade of the asked questions that have key
    /// points (0-100), or `None` when no interview was graded that way. The provider's scores
    /// are a second opinion and are not audited as the tool's output.
    pub fn interview_grade(&self) -> Option<f64> {
        self.interview_overall.map(|g| g as f64)
    }

    /// Whether they went on past the interview: reached Shortlisted (the kernel's one
    /// definition of reaching a stage, as the funnel and the reports count it).
    pub fn advanced_after_interview(&self) -> bool {
        Stage::Shortlisted.reached_by(self.furthest_stage)
    }
}

/// Every candidate the filter names, oldest first (the order makes the audit reproducible).
pub async fn read(db: &Db, filter: Filter) -> Result<Vec<Subject>> {
    let from = filter.from.map(to_millis);
    let until = filter.until.map(to_millis);
    Ok(fetch_as!(
        db,
        fetch_all,
        "SELECT c.job_id, s.category_set, s.sex, s.race, c.recommendation, c.ats_score,
                c.scoring_version, c.furthest_stage, g.overall AS interview_overall
           FROM candidates c
           LEFT JOIN self_identifications s ON s.candidate_id = c.id
           LEFT JOIN interview_invites i ON i.candidate_id = c.id
           LEFT JOIN answer_gradings g ON g.call_id = COALESCE(i.call_id, c.call_id)
          WHERE ($1 IS NULL OR c.created_on >= $1)
            AND ($2 IS NULL OR c.created_on < $2)
            AND ($3 IS NULL OR c.job_id = $3)
          ORDER BY c.created_on, c.id",
        (from, until, filter.job_id)
    )?)
}

/// When the first candidate this deployment scored was added (unix ms), if any was.
pub async fn first_scored(db: &Db) -> Result<Option<i64>> {
    let first: (Option<i64>,) = fetch_as!(
        db,
        fetch_one,
        "SELECT MIN(created_on) FROM candidates WHERE scoring_version IS NOT NULL"
    )?;
    Ok(first.0)
}
