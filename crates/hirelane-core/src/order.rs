//! A list's order kept in memory between requests: ids, newest first, for the whole list and per
//! group, labelled with the version of the data they were read at. The candidates domain keeps
//! its unfiltered lists' order here (see `candidates/list_order.rs` in the server); the
//! application state holds the cache without knowing whose order it is.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

/// Ids in order, all of them and per group, as read at `version`.
#[derive(Debug, Default)]
pub struct Order {
    pub version: i64,
    pub all: Vec<i64>,
    pub by_group: HashMap<i64, Vec<i64>>,
}

impl Order {
    /// The ids of one group, or of all groups.
    pub fn ids(&self, group: Option<i64>) -> &[i64] {
        match group {
            Some(group) => self.by_group.get(&group).map_or(&[], Vec::as_slice),
            None => &self.all,
        }
    }
}

/// The last [`Order`] read, shared by every request of one server.
#[derive(Clone, Debug, Default)]
pub struct OrderCache {
    current: Arc<Mutex<Option<Arc<Order>>>>,
    reload: Arc<tokio::sync::Mutex<()>>,
}

impl OrderCache {
    /// The kept order if it is at least `version`, else the one `load` reads. One reload at a
    /// time: whoever waited for it uses what it read.
    pub async fn current<F, Fut, E>(&self, version: i64, load: F) -> Result<Arc<Order>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Order, E>>,
    {
        if let Some(order) = self.at_least(version) {
            return Ok(order);
        }
        let _reloading = self.reload.lock().await;
        if let Some(order) = self.at_least(version) {
            return Ok(order);
        }
        let order = Arc::new(load().await?);
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = Some(order.clone());
        Ok(order)
    }

    fn at_least(&self, version: i64) -> Option<Arc<Order>> {
        self.current
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .filter(|order| order.version >= version)
            .cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(version: i64) -> Order {
        Order {
            version,
            all: vec![3, 2, 1],
            by_group: HashMap::from([(7, vec![3, 1])]),
        }
    }

    #[tokio::test]
    async fn reloads_only_when_the_data_moved_on() {
        let cache = OrderCache::default();
        let first = cache.current(1, || async { Ok::<_, ()>(order(1)) }).await;
        assert_eq!(first.map(|o| o.ids(Some(7)).to_vec()), Ok(vec![3, 1]));
        // Same version: the loader is not called (it would fail).
        let kept = cache.current(1, || async { Err(()) }).await;
        assert_eq!(kept.map(|o| o.ids(None).len()), Ok(3));
        let newer = cache.current(2, || async { Ok::<_, ()>(order(2)) }).await;
        assert_eq!(newer.map(|o| o.version), Ok(2));
        assert_eq!(
            cache
                .current(2, || async { Err(()) })
                .await
                .map(|o| o.ids(Some(9)).len()),
            Ok(0)
        );
    }
}
