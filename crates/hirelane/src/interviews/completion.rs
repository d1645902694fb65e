//! Completing an interview when one of its calls' end-of-call report is stored: the voice
//! domain stores the report and calls this in the same transaction.
//!
//! Every call of an invite is an attempt. The invite's result is its first attempt that really
//! started, whichever report arrives first: a candidate who starts a second call before ending
//! a bad first one cannot replace it. Later attempts are kept and listed. A recruiter may choose
//! another attempt (`attempts.rs`); after that, reports change nothing.

use hirelane_core::clock::to_millis;
use jiff::Timestamp;

use crate::error::Result;
use crate::store::Tx;
use crate::with_tx;

/// Completes the invite `call_id` is an attempt of, or makes `call_id` its result when it
/// started before the attempt that counts now; only calls that really started count (one that
/// never connected leaves the candidate free to join again).
pub async fn complete_by_call(tx: &mut Tx, call_id: &str, now: Timestamp) -> Result<()> {
    let sql = "UPDATE interview_invites
        SET state = 'completed', completed_at = COALESCE(completed_at, $2), call_id = $1,
            updated_at = $2
        WHERE id = (SELECT invite_id FROM voice_calls WHERE id = $1 AND started_at IS NOT NULL)
          AND counted_by IS NULL
          AND (state = 'scheduled'
               OR (state = 'completed' AND call_id <> $1 AND EXISTS (
                   SELECT 1 FROM voice_calls this, voice_calls counted
                   WHERE this.id = $1 AND counted.id = interview_invites.call_id
                     AND (counted.started_at IS NULL
                          OR this.started_at < counted.started_at
                          OR (this.started_at = counted.started_at AND this.id < counted.id)))))";
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
