//! The process's one sentence-embedding model (crates/embed, installed by `scripts/models.sh`),
//! shared by the interview grader and the resume scorer: loading it takes about half a second
//! and 25 MB, so it is loaded once, on first use, whichever of them asks first.

use std::sync::{Arc, OnceLock};

/// The installed model, or `None` (logged once) when it is missing or unusable: the grader and
/// the scorer then work lexically, and every grade's and score's version says so.
pub fn embedder() -> Option<Arc<embed::Embedder>> {
    static EMBEDDER: OnceLock<Option<Arc<embed::Embedder>>> = OnceLock::new();
    EMBEDDER
        .get_or_init(|| match embed::Embedder::locate() {
            Ok(embedder) => {
                tracing::info!(model = embedder.version(), "embedding model loaded");
                Some(Arc::new(embedder))
            }
            Err(e) => {
                tracing::warn!(error = %e, "no embedding model (run scripts/models.sh): interview answers are graded by word overlap and resumes scored lexically");
                None
            }
        })
        .clone()
}
