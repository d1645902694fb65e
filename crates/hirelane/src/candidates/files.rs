//! Stored resume files: removing them once their rows are gone, and the signed links that open
//! them without a bearer token.

use jiff::{SignedDuration, Timestamp};

use crate::state::AppState;

/// How long a 'View Resume' link works.
const LINK_LIFETIME: SignedDuration = SignedDuration::from_mins(30);

/// Removes stored files whose rows are already gone; a failure only leaves an orphan blob.
pub async fn remove_files(state: &AppState, keys: &[String]) {
    for key in keys {
        if let Err(err) = state.files.delete(key).await {
            tracing::warn!(error = %err, key, "could not remove a stored file");
        }
    }
}

/// What a link's signature binds besides its expiry.
pub fn link_resource(file: &str) -> String {
    format!("resume-file:{file}")
}

/// A freshly signed relative URL to a resume file.
pub fn signed_file_path(state: &AppState, resume_file_id: &str, now: Timestamp) -> String {
    let expires = now.saturating_add(LINK_LIFETIME).unwrap_or(now).as_second();
    let sig = state
        .keys
        .sign_link(&link_resource(resume_file_id), expires);
    format!("/api/Drive/ResumeFile?file={resume_file_id}&expires={expires}&sig={sig}")
}
