//! The subscribed endpoints: their URL, event types, secret and state (active, or paused after
//! failing for too long).

use hirelane_core::clock::to_millis;
use hirelane_core::stored_text;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

use crate::error::Result;
use crate::store::Db;
use crate::{execute, fetch_as};

/// Whether deliveries go out.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    VariantArray,
)]
#[serde(rename_all = "camelCase")]
#[strum(serialize_all = "camelCase")]
pub enum EndpointState {
    Active,
    /// Failed too often for too long: its deliveries wait until an admin resumes it.
    Paused,
}

stored_text!(EndpointState);

// The secret is read only where deliveries are signed (`deliveries::claim`).
const COLUMNS: &str = "id, url, events, include_personal, state, consecutive_failures, created_at";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EndpointRow {
    pub id: i64,
    pub url: String,
    /// The event types between commas (see [`events_column`]).
    pub events: String,
    pub include_personal: bool,
    #[sqlx(try_from = "String")]
    pub state: EndpointState,
    pub consecutive_failures: i64,
    pub created_at: i64,
}

impl EndpointRow {
    pub fn event_types(&self) -> Vec<String> {
        self.events
            .split(',')
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

/// How the event types are stored: each between commas, so `LIKE '%,type,%'` finds them.
pub fn events_column(types: &[String]) -> String {
    format!(",{},", types.join(","))
}

/// A new endpoint, already checked.
pub struct NewEndpoint<'a> {
    pub url: &'a str,
    pub events: &'a [String],
    pub include_personal: bool,
    pub secret: &'a str,
    pub created_by: i64,
}

pub async fn add(db: &Db, new: &NewEndpoint<'_>, now: Timestamp) -> Result<EndpointRow> {
    Ok(fetch_as!(
        db,
        fetch_one,
        sqlx::AssertSqlSafe(format!(
            "INSERT INTO webhook_endpoints (url, events, include_personal, secret, created_at,
                created_by)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING {COLUMNS}"
        )),
        (
            new.url,
            events_column(new.events),
            new.include_personal,
            new.secret,
            to_millis(now),
            new.created_by
        )
    )?)
}

pub async fn list(db: &Db) -> Result<Vec<EndpointRow>> {
    Ok(fetch_as!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM webhook_endpoints ORDER BY id"
        ))
    )?)
}

pub async fn find(db: &Db, id: i64) -> Result<Option<EndpointRow>> {
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM webhook_endpoints WHERE id = $1"
        )),
        (id)
    )?)
}

/// Replaces the signing key; whether the endpoint exists.
pub async fn set_secret(db: &Db, id: i64, secret: &str) -> Result<bool> {
    Ok(execute!(
        db,
        "UPDATE webhook_endpoints SET secret = $2 WHERE id = $1",
        (id, secret)
    )? == 1)
}

/// Makes a paused endpoint deliver again, its failure count from zero; whether it exists.
pub async fn resume(db: &Db, id: i64) -> Result<bool> {
    Ok(execute!(
        db,
        "UPDATE webhook_endpoints SET state = 'active', consecutive_failures = 0,
            failing_since = NULL
         WHERE id = $1",
        (id)
    )? == 1)
}

/// Removes an endpoint with its deliveries; whether it existed.
pub async fn remove(db: &Db, id: i64) -> Result<bool> {
    // Deleted explicitly: SQLite enforces the cascade only with foreign keys switched on.
    execute!(
        db,
        "DELETE FROM webhook_outbox WHERE endpoint_id = $1",
        (id)
    )?;
    Ok(execute!(db, "DELETE FROM webhook_endpoints WHERE id = $1", (id))? == 1)
}

/// A delivery to the endpoint succeeded: it is no longer failing.
pub async fn succeeded(db: &Db, id: i64) -> Result<()> {
    execute!(
        db,
        "UPDATE webhook_endpoints SET consecutive_failures = 0, failing_since = NULL
         WHERE id = $1 AND consecutive_failures > 0",
        (id)
    )?;
    Ok(())
}

/// A delivery to the endpoint failed. Returns true when this failure paused it: `limit`
/// failures in a row, the first at least `period` ago (one instance wins the pause, so the
/// admins are told once).
pub async fn failed(
    db: &Db,
    id: i64,
    now: Timestamp,
    limit: u32,
    period: jiff::SignedDuration,
) -> Result<bool> {
    let at = to_millis(now);
    execute!(
        db,
        "UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1,
            failing_since = COALESCE(failing_since, $2)
         WHERE id = $1",
        (id, at)
    )?;
    let since = at - period.as_millis() as i64;
    Ok(execute!(
        db,
        "UPDATE webhook_endpoints SET state = 'paused'
         WHERE id = $1 AND state = 'active' AND consecutive_failures >= $2
           AND failing_since <= $3",
        (id, i64::from(limit), since)
    )? == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_read_back_as_written() {
        assert_eq!(
            hirelane_core::stored::check_round_trip::<EndpointState>(),
            Ok(())
        );
    }

    #[test]
    fn event_types_round_trip_through_their_column() {
        let types = vec!["candidate.invited".to_owned(), "job.published".to_owned()];
        let column = events_column(&types);
        assert_eq!(column, ",candidate.invited,job.published,");
        let row = EndpointRow {
            id: 1,
            url: String::new(),
            events: column,
            include_personal: false,
            state: EndpointState::Active,
            consecutive_failures: 0,
            created_at: 0,
        };
        assert_eq!(row.event_types(), types);
    }
}
