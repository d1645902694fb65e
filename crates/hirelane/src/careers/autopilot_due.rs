//! Marking an applicant due for the autopilot's invite, on the transaction that stores their
//! ATS result (the state's `autopilot` wake-up then wakes the autopilot). The bottom of the
//! autopilot: it depends on nothing above the store.

use hirelane_core::clock::to_millis;
use jiff::Timestamp;

use crate::error::Result;
use crate::store::Tx;
use crate::with_tx;

/// Marks the candidate due for an automatic invite when they applied, their JD's autopilot is
/// on, their result qualifies (Pass, or at least the JD's minimum score), their candidacy has
/// not ended, they have no invite yet and did not ask for an alternative process. At most once per candidate, ever: a later rescore
/// never invites them a second time. Answers whether they became due.
pub async fn mark_if_qualified(tx: &mut Tx, candidate_id: i64, now: Timestamp) -> Result<bool> {
    let marked = with_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO autopilot_invites (candidate_id, job_id, created_at)
             SELECT c.id, c.job_id, $2 FROM candidates c
             JOIN applications a ON a.candidate_id = c.id
             JOIN job_autopilot p ON p.job_id = c.job_id
             WHERE c.id = $1 AND p.enabled AND c.analysis_status = 'done'
               AND c.stage NOT IN ('rejected', 'withdrawn')
               AND CASE WHEN p.min_score IS NULL THEN c.recommendation = 'Pass'
                        ELSE c.ats_score >= p.min_score END
               AND NOT EXISTS (SELECT 1 FROM interview_invites i WHERE i.candidate_id = c.id)
               AND NOT EXISTS (SELECT 1 FROM accommodation_requests r WHERE r.candidate_id = c.id)
             ON CONFLICT (candidate_id) DO NOTHING",
        )
        .bind(candidate_id)
        .bind(to_millis(now))
        .execute(&mut **conn)
        .await
        .map(|done| done.rows_affected())
    })?;
    Ok(marked == 1)
}
