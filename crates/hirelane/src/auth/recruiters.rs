//! Recruiter accounts: the only kind of user. Registered by an operator (`hirelane user add`)
//! or by an admin from the Team page, never by sign-up. Two roles: admins manage the team,
//! templates and settings; recruiters do everything else. The first recruiter is admin, and the
//! last admin can be neither removed nor demoted.

use hirelane_core::clock::to_millis;
use hirelane_core::stored_text;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

use crate::error::{Error, ErrorCode, Result};
use crate::store::{Db, Tx, is_unique_violation};
use crate::{execute, fetch_as, fetch_scalar};

/// What a recruiter may do.
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
pub enum Role {
    Admin,
    Recruiter,
}

stored_text!(Role);

const COLUMNS: &str = "id, email, full_name, created_at, role, can_view_reports";

/// The last admin cannot be removed or demoted: someone must be able to manage the team.
fn last_admin() -> Error {
    Error::Conflict {
        code: ErrorCode::LastAdmin,
        message: "The team needs at least one admin: make someone else admin first.".to_owned(),
    }
}

/// A registered recruiter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct RecruiterRow {
    pub id: i64,
    pub email: String,
    pub full_name: String,
    pub created_at: i64,
    #[sqlx(try_from = "String")]
    pub role: Role,
    /// Given by an admin: may open the bias audit (admins always may).
    pub can_view_reports: bool,
}

impl RecruiterRow {
    /// Whether they may read the aggregate fairness reports.
    pub fn sees_reports(&self) -> bool {
        self.role == Role::Admin || self.can_view_reports
    }
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

/// Registers a recruiter with `role` (the first recruiter, or the first while no admin exists,
/// is admin whatever was asked); an address already registered is a conflict.
pub async fn add(
    db: &Db,
    email: &str,
    full_name: &str,
    role: Role,
    now: Timestamp,
) -> Result<RecruiterRow> {
    let email = normalize_email(email)?;
    let full_name = full_name.trim();
    if full_name.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::NameRequired,
            "A full name is required.",
        ));
    }
    let inserted = fetch_as!(
        db,
        fetch_one,
        sqlx::AssertSqlSafe(format!(
            "INSERT INTO recruiters (email, full_name, created_at, role)
             SELECT $1, $2, $3, CASE WHEN EXISTS (SELECT 1 FROM recruiters WHERE role = 'admin')
                                     THEN $4 ELSE 'admin' END
             RETURNING {COLUMNS}"
        )),
        (&email, full_name, to_millis(now), role.as_str())
    );
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
    Ok(fetch_as!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM recruiters ORDER BY email"))
    )?)
}

/// Removes a recruiter with their codes and sessions (their access tokens stop at once: the
/// guard finds no recruiter); returns whether one existed. The last admin stays.
pub async fn remove(db: &Db, email: &str) -> Result<bool> {
    let email = normalize_email(email)?;
    let Some(row) = find_by_email(db, &email).await? else {
        return Ok(false);
    };
    remove_by_id(db, row.id).await
}

/// [`remove`] by id.
pub async fn remove_by_id(db: &Db, id: i64) -> Result<bool> {
    let mut tx = db.begin_write().await?;
    let Some(locked) = lock_admins(db, &mut tx, id).await? else {
        return Ok(false);
    };
    if locked.last_admin {
        return Err(last_admin());
    }
    crate::with_tx!(&mut tx, |conn| {
        sqlx::query("DELETE FROM otp_challenges WHERE email = $1")
            .bind(&locked.row.email)
            .execute(&mut **conn)
            .await?;
        sqlx::query("DELETE FROM recruiters WHERE id = $1")
            .bind(id)
            .execute(&mut **conn)
            .await
            .map(drop)
    })?;
    tx.commit().await?;
    Ok(true)
}

/// Gives recruiter `id` the role; answers the updated row, or `None` when there is no such
/// recruiter. Demoting the last admin is refused.
pub async fn set_role(db: &Db, id: i64, role: Role) -> Result<Option<RecruiterRow>> {
    let mut tx = db.begin_write().await?;
    let Some(locked) = lock_admins(db, &mut tx, id).await? else {
        return Ok(None);
    };
    if locked.last_admin && role != Role::Admin {
        return Err(last_admin());
    }
    crate::with_tx!(&mut tx, |conn| {
        sqlx::query("UPDATE recruiters SET role = $2 WHERE id = $1")
            .bind(id)
            .bind(role.as_str())
            .execute(&mut **conn)
            .await
            .map(drop)
    })?;
    tx.commit().await?;
    find_by_id(db, id).await
}

/// Gives or takes away the reports permission; `None` when there is no such recruiter.
pub async fn set_reports(db: &Db, id: i64, allowed: bool) -> Result<Option<RecruiterRow>> {
    let changed = execute!(
        db,
        "UPDATE recruiters SET can_view_reports = $2 WHERE id = $1",
        (id, allowed)
    )?;
    if changed == 0 {
        return Ok(None);
    }
    find_by_id(db, id).await
}

/// A recruiter read for a change of their role or removal, with the admins locked.
struct Locked {
    row: RecruiterRow,
    /// Whether they are the only admin.
    last_admin: bool,
}

/// Reads recruiter `id` inside `tx` after locking every admin's row. A COUNT inside the
/// changing statement is not enough: under read committed two admins demoting each other both
/// count two admins. With the rows locked (in id order, so two such changes never deadlock) the
/// second change waits for the first and then reads the admins it left. SQLite's write
/// transaction (`BEGIN IMMEDIATE`) already runs such changes one at a time.
async fn lock_admins(db: &Db, tx: &mut Tx, id: i64) -> Result<Option<Locked>> {
    let lock = match db {
        Db::Postgres(_) => "SELECT id FROM recruiters WHERE role = 'admin' ORDER BY id FOR UPDATE",
        Db::Sqlite(_) => "SELECT id FROM recruiters WHERE role = 'admin' ORDER BY id",
    };
    let admins: Vec<i64> = crate::with_tx!(&mut *tx, |conn| {
        sqlx::query_scalar(lock).fetch_all(&mut **conn).await
    })?;
    let row: Option<RecruiterRow> = crate::with_tx!(&mut *tx, |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM recruiters WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&mut **conn)
        .await
    })?;
    Ok(row.map(|row| Locked {
        last_admin: admins == [row.id],
        row,
    }))
}

pub async fn find_by_email(db: &Db, email: &str) -> Result<Option<RecruiterRow>> {
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM recruiters WHERE email = $1")),
        (email)
    )?)
}

pub async fn find_by_id(db: &Db, id: i64) -> Result<Option<RecruiterRow>> {
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM recruiters WHERE id = $1")),
        (id)
    )?)
}

pub async fn count(db: &Db) -> Result<i64> {
    Ok(fetch_scalar!(
        db,
        fetch_one,
        "SELECT COUNT(*) FROM recruiters"
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_read_back_and_unknown_text_is_refused() {
        assert_eq!(hirelane_core::stored::check_round_trip::<Role>(), Ok(()));
        for role in Role::VARIANTS {
            assert_eq!(serde_json::to_value(role).expect("json"), role.as_str());
        }
    }

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
