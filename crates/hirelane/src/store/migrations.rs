//! Migrations embedded in the binary, one set per backend with the same versions.
//!
//! Built by hand rather than with `sqlx::migrate!` so the build does not need sqlx's macro crate,
//! which compiles the whole database stack a second time.

use std::borrow::Cow;

use sqlx::SqlStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

/// `(version, description, SQLite text, PostgreSQL text)`; append, never edit a shipped entry.
const MIGRATIONS: &[(i64, &str, &str, &str)] = &[
    (
        1,
        "auth",
        include_str!("../../migrations/sqlite/0001_auth.sql"),
        include_str!("../../migrations/postgres/0001_auth.sql"),
    ),
    (
        2,
        "jobs",
        include_str!("../../migrations/sqlite/0002_jobs.sql"),
        include_str!("../../migrations/postgres/0002_jobs.sql"),
    ),
    (
        3,
        "candidates",
        include_str!("../../migrations/sqlite/0003_candidates.sql"),
        include_str!("../../migrations/postgres/0003_candidates.sql"),
    ),
    (
        4,
        "voice",
        include_str!("../../migrations/sqlite/0004_voice.sql"),
        include_str!("../../migrations/postgres/0004_voice.sql"),
    ),
    (
        5,
        "search",
        include_str!("../../migrations/sqlite/0005_search.sql"),
        include_str!("../../migrations/postgres/0005_search.sql"),
    ),
    (
        6,
        "interviews",
        include_str!("../../migrations/sqlite/0006_interviews.sql"),
        include_str!("../../migrations/postgres/0006_interviews.sql"),
    ),
    (
        7,
        "lists",
        include_str!("../../migrations/sqlite/0007_lists.sql"),
        include_str!("../../migrations/postgres/0007_lists.sql"),
    ),
    (
        8,
        "substring",
        include_str!("../../migrations/sqlite/0008_substring.sql"),
        include_str!("../../migrations/postgres/0008_substring.sql"),
    ),
];

fn migrator(pick: fn(&(i64, &str, &'static str, &'static str)) -> &'static str) -> Migrator {
    let migrations = MIGRATIONS
        .iter()
        .map(|entry| {
            Migration::new(
                entry.0,
                Cow::Borrowed(entry.1),
                MigrationType::Simple,
                SqlStr::from_static(pick(entry)),
                false,
            )
        })
        .collect::<Vec<_>>();
    Migrator {
        migrations: Cow::Owned(migrations),
        ..Migrator::DEFAULT
    }
}

pub(super) fn sqlite() -> Migrator {
    migrator(|entry| entry.2)
}

pub(super) fn postgres() -> Migrator {
    migrator(|entry| entry.3)
}
