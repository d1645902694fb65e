//! A candidate's interview: the years of experience the interviewer is told (from the ATS
//! assessment), and the outcome: when an invite is completed by a call's report, the candidate
//! gets the call and its Pass / Fail / Needs Review, in the report's transaction.

use hirelane_core::clock::to_millis;
use jiff::Timestamp;

use crate::error::Result;
use crate::store::{Db, Tx};
use crate::voice::conclusions::analysis::InterviewStatus;
use crate::{fetch_scalar, with_tx};

/// Links the call and `status` to the candidate whose invite `call_id` completed.
pub async fn link_completed_call(
    tx: &mut Tx,
    call_id: &str,
    status: InterviewStatus,
    now: Timestamp,
) -> Result<()> {
    let sql = "UPDATE candidates
        SET call_id = $1, interview_status = $2, modified_on = $3
        WHERE id IN (SELECT candidate_id FROM interview_invites
                     WHERE call_id = $1 AND state = 'completed')";
    with_tx!(tx, |conn| {
        sqlx::query(sql)
            .bind(call_id)
            .bind(status.as_str())
            .bind(to_millis(now))
            .execute(&mut **conn)
            .await
            .map(|_| ())
    })?;
    Ok(())
}

/// The years of experience the ATS found in the candidate's resume, if it was assessed.
pub async fn experience_years(db: &Db, candidate_id: i64) -> Result<Option<f64>> {
    let assessment: Option<Option<String>> = fetch_scalar!(
        db,
        fetch_optional,
        "SELECT assessment FROM candidates WHERE id = $1",
        (candidate_id)
    )?;
    Ok(assessment
        .flatten()
        .and_then(|a| serde_json::from_str::<serde_json::Value>(&a).ok())
        .and_then(|a| a["experienceYears"].as_f64()))
}
