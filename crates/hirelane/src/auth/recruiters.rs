//! Recruiter accounts: the only kind of user. Registered by an operator (`hirelane user add`),
//! never by sign-up.

use jiff::Timestamp;
use serde::Serialize;

use crate::clock::to_millis;
use crate::error::{Error, ErrorCode, Result};
use crate::store::BeginWrite;
use crate::store::{Db, is_unique_violation};
use crate::with_db;

/// A registered recruiter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct RecruiterRow {
    pub id: i64,
    pub email: String,
    pub full_name: String,
    pub created_at: i64,
}

/// Trims and lowercases an address and checks its shape; the spec's messages for the login page.
pub fn normalize_email(raw: &str) -> Result<String> {
    let email = raw.trim().to_lowercase();
    if email.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::EmailRequired,
            "Please enter your email address.",
        ));
    }
    let valid = email.len() <= 254
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && match email.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty()
                    && !domain.contains('@')
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !domain.contains("..")
            }
            None => false,
        };
    if valid {
        Ok(email)
    } else {
        Err(Error::bad_request(
            ErrorCode::InvalidEmail,
            "Please enter a valid email address.",
        ))
    }
}

/// Registers a recruiter; an address already registered is a conflict.
pub async fn add(db: &Db, email: &str, full_name: &str, now: Timestamp) -> Result<RecruiterRow> {
    let email = normalize_email(email)?;
    let full_name = full_name.trim();
    if full_name.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::NameRequired,
            "A full name is required.",
        ));
    }
    let inserted = with_db!(db, |pool| {
        sqlx::query_as(
            "INSERT INTO recruiters (email, full_name, created_at) VALUES ($1, $2, $3)
             RETURNING id, email, full_name, created_at",
        )
        .bind(&email)
        .bind(full_name)
        .bind(to_millis(now))
        .fetch_one(pool)
        .await
    });
    inserted.map_err(|e| {
        if is_unique_violation(&e) {
            Error::Conflict {
                code: ErrorCode::RecruiterExists,
                message: format!("{email} is already registered."),
            }
        } else {
            e.into()
        }
    })
}

pub async fn list(db: &Db) -> Result<Vec<RecruiterRow>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT id, email, full_name, created_at FROM recruiters ORDER BY email")
            .fetch_all(pool)
            .await
    })?)
}

/// Removes a recruiter with their codes and sessions; returns whether one existed.
pub async fn remove(db: &Db, email: &str) -> Result<bool> {
    let email = normalize_email(email)?;
    let done = with_db!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query("DELETE FROM otp_challenges WHERE email = $1")
            .bind(&email)
            .execute(&mut *tx)
            .await?;
        let done = sqlx::query("DELETE FROM recruiters WHERE email = $1")
            .bind(&email)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(done.rows_affected())
    })?;
    Ok(done == 1)
}

pub async fn find_by_email(db: &Db, email: &str) -> Result<Option<RecruiterRow>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT id, email, full_name, created_at FROM recruiters WHERE email = $1")
            .bind(email)
            .fetch_optional(pool)
            .await
    })?)
}

pub async fn find_by_id(db: &Db, id: i64) -> Result<Option<RecruiterRow>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_as("SELECT id, email, full_name, created_at FROM recruiters WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await
    })?)
}

pub async fn count(db: &Db) -> Result<i64> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM recruiters")
            .fetch_one(pool)
            .await
    })?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_and_validates_addresses() {
        assert_eq!(
            normalize_email("  Admin@Example.COM ").expect("valid"),
            "admin@example.com"
        );
        for bad in [
            "a", "a@b", "@b.io", "a@@b.io", "a b@c.io", "a@.io", "a@b..io",
        ] {
            assert!(normalize_email(bad).is_err(), "{bad} should be refused");
        }
        let err = normalize_email("   ").expect_err("blank");
        assert_eq!(err.to_string(), "Please enter your email address.");
    }
}
