//! Removing the candidates of a JD that leaves the bin for good: the jobs domain purges the JD
//! and calls this in its transaction, then deletes the stored files this returns.

use crate::error::Result;
use crate::store::Tx;
use crate::with_tx;

/// Deletes the candidates of `job_id` that have a resume file, with their earlier resumes;
/// answers every file key they held. (Rows without a file go with the JD's row.)
pub async fn delete_for_job(tx: &mut Tx, job_id: i64) -> Result<Vec<String>> {
    let mut file_keys: Vec<String> = with_tx!(tx, |conn| {
        sqlx::query_scalar(
            "DELETE FROM resume_history WHERE candidate_id IN
               (SELECT id FROM candidates WHERE job_id = $1) RETURNING file_key",
        )
        .bind(job_id)
        .fetch_all(&mut **conn)
        .await
    })?;
    let current: Vec<String> = with_tx!(tx, |conn| {
        sqlx::query_scalar(
            "DELETE FROM candidates WHERE job_id = $1 AND file_key IS NOT NULL RETURNING file_key",
        )
        .bind(job_id)
        .fetch_all(&mut **conn)
        .await
    })?;
    file_keys.extend(current);
    Ok(file_keys)
}
