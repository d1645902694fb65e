//! The handle that wakes the analysis workers, and their counters for `/metrics`. It lives in
//! the application state, so it depends on nothing above it.

use std::sync::Arc;

use tokio::sync::Notify;

use crate::metrics::Counter;

/// Wakes the workers when new work is committed.
#[derive(Clone, Debug, Default)]
pub struct AnalysisQueue {
    notify: Arc<Notify>,
    /// This instance's finished analyses, for `/metrics`.
    pub done: Counter,
    pub failed: Counter,
    /// Results thrown away because another worker took the lease over meanwhile.
    pub dropped: Counter,
}

impl AnalysisQueue {
    pub fn wake(&self) {
        self.notify.notify_waiters();
    }

    /// Completes at the next [`AnalysisQueue::wake`].
    pub fn notified(&self) -> tokio::sync::futures::Notified<'_> {
        self.notify.notified()
    }
}
