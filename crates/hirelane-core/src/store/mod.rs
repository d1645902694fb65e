//! The database: one pool of either backend, chosen by the URL scheme, and its migrations.
//!
//! Queries are written once, in SQL both SQLite and PostgreSQL accept (`$1` placeholders,
//! `RETURNING`, `ON CONFLICT`, instants as unix milliseconds), and run through [`with_db!`],
//! which compiles the same code against each backend's concrete pool. Where the dialects really
//! differ (row locks, full-text search) the code matches on [`Db`] explicitly.

pub mod files;

use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};

/// Migrations embedded in the binary, one directory per backend with the same versions and
/// descriptions (`0001_auth.sql` is version 1, "auth"); append, never edit a shipped file.
/// build.rs rebuilds the crate when a file is added.
static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

/// A connection pool to the configured database.
#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the concrete pool (`&SqlitePool` or `&PgPool`).
///
/// The body is compiled once per backend, so it may use each backend's types freely as long as
/// the SQL text is valid in both dialects.
#[macro_export]
macro_rules! with_db {
    ($db:expr, |$pool:ident| $body:expr) => {
        match $db {
            $crate::store::Db::Sqlite($pool) => $body,
            $crate::store::Db::Postgres($pool) => $body,
        }
    };
}

/// sqlx under a path the statement macros below can name from any crate.
#[doc(hidden)]
pub use sqlx as __sqlx;

/// One statement that reads rows into a [`sqlx::FromRow`] type on either backend:
/// `fetch_as!(db, fetch_optional, "SELECT … WHERE id = $1 AND jdid = $2", (id, jdid))` is
/// `with_db!(db, |pool| sqlx::query_as(sql).bind(id).bind(jdid).fetch_optional(pool).await)`.
///
/// The second argument is the sqlx method that fetches (`fetch_optional`, `fetch_all`,
/// `fetch_one`); the values in the last parentheses, if any, are bound in order to `$1`, `$2`,
/// … (both dialects use those placeholders). The answer is sqlx's `Result`, so each caller
/// keeps its own error mapping.
#[macro_export]
macro_rules! fetch_as {
    ($db:expr, $fetch:ident, $sql:expr $(, ($($bind:expr),* $(,)?))? $(,)?) => {
        $crate::with_db!($db, |pool| {
            $crate::store::__sqlx::query_as($sql)$($(.bind($bind))*)?.$fetch(pool).await
        })
    };
}

/// Like [`fetch_as!`] for a single column read as a plain value (`sqlx::query_scalar`):
/// `fetch_scalar!(db, fetch_one, "SELECT COUNT(*) FROM jobs WHERE deleted_at IS NULL")`.
#[macro_export]
macro_rules! fetch_scalar {
    ($db:expr, $fetch:ident, $sql:expr $(, ($($bind:expr),* $(,)?))? $(,)?) => {
        $crate::with_db!($db, |pool| {
            $crate::store::__sqlx::query_scalar($sql)$($(.bind($bind))*)?.$fetch(pool).await
        })
    };
}

/// One statement that writes on either backend, binding the values in the last parentheses to
/// `$1`, `$2`, …: `execute!(db, "DELETE FROM jobs WHERE id = $1", (id))`. Answers how many rows
/// it changed (sqlx's `Result<u64>`).
#[macro_export]
macro_rules! execute {
    ($db:expr, $sql:expr $(, ($($bind:expr),* $(,)?))? $(,)?) => {
        $crate::with_db!($db, |pool| {
            $crate::store::__sqlx::query($sql)$($(.bind($bind))*)?
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })
    };
}

/// Starting a transaction that will write.
///
/// On SQLite a plain (deferred) transaction that reads before it writes cannot upgrade to a
/// writer once another connection has committed since its read: SQLite answers "database is
/// locked" at once instead of waiting. `BEGIN IMMEDIATE` takes the write lock up front, so
/// concurrent writers queue on the busy timeout. PostgreSQL needs nothing special.
pub trait BeginWrite {
    type Database: sqlx::Database;

    fn begin_write(
        &self,
    ) -> impl std::future::Future<
        Output = Result<sqlx::Transaction<'static, Self::Database>, sqlx::Error>,
    > + Send;
}

impl BeginWrite for SqlitePool {
    type Database = sqlx::Sqlite;

    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, sqlx::Error> {
        self.begin_with("BEGIN IMMEDIATE").await
    }
}

impl BeginWrite for PgPool {
    type Database = sqlx::Postgres;

    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Postgres>, sqlx::Error> {
        self.begin().await
    }
}

/// A write transaction on either backend, for a change that spans domains: each domain's repo
/// runs its own statements on it (see [`with_tx!`]) and the caller commits once, so no domain
/// needs another's SQL to keep their rows consistent.
#[derive(Debug)]
pub enum Tx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// Runs `$body` with `$conn` bound to the concrete transaction (`&mut Transaction<Sqlite>` or
/// `&mut Transaction<Postgres>`); statements execute on `&mut **$conn`.
#[macro_export]
macro_rules! with_tx {
    ($tx:expr, |$conn:ident| $body:expr) => {
        match $tx {
            $crate::store::Tx::Sqlite($conn) => $body,
            $crate::store::Tx::Postgres($conn) => $body,
        }
    };
}

impl Db {
    /// Starts a write transaction (`BEGIN IMMEDIATE` on SQLite, see [`BeginWrite`]).
    pub async fn begin_write(&self) -> Result<Tx, sqlx::Error> {
        Ok(match self {
            Db::Sqlite(pool) => Tx::Sqlite(pool.begin_write().await?),
            Db::Postgres(pool) => Tx::Postgres(pool.begin_write().await?),
        })
    }
}

impl Tx {
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            Tx::Sqlite(tx) => tx.commit().await,
            Tx::Postgres(tx) => tx.commit().await,
        }
    }
}

/// Why the database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error(
        "unsupported database URL scheme in '{0}': use sqlite://PATH or postgres://USER@HOST/DB"
    )]
    UnknownScheme(String),
    #[error("cannot open the database: {0}")]
    Open(#[from] sqlx::Error),
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl Db {
    /// Opens the database named by `url` (`sqlite://…` or `postgres://…`) and runs pending
    /// migrations. SQLite files are created when missing, run in WAL mode and are read through
    /// a memory map.
    pub async fn connect(url: &str, max_connections: u32) -> Result<Db, ConnectError> {
        Self::connect_with_timeout(url, max_connections, None).await
    }

    /// Like [`Db::connect`], and on PostgreSQL every statement of the pool is cancelled after
    /// `statement_timeout`. Migrations run first on a connection without the limit: a long
    /// migration, or waiting for another instance's, must not be cut off.
    pub async fn connect_with_timeout(
        url: &str,
        max_connections: u32,
        statement_timeout: Option<Duration>,
    ) -> Result<Db, ConnectError> {
        let db = Self::open_pool(url, max_connections, None).await?;
        db.migrate().await?;
        match (&db, statement_timeout) {
            (Db::Postgres(pool), Some(limit)) => {
                pool.close().await;
                Self::open_pool(url, max_connections, Some(limit)).await
            }
            _ => Ok(db),
        }
    }

    /// Opens the pool without migrating (for tools that inspect an existing database).
    pub async fn open(url: &str, max_connections: u32) -> Result<Db, ConnectError> {
        Self::open_pool(url, max_connections, None).await
    }

    async fn open_pool(
        url: &str,
        max_connections: u32,
        statement_timeout: Option<Duration>,
    ) -> Result<Db, ConnectError> {
        let scheme = url.split_once(':').map(|(s, _)| s).unwrap_or_default();
        match scheme {
            "sqlite" => {
                let options = SqliteConnectOptions::from_str(url)?
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .busy_timeout(Duration::from_secs(10))
                    .foreign_keys(true)
                    // Reads map the file instead of copying every page out of the OS cache
                    // with a system call into each connection's small page cache: lists and
                    // search read thousands of pages (bench/lists.py, docs/benchmarks.md).
                    .pragma("mmap_size", "268435456"); // 256 MiB
                let pool = SqlitePoolOptions::new()
                    .max_connections(max_connections)
                    .connect_with(options)
                    .await?;
                Ok(Db::Sqlite(pool))
            }
            "postgres" | "postgresql" => {
                let mut options = PgConnectOptions::from_str(url)?;
                if let Some(limit) = statement_timeout {
                    options = options
                        .options([("statement_timeout", format!("{}ms", limit.as_millis()))]);
                }
                let pool = PgPoolOptions::new()
                    .max_connections(max_connections)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_with(options)
                    .await?;
                Ok(Db::Postgres(pool))
            }
            _ => Err(ConnectError::UnknownScheme(redact_url(url))),
        }
    }

    /// Applies pending migrations. On PostgreSQL the migrator holds an advisory lock, so several
    /// instances starting together migrate once.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        match self {
            Db::Sqlite(pool) => SQLITE_MIGRATIONS.run(pool).await,
            Db::Postgres(pool) => POSTGRES_MIGRATIONS.run(pool).await,
        }
    }

    /// A cheap round trip, for health checks.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        with_db!(self, |pool| sqlx::query("SELECT 1")
            .execute(pool)
            .await
            .map(drop))
    }

    /// The backend's name, for logs.
    pub fn backend(&self) -> &'static str {
        match self {
            Db::Sqlite(_) => "sqlite",
            Db::Postgres(_) => "postgres",
        }
    }

    /// Closes every connection (SQLite checkpoints its WAL on the last close).
    pub async fn close(&self) {
        with_db!(self, |pool| pool.close().await)
    }
}

/// Hides the password of a database URL before it reaches a log or an error message.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let credentials = &url[scheme_end + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => {
                    format!("{}{user}:***{}", &url[..scheme_end + 3], &url[at..])
                }
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

/// Whether an error is a unique-constraint violation (the same check on both backends).
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.is_unique_violation())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_passwords_only() {
        assert_eq!(
            redact_url("postgres://app:s3cret@db:5432/hirelane"),
            "postgres://app:***@db:5432/hirelane"
        );
        assert_eq!(
            redact_url("postgres://app@db/hirelane"),
            "postgres://app@db/hirelane"
        );
        assert_eq!(
            redact_url("sqlite://data/hirelane.db"),
            "sqlite://data/hirelane.db"
        );
    }

    #[test]
    fn migrations_live_in_this_crate_only() {
        // They were the server crate's until the store moved here; a file added to that old
        // folder (a branch from before the move) would never run, so it must not exist.
        let old = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../hirelane/migrations");
        assert!(
            !old.exists(),
            "{} exists: new migrations go in crates/hirelane-core/migrations/{{sqlite,postgres}}",
            old.display()
        );
    }

    #[tokio::test]
    async fn refuses_unknown_schemes() {
        let err = Db::open("mysql://root:pw@localhost/x", 1)
            .await
            .expect_err("mysql is not supported");
        assert!(err.to_string().contains("mysql://root:***@localhost/x"));
    }
}
