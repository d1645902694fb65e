//! The analysis queue's rows: a worker claims one candidate with a lease and stores its
//! outcome only while it still holds that lease.

use hirelane_core::clock::to_millis;
use jiff::{SignedDuration, Timestamp};
use serde_json::json;

use super::status::Recommendation;
use crate::activity::log::{self as activity, Actor, EventKind, Subject};
use crate::careers::autopilot_due;
use crate::error::Result;
use crate::pipeline::stages::{self, Stage};
use crate::store::Db;
use crate::{fetch_as, with_tx};

/// A candidate claimed for analysis, with what scoring needs.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Claimed {
    pub id: i64,
    pub lease_until: i64,
    pub attempts: i64,
    pub resume_text: Option<String>,
    pub jdname: String,
    pub jddescription: String,
    pub key_skills: String,
    pub experience: String,
    pub additional_notes: String,
}

/// Claims the oldest queued candidate (or one whose analysis lease ran out, from an instance
/// that died) for `lease`. Exactly one worker of all instances gets each row.
pub async fn claim_next(db: &Db, now: Timestamp, lease: SignedDuration) -> Result<Option<Claimed>> {
    let now_ms = to_millis(now);
    let until = now_ms + lease.as_millis() as i64;
    // The IN list lets the (analysis_status, lease_until) index find the few rows in the queue;
    // an OR over the statuses alone would scan every candidate.
    let pick = "SELECT c.id FROM candidates c JOIN jobs j ON j.id = c.job_id
        WHERE c.analysis_status IN ('queued', 'analysing')
          AND (c.analysis_status = 'queued' OR c.lease_until < $2)
          AND j.deleted_at IS NULL
        ORDER BY c.id LIMIT 1";
    // PostgreSQL skips rows another transaction is claiming; SQLite serialises writers.
    let lock = match db {
        Db::Postgres(_) => " FOR UPDATE OF c SKIP LOCKED",
        Db::Sqlite(_) => "",
    };
    let sql = format!(
        "UPDATE candidates SET analysis_status = 'analysing', lease_until = $1,
            attempts = attempts + 1
         WHERE id = ({pick}{lock})
         RETURNING id, lease_until, attempts"
    );
    let claimed: Option<(i64, i64, i64)> = fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (until, now_ms)
    )?;
    let Some((id, lease_until, attempts)) = claimed else {
        return Ok(None);
    };
    Ok(fetch_as!(
        db,
        fetch_optional,
        "SELECT c.id, c.lease_until, c.attempts, c.resume_text, j.jdname, j.jddescription,
            j.key_skills, j.experience, j.additional_notes
         FROM candidates c JOIN jobs j ON j.id = c.job_id
         WHERE c.id = $1 AND c.lease_until = $2 AND c.attempts = $3",
        (id, lease_until, attempts)
    )?)
}

/// The outcome of one analysis.
#[derive(Debug, Clone)]
pub enum Outcome {
    Scored {
        ats_score: i64,
        skills_match: i64,
        recommendation: Recommendation,
        assessment: String,
        version: &'static str,
    },
    Failed(String),
}

/// Stores an analysis outcome if this worker still holds the lease; returns whether it did.
/// A score moves the candidate to Screened; both outcomes are logged on their timeline.
pub async fn finish(db: &Db, claimed: &Claimed, outcome: &Outcome, now: Timestamp) -> Result<bool> {
    let at = to_millis(now);
    let mut tx = db.begin_write().await?;
    // A resume scored before (its JD changed since) is re-scored.
    let scored_before: Option<Option<i64>> = with_tx!(&mut tx, |conn| {
        sqlx::query_scalar("SELECT ats_score FROM candidates WHERE id = $1")
            .bind(claimed.id)
            .fetch_optional(&mut **conn)
            .await
    })?;
    let done = with_tx!(&mut tx, |conn| {
        match outcome {
            Outcome::Scored {
                ats_score,
                skills_match,
                recommendation,
                assessment,
                version,
            } => {
                sqlx::query(
                    "UPDATE candidates SET analysis_status = 'done', analysis_error = NULL,
                    lease_until = NULL, ats_score = $3, skills_match = $4, recommendation = $5,
                    assessment = $6, scoring_version = $7, modified_on = $8
                 WHERE id = $1 AND lease_until = $2 AND analysis_status = 'analysing'",
                )
                .bind(claimed.id)
                .bind(claimed.lease_until)
                .bind(ats_score)
                .bind(skills_match)
                .bind(recommendation.as_str())
                .bind(assessment)
                .bind(*version)
                .bind(at)
                .execute(&mut **conn)
                .await
            }
            Outcome::Failed(reason) => {
                sqlx::query(
                    "UPDATE candidates SET analysis_status = 'failed', analysis_error = $3,
                    lease_until = NULL, modified_on = $4
                 WHERE id = $1 AND lease_until = $2 AND analysis_status = 'analysing'",
                )
                .bind(claimed.id)
                .bind(claimed.lease_until)
                .bind(reason)
                .bind(at)
                .execute(&mut **conn)
                .await
            }
        }
        .map(|done| done.rows_affected())
    })?;
    if done != 1 {
        return Ok(false);
    }
    let subject = Subject::Candidate(claimed.id);
    match outcome {
        Outcome::Scored {
            ats_score,
            recommendation,
            version,
            ..
        } => {
            let detail = json!({
                "atsScore": ats_score,
                "recommendation": recommendation.as_str(),
                "scoringVersion": version,
                "rescored": scored_before.flatten().is_some(),
            });
            activity::record(
                &mut tx,
                EventKind::Analysed,
                subject,
                &Actor::System,
                detail,
                now,
            )
            .await?;
            stages::advance(&mut tx, subject, Stage::Screened, now).await?;
            autopilot_due::mark_if_qualified(&mut tx, claimed.id, now).await?;
        }
        Outcome::Failed(reason) => {
            let detail = json!({ "reason": reason });
            let kind = EventKind::AnalysisFailed;
            activity::record(&mut tx, kind, subject, &Actor::System, detail, now).await?;
        }
    }
    tx.commit().await?;
    Ok(true)
}
