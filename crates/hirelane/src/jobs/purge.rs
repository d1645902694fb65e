//! The bin purge: JDs past their 30 days in the bin go for good, with their candidates' files.

use super::repo;
use crate::candidates::files::remove_files;
use crate::error::Result;
use crate::state::AppState;

/// Runs the bin purge once: rows first, then their files; returns how many JDs were removed.
pub async fn purge_bin(state: &AppState) -> Result<usize> {
    let purged = repo::purge(&state.db, state.clock.now()).await?;
    remove_files(state, &purged.file_keys).await;
    if !purged.jobs.is_empty() {
        tracing::info!(
            count = purged.jobs.len(),
            files = purged.file_keys.len(),
            ids = ?purged.jobs,
            "purged job descriptions from the bin"
        );
    }
    Ok(purged.jobs.len())
}
