//! Completing an interview when its call's end-of-call report is stored: the voice domain
//! stores the report and calls this in the same transaction.

use jiff::Timestamp;

use crate::clock::to_millis;
use crate::error::Result;
use crate::store::Tx;
use crate::with_tx;

/// Completes the invite waiting on `call_id`, but only if the call really started (a call that
/// never connected leaves the candidate free to join again).
pub async fn complete_by_call(tx: &mut Tx, call_id: &str, now: Timestamp) -> Result<()> {
    let sql = "UPDATE interview_invites
        SET state = 'completed', completed_at = $2, updated_at = $2
        WHERE call_id = $1 AND state = 'scheduled'
          AND EXISTS (SELECT 1 FROM voice_calls v WHERE v.id = $1 AND v.started_at IS NOT NULL)";
    with_tx!(tx, |conn| {
        sqlx::query(sql)
            .bind(call_id)
            .bind(to_millis(now))
            .execute(&mut **conn)
            .await
            .map(|_| ())
    })?;
    Ok(())
}
