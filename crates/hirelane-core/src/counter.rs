//! A count for `/metrics` that the part doing the work keeps (the mail transport here; the
//! server's queues and voice client too) and the server's `/metrics` renders.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A monotonically increasing count shared by clones.
#[derive(Debug, Default, Clone)]
pub struct Counter(Arc<AtomicU64>);

impl Counter {
    pub fn inc(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}
