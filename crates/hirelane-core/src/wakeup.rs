//! The handle that wakes a background worker when work for it was committed. The application
//! state holds one per queue (resume analysis, the careers autopilot); the domain that owns the
//! worker waits on it, the domains that commit work wake it.

use std::sync::Arc;

use tokio::sync::Notify;

/// Wakes the workers waiting on one queue.
#[derive(Clone, Debug, Default)]
pub struct Wakeup {
    notify: Arc<Notify>,
}

impl Wakeup {
    /// Wakes every worker waiting now; one that is busy finds the work on its next pass.
    pub fn wake(&self) {
        self.notify.notify_waiters();
    }

    /// Completes at the next [`Wakeup::wake`].
    pub fn notified(&self) -> tokio::sync::futures::Notified<'_> {
        self.notify.notified()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_clone_wakes_the_waiter() {
        let wakeup = Wakeup::default();
        let notified = wakeup.notified();
        tokio::pin!(notified);
        notified.as_mut().enable();
        wakeup.clone().wake();
        notified.await;
    }
}
