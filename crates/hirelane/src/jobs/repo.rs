//! Job-description rows: create, read, update, move to the bin, restore, purge.

use hirelane_core::clock::to_millis;
use jiff::{SignedDuration, Timestamp};

use super::rules::ValidJob;
use super::sanitize::plain_text;
use crate::error::Result;
use crate::store::{Db, Tx};
use crate::{execute, fetch_as, fetch_scalar, with_tx};

/// How long a deleted JD waits in the bin before it is removed for good.
pub const BIN_RETENTION: SignedDuration = SignedDuration::from_hours(30 * 24);

/// A stored job description.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct JobRow {
    pub id: i64,
    pub jdid: String,
    pub jdname: String,
    pub jddescription: String,
    pub key_skills: String,
    pub experience: String,
    pub additional_notes: String,
    pub apply_last_date: Option<String>,
    pub resume_required: bool,
    pub created_on: i64,
    pub deleted_at: Option<i64>,
    pub delete_reason: Option<String>,
    pub deleted_by_name: Option<String>,
    /// Candidates of the JD, and how many of them are analysed.
    pub number_of_resumes: i64,
    pub resumes_analyzed: i64,
}

/// How the API names a JD: its integer id or its folder's opaque id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobKey {
    Id(i64),
    Folder(String),
}

impl JobKey {
    /// Digits name the integer id; anything else the folder. Blank names nothing.
    pub fn parse(raw: &str) -> Option<JobKey> {
        let raw = raw.trim();
        if raw.is_empty() || raw.len() > 64 {
            None
        } else if raw.bytes().all(|b| b.is_ascii_digit()) {
            raw.parse().ok().map(JobKey::Id)
        } else {
            Some(JobKey::Folder(raw.to_owned()))
        }
    }
}

const SELECT: &str = "SELECT j.id, j.jdid, j.jdname, j.jddescription, j.key_skills, j.experience,
        j.additional_notes, j.apply_last_date, j.resume_required, j.created_on, j.deleted_at,
        j.delete_reason, r.full_name AS deleted_by_name,
        (SELECT COUNT(*) FROM candidates c WHERE c.job_id = j.id) AS number_of_resumes,
        (SELECT COUNT(*) FROM candidates c
          WHERE c.job_id = j.id AND c.analysis_status = 'done') AS resumes_analyzed
    FROM jobs j LEFT JOIN recruiters r ON r.id = j.deleted_by";

pub async fn insert(
    db: &Db,
    jdid: &str,
    job: &ValidJob,
    resume_required: bool,
    created_by: i64,
    now: Timestamp,
) -> Result<i64> {
    let now = to_millis(now);
    Ok(fetch_scalar!(
        db,
        fetch_one,
        "INSERT INTO jobs (jdid, jdname, jddescription, key_skills, experience,
            additional_notes, apply_last_date, resume_required, created_on, modified_on,
            created_by, description_text)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11) RETURNING id",
        (
            jdid,
            &job.jdname,
            &job.jddescription,
            &job.key_skills,
            &job.experience,
            &job.additional_notes,
            job.apply_last_date.map(|d| d.to_string()),
            resume_required,
            now,
            created_by,
            plain_text(&job.jddescription)
        )
    )?)
}

/// JDs matching a fixed `WHERE … ORDER BY …` tail (no parameters).
async fn select(db: &Db, tail: &str) -> Result<Vec<JobRow>> {
    let sql = format!("{SELECT} {tail}");
    Ok(fetch_as!(db, fetch_all, sqlx::AssertSqlSafe(sql.as_str()))?)
}

/// JDs not in the bin, newest first.
pub async fn list_active(db: &Db) -> Result<Vec<JobRow>> {
    select(
        db,
        "WHERE j.deleted_at IS NULL ORDER BY j.created_on DESC, j.id DESC",
    )
    .await
}

/// JDs in the bin, most recently deleted first.
pub async fn list_deleted(db: &Db) -> Result<Vec<JobRow>> {
    select(
        db,
        "WHERE j.deleted_at IS NOT NULL ORDER BY j.deleted_at DESC",
    )
    .await
}

/// A JD by either id, in the bin or not.
pub async fn find(db: &Db, key: &JobKey) -> Result<Option<JobRow>> {
    let (id, folder) = match key {
        JobKey::Id(id) => (*id, ""),
        JobKey::Folder(folder) => (-1, folder.as_str()),
    };
    let sql = format!("{SELECT} WHERE j.id = $1 OR j.jdid = $2");
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (id, folder)
    )?)
}

/// The integer id of a JD outside the bin, by either id: for callers that need nothing else
/// (a [`JobRow`] counts the JD's candidates).
pub async fn find_active_id(db: &Db, key: &JobKey) -> Result<Option<i64>> {
    let (id, folder) = match key {
        JobKey::Id(id) => (*id, ""),
        JobKey::Folder(folder) => (-1, folder.as_str()),
    };
    Ok(fetch_scalar!(
        db,
        fetch_optional,
        "SELECT id FROM jobs WHERE (id = $1 OR jdid = $2) AND deleted_at IS NULL",
        (id, folder)
    )?)
}

/// What search results show of a JD.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct JobTitle {
    pub id: i64,
    pub jdid: String,
    pub jdname: String,
    pub key_skills: String,
}

/// Titles of JDs outside the bin by id, in no particular order: without the candidate counts
/// of a [`JobRow`], which would count every candidate of every JD found.
pub async fn find_titles(db: &Db, ids: &[i64]) -> Result<Vec<JobTitle>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The ids travel as one parameter, so the statement is prepared once per connection.
    Ok(match db {
        Db::Sqlite(pool) => {
            let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            sqlx::query_as(
                "SELECT id, jdid, jdname, key_skills FROM jobs
                 WHERE id IN (SELECT value FROM json_each($1)) AND deleted_at IS NULL",
            )
            .bind(format!("[{list}]"))
            .fetch_all(pool)
            .await?
        }
        Db::Postgres(pool) => {
            sqlx::query_as(
                "SELECT id, jdid, jdname, key_skills FROM jobs
                 WHERE id = ANY($1) AND deleted_at IS NULL",
            )
            .bind(ids)
            .fetch_all(pool)
            .await?
        }
    })
}

/// Updates a JD outside the bin. A missing application last date keeps the stored one (the
/// edit form does not prefill it). Returns whether a row changed.
pub async fn update(db: &Db, id: i64, job: &ValidJob, now: Timestamp) -> Result<bool> {
    let changed = execute!(
        db,
        "UPDATE jobs SET jdname = $2, jddescription = $3, key_skills = $4, experience = $5,
            additional_notes = $6, apply_last_date = COALESCE($7, apply_last_date),
            modified_on = $8, description_text = $9
         WHERE id = $1 AND deleted_at IS NULL",
        (
            id,
            &job.jdname,
            &job.jddescription,
            &job.key_skills,
            &job.experience,
            &job.additional_notes,
            job.apply_last_date.map(|d| d.to_string()),
            to_millis(now),
            plain_text(&job.jddescription)
        )
    )?;
    Ok(changed == 1)
}

/// Moves a JD to the bin with who, when and why. Returns whether it was outside the bin.
pub async fn move_to_bin(
    tx: &mut Tx,
    id: i64,
    deleted_by: i64,
    reason: &str,
    now: Timestamp,
) -> Result<bool> {
    let moved = with_tx!(tx, |conn| {
        sqlx::query(
            "UPDATE jobs SET deleted_at = $2, deleted_by = $3, delete_reason = $4
             WHERE id = $1 AND deleted_at IS NULL",
        )
        .bind(id)
        .bind(to_millis(now))
        .bind(deleted_by)
        .bind(reason)
        .execute(&mut **conn)
        .await
        .map(|done| done.rows_affected())
    })?;
    Ok(moved == 1)
}

/// Takes a JD out of the bin. Returns whether it was in the bin.
pub async fn restore(tx: &mut Tx, id: i64) -> Result<bool> {
    let restored = with_tx!(tx, |conn| {
        sqlx::query(
            "UPDATE jobs SET deleted_at = NULL, deleted_by = NULL, delete_reason = NULL
             WHERE id = $1 AND deleted_at IS NOT NULL",
        )
        .bind(id)
        .execute(&mut **conn)
        .await
        .map(|done| done.rows_affected())
    })?;
    Ok(restored == 1)
}

/// How many JDs are stored, in the bin or not.
pub async fn count(db: &Db) -> Result<i64> {
    Ok(fetch_scalar!(db, fetch_one, "SELECT COUNT(*) FROM jobs")?)
}

/// What a purge removed: the JDs, and the stored files of their candidates (to delete from
/// the file store once the rows are gone).
#[derive(Debug, Default)]
pub struct Purged {
    pub jobs: Vec<i64>,
    pub file_keys: Vec<String>,
}

/// Removes for good every JD that has been in the bin for the retention period, with its
/// candidates. One transaction that first locks the JDs it removes, so a concurrent restore or
/// another instance's purge waits and then finds nothing: each JD is purged exactly once.
pub async fn purge(db: &Db, now: Timestamp) -> Result<Purged> {
    let cutoff = to_millis(now) - BIN_RETENTION.as_millis() as i64;
    let lock = match db {
        Db::Postgres(_) => {
            "SELECT id FROM jobs WHERE deleted_at IS NOT NULL AND deleted_at <= $1 FOR UPDATE"
        }
        // SQLite takes the database write lock at the first write of the transaction.
        Db::Sqlite(_) => "SELECT id FROM jobs WHERE deleted_at IS NOT NULL AND deleted_at <= $1",
    };
    let mut tx = db.begin_write().await?;
    let expired: Vec<i64> = with_tx!(&mut tx, |conn| {
        sqlx::query_scalar(lock)
            .bind(cutoff)
            .fetch_all(&mut **conn)
            .await
    })?;
    let mut file_keys = Vec::new();
    for job in &expired {
        file_keys.extend(crate::candidates::purge::delete_for_job(&mut tx, *job).await?);
    }
    let jobs: Vec<i64> = with_tx!(&mut tx, |conn| {
        sqlx::query_scalar(
            "DELETE FROM jobs WHERE deleted_at IS NOT NULL AND deleted_at <= $1 RETURNING id",
        )
        .bind(cutoff)
        .fetch_all(&mut **conn)
        .await
    })?;
    tx.commit().await?;
    Ok(Purged { jobs, file_keys })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_name_either_id() {
        assert_eq!(JobKey::parse(" 42 "), Some(JobKey::Id(42)));
        assert_eq!(
            JobKey::parse("jd-Ab3_x"),
            Some(JobKey::Folder("jd-Ab3_x".into()))
        );
        assert_eq!(JobKey::parse(""), None);
        assert_eq!(JobKey::parse("99999999999999999999999"), None);
    }
}
