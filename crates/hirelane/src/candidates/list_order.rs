//! The unfiltered candidate lists' order kept in memory, so their pages need no OFFSET walk.
//!
//! Page N of a list ordered newest first skips (N-1)·size rows, and both databases find the
//! first row of the page by walking every row before it: page 2,500 of 50,000 candidates cost
//! several milliseconds on SQLite and a sort of the whole table on PostgreSQL, for every
//! request. The order of the unfiltered lists (all candidates, and each JD's) only changes when
//! a candidate is added or removed or a JD enters or leaves the bin, so each server keeps it in
//! memory as ids, and a page is the few rows fetched by primary key. Triggers bump
//! `list_order.version` on each such change, in the writer's transaction (migration 0007), so
//! every instance sharing the database sees that its copy is stale and reloads it, one reload
//! at a time. Filtered lists and the other sorts go to the database as before.

use std::collections::HashMap;
use std::sync::Arc;

use hirelane_core::order::{Order, OrderCache};

use super::list_query::{self, ListQuery, Sort};
use super::repo::{self, CandidateRow};
use crate::error::Result;
use crate::store::Db;
use crate::{fetch_as, fetch_scalar};

/// A page (`(number from 1, size)`) of a candidate list and how many match in all, as
/// [`list_query::list`] answers.
pub async fn list(
    lists: &OrderCache,
    db: &Db,
    query: &ListQuery,
    (page, size): (i64, i64),
) -> Result<(Vec<CandidateRow>, i64)> {
    if !unfiltered(query) {
        return list_query::list(db, query, (page, size)).await;
    }
    let order = current(lists, db).await?;
    let ids = order.ids(query.job_id);
    let skip = usize::try_from((page - 1).max(0).saturating_mul(size)).unwrap_or(usize::MAX);
    let take = usize::try_from(size).unwrap_or(0);
    let wanted: Vec<i64> = if query.sort == Sort::Oldest {
        ids.iter().rev().skip(skip).take(take).copied().collect()
    } else {
        ids.iter().skip(skip).take(take).copied().collect()
    };
    let mut rows: HashMap<i64, CandidateRow> = repo::find_many(db, &wanted)
        .await?
        .into_iter()
        .map(|row| (row.id, row))
        .collect();
    let page = wanted.iter().filter_map(|id| rows.remove(id)).collect();
    Ok((page, ids.len() as i64))
}

/// The ids of a whole list in its order, for writing it out a chunk at a time.
pub async fn ids(lists: &OrderCache, db: &Db, query: &ListQuery) -> Result<Vec<i64>> {
    if !unfiltered(query) {
        return list_query::list_ids(db, query).await;
    }
    let order = current(lists, db).await?;
    let ids = order.ids(query.job_id);
    Ok(if query.sort == Sort::Oldest {
        ids.iter().rev().copied().collect()
    } else {
        ids.to_vec()
    })
}

/// Whether the list is one whose order is kept here: a JD's or every JD's candidates with no
/// other filter, newest or oldest first (score and name orders change with every analysis
/// and edit).
fn unfiltered(query: &ListQuery) -> bool {
    !query.narrows() && matches!(query.sort, Sort::Newest | Sort::Oldest)
}

/// The kept order if the database has not changed it since, else a fresh one.
async fn current(lists: &OrderCache, db: &Db) -> Result<Arc<Order>> {
    lists.current(version(db).await?, || load(db)).await
}

async fn version(db: &Db) -> Result<i64> {
    Ok(fetch_scalar!(
        db,
        fetch_one,
        "SELECT version FROM list_order WHERE id = 1"
    )?)
}

async fn load(db: &Db) -> Result<Order> {
    // The version first: a change committed while the rows are read leaves this copy labelled
    // older than it is, so the next request reloads it; never the other way round.
    let version = version(db).await?;
    let rows: Vec<(i64, i64)> = fetch_as!(
        db,
        fetch_all,
        "SELECT c.id, c.job_id FROM candidates c JOIN jobs j ON j.id = c.job_id
         WHERE j.deleted_at IS NULL ORDER BY c.created_on DESC, c.id DESC"
    )?;
    let mut by_group: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut all = Vec::with_capacity(rows.len());
    for (id, job) in rows {
        all.push(id);
        by_group.entry(job).or_default().push(id);
    }
    Ok(Order {
        version,
        all,
        by_group,
    })
}
