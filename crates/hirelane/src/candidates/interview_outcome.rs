//! A candidate's interview outcome: when an invite is completed by a call's report, the
//! candidate gets the call and its Pass / Fail / Needs Review, in the report's transaction.

use jiff::Timestamp;

use crate::clock::to_millis;
use crate::error::Result;
use crate::store::Tx;
use crate::voice::analysis::InterviewStatus;
use crate::with_tx;

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
