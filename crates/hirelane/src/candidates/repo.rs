//! Candidate rows: intake with dedupe by e-mail, lookups, requeues after a JD edit, delete.
//! The lists' queries are `list_query.rs`.

use hirelane_core::clock::to_millis;
use hirelane_core::stage::Stage;
use jiff::Timestamp;
use serde_json::json;

use super::status::{AnalysisStatus, Recommendation, Source, UnreadableReason};
use crate::activity::log::{self as activity, Actor, EventKind, Subject};
use crate::careers::applications::{self, NewApplication};
use crate::error::Result;
use crate::interviews::rules::InviteState;
use crate::store::BeginWrite;
use crate::store::{Db, Tx, is_unique_violation};
use crate::{execute, fetch_as, fetch_scalar, with_db, with_tx};

/// A candidate with their JD's names, as every list and detail shows them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CandidateRow {
    pub id: i64,
    pub job_id: i64,
    pub jdid: String,
    pub jdname: String,
    pub candidate_name: String,
    pub candidate_email: String,
    pub candidate_phone: String,
    /// How they entered the JD.
    #[sqlx(try_from = "String")]
    pub source: Source,
    pub resume_file_id: Option<String>,
    pub file_name: Option<String>,
    pub file_type: Option<String>,
    #[sqlx(try_from = "String")]
    pub analysis_status: AnalysisStatus,
    pub analysis_error: Option<String>,
    pub unreadable_reason: Option<UnreadableReason>,
    pub text_from_ocr: bool,
    pub name_confidence: Option<f64>,
    pub ats_score: Option<i64>,
    pub skills_match: Option<i64>,
    pub recommendation: Option<Recommendation>,
    pub assessment: Option<String>,
    pub call_id: Option<String>,
    pub interview_status: Option<String>,
    pub created_on: i64,
    pub modified_on: i64,
    /// The hiring stage (pipeline/stages.rs) and the reason of a rejection or withdrawal.
    #[sqlx(try_from = "String")]
    pub stage: Stage,
    pub stage_reason: Option<String>,
    /// When the stage last changed (Unix milliseconds).
    pub stage_changed_at: Option<i64>,
    /// The interview invite's stored state and slot, and the JD's apply-last date (together
    /// they give the invite status the lists show).
    pub invite_state: Option<InviteState>,
    pub interview_at: Option<i64>,
    pub apply_last_date: Option<String>,
}

impl CandidateRow {
    /// The stored ATS assessment's JSON; a missing or unreadable one reads as empty.
    pub fn assessment_json(&self) -> serde_json::Value {
        self.assessment
            .as_deref()
            .and_then(|a| serde_json::from_str(a).ok())
            .unwrap_or_default()
    }
}

/// A list of strings in a stored assessment (`matchedSkills`), empty when absent.
pub fn assessment_strings(assessment: &serde_json::Value, key: &str) -> Vec<String> {
    assessment[key]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

pub(super) const SELECT: &str = "SELECT c.id, c.job_id, j.jdid, j.jdname, c.candidate_name, c.candidate_email,
        c.candidate_phone, c.source, c.resume_file_id, c.file_name, c.file_type, c.analysis_status,
        c.analysis_error, c.unreadable_reason, c.text_from_ocr, c.name_confidence, c.ats_score, c.skills_match, c.recommendation, c.assessment, c.call_id,
        c.interview_status, c.created_on, c.modified_on, c.stage, c.stage_reason, c.stage_changed_at,
        i.state AS invite_state,
        i.interview_at, j.apply_last_date
    FROM candidates c JOIN jobs j ON j.id = c.job_id
    LEFT JOIN interview_invites i ON i.candidate_id = c.id";

/// A stored resume file, as intake hands it over.
#[derive(Debug, Clone)]
pub struct StoredFile {
    pub resume_file_id: String,
    pub key: String,
    pub name: String,
    pub kind: &'static str,
    pub size: i64,
    /// SHA-256 of the bytes (hex): the same file sent again is recognised by it.
    pub sha256: String,
}

/// A resume ready to be recorded: contacts read at intake, analysis still to come.
#[derive(Debug, Clone)]
pub struct NewResume {
    pub job_id: i64,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub file: StoredFile,
    pub text: Option<String>,
    /// Queued, or unreadable with its reason.
    pub status: AnalysisStatus,
    pub error: Option<String>,
    pub how_read: HowRead,
    /// Set when the candidate applied on a job page: recorded with them, and their source is
    /// `applied`; a recruiter's upload has none (source `resume`).
    pub application: Option<NewApplication>,
}

impl NewResume {
    fn source(&self) -> &'static str {
        if self.application.is_some() {
            "applied"
        } else {
            "resume"
        }
    }
}

/// How a resume's text was read, as the lists show it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HowRead {
    /// Why it could not be read ([`ats::ExtractError::code`]): damaged, password_protected,
    /// scanned, empty, timed_out.
    pub unreadable_reason: Option<&'static str>,
    /// Some of its text came from pictures of pages (OCR).
    pub ocr: bool,
    /// How likely the name read from it is right (0-1).
    pub name_confidence: Option<f64>,
}

/// What intake did with a resume.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    Created(i64),
    /// The JD already had this e-mail: that candidate now carries the newer resume (the older
    /// file stays in their history).
    Replaced(i64),
    /// These very bytes are already the candidate's current file (a retried upload): nothing
    /// was recorded, and the file just stored is not needed.
    Unchanged(i64),
}

/// The text list filters match: contacts lower-cased, plus the phone's bare digits so
/// `9876543210` finds `+91 98765 43210`.
pub fn search_text(name: &str, email: &str, phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    format!("{} {} {} {}", name, email, phone, digits).to_lowercase()
}

/// Records a resume, deduplicating by e-mail within the JD, atomically, and logs the upload.
pub async fn record_resume(
    db: &Db,
    new: &NewResume,
    uploader: &Actor,
    now: Timestamp,
) -> Result<Recorded> {
    // A concurrent upload of the same address can win the unique index between our look-up
    // and insert; the second try then finds it and replaces.
    match try_record(db, new, uploader, now).await {
        Err(crate::error::Error::Database(e)) if is_unique_violation(&e) => {
            try_record(db, new, uploader, now).await
        }
        other => other,
    }
}

/// The candidate a new resume replaces, and the file that goes to their history.
#[derive(sqlx::FromRow)]
struct PreviousResume {
    id: i64,
    file_key: Option<String>,
    file_name: Option<String>,
    file_type: Option<String>,
    file_sha256: Option<String>,
}

async fn try_record(
    db: &Db,
    new: &NewResume,
    uploader: &Actor,
    now: Timestamp,
) -> Result<Recorded> {
    let at = to_millis(now);
    let search = search_text(&new.name, &new.email, &new.phone);
    let mut tx = db.begin_write().await?;
    // A candidate is the same person by e-mail; without one, only the same file sent again is
    // recognisably them (a retry must not make a second candidate).
    let (match_on, value) = if new.email.is_empty() {
        ("candidate_email = '' AND file_sha256", &new.file.sha256)
    } else {
        ("candidate_email", &new.email)
    };
    let existing: Option<PreviousResume> = with_tx!(&mut tx, |conn| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT id, file_key, file_name, file_type, file_sha256 FROM candidates
             WHERE job_id = $1 AND {match_on} = $2 ORDER BY id LIMIT 1"
        )))
        .bind(new.job_id)
        .bind(value)
        .fetch_optional(&mut **conn)
        .await
    })?;
    let recorded = match existing {
        Some(previous) if previous.file_sha256.as_ref() == Some(&new.file.sha256) => {
            return Ok(Recorded::Unchanged(previous.id));
        }
        Some(previous) => {
            replace_resume(&mut tx, &previous, new, &search, at).await?;
            Recorded::Replaced(previous.id)
        }
        None => {
            let id: i64 = with_tx!(&mut tx, |conn| {
                sqlx::query_scalar(
                    "INSERT INTO candidates (job_id, source, candidate_name, candidate_email,
                        candidate_phone, search_text, resume_file_id, file_key, file_name,
                        file_type, file_size, resume_text, analysis_status, analysis_error,
                        created_on, modified_on, unreadable_reason, text_from_ocr,
                        name_confidence, file_sha256)
                     VALUES ($1, $18, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
                        $14, $14, $15, $16, $17, $19)
                     RETURNING id",
                )
                .bind(new.job_id)
                .bind(&new.name)
                .bind(&new.email)
                .bind(&new.phone)
                .bind(&search)
                .bind(&new.file.resume_file_id)
                .bind(&new.file.key)
                .bind(&new.file.name)
                .bind(new.file.kind)
                .bind(new.file.size)
                .bind(&new.text)
                .bind(new.status.as_str())
                .bind(&new.error)
                .bind(at)
                .bind(new.how_read.unreadable_reason)
                .bind(new.how_read.ocr)
                .bind(new.how_read.name_confidence)
                .bind(new.source())
                .bind(&new.file.sha256)
                .fetch_one(&mut **conn)
                .await
            })?;
            Recorded::Created(id)
        }
    };
    let (id, replaced) = match recorded {
        Recorded::Created(id) => (id, false),
        Recorded::Replaced(id) | Recorded::Unchanged(id) => (id, true),
    };
    if let Some(application) = &new.application {
        applications::record(&mut tx, id, new.job_id, application, now).await?;
    }
    let detail = json!({ "source": new.source(), "fileName": new.file.name, "replaced": replaced });
    let subject = Subject::Candidate(id);
    activity::record(&mut tx, EventKind::Uploaded, subject, uploader, detail, now).await?;
    tx.commit().await?;
    Ok(recorded)
}

/// Gives an existing candidate the newer resume; the older file goes to their history.
async fn replace_resume(
    tx: &mut Tx,
    previous: &PreviousResume,
    new: &NewResume,
    search: &str,
    at: i64,
) -> Result<()> {
    if let (Some(key), Some(name), Some(kind)) =
        (&previous.file_key, &previous.file_name, &previous.file_type)
    {
        with_tx!(&mut *tx, |conn| {
            sqlx::query(
                "INSERT INTO resume_history (candidate_id, file_key, file_name, file_type,
                    replaced_on, file_sha256) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(previous.id)
            .bind(key)
            .bind(name)
            .bind(kind)
            .bind(at)
            .bind(&previous.file_sha256)
            .execute(&mut **conn)
            .await
            .map(drop)
        })?;
    }
    with_tx!(tx, |conn| {
        sqlx::query(
            "UPDATE candidates SET source = CASE WHEN source = 'csv' THEN $17 ELSE source END,
                candidate_name = CASE WHEN $2 = '' THEN candidate_name ELSE $2 END,
                candidate_phone = CASE WHEN $3 = '' THEN candidate_phone ELSE $3 END,
                resume_file_id = $4, file_key = $5, file_name = $6, file_type = $7,
                file_size = $8, resume_text = $9, analysis_status = $10,
                analysis_error = $11, lease_until = NULL, attempts = 0, ats_score = NULL,
                skills_match = NULL, recommendation = NULL, assessment = NULL,
                scoring_version = NULL, modified_on = $12, search_text = $13,
                unreadable_reason = $14, text_from_ocr = $15,
                name_confidence = CASE WHEN $2 = '' THEN name_confidence ELSE $16 END,
                file_sha256 = $18
             WHERE id = $1",
        )
        .bind(previous.id)
        .bind(&new.name)
        .bind(&new.phone)
        .bind(&new.file.resume_file_id)
        .bind(&new.file.key)
        .bind(&new.file.name)
        .bind(new.file.kind)
        .bind(new.file.size)
        .bind(&new.text)
        .bind(new.status.as_str())
        .bind(&new.error)
        .bind(at)
        .bind(search)
        .bind(new.how_read.unreadable_reason)
        .bind(new.how_read.ocr)
        .bind(new.how_read.name_confidence)
        .bind(new.source())
        .bind(&new.file.sha256)
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    Ok(())
}

/// A candidate from a CSV row.
#[derive(Debug, Clone)]
pub struct CsvRow {
    pub name: String,
    pub email: String,
    pub phone: String,
}

/// Imports CSV rows in one transaction: all valid rows or none, each new candidate logged.
/// Returns (created, updated).
pub async fn import_csv(
    db: &Db,
    job_id: i64,
    rows: &[CsvRow],
    uploader: &Actor,
    now: Timestamp,
) -> Result<(usize, usize)> {
    let at = to_millis(now);
    let mut tx = db.begin_write().await?;
    let (mut created, mut updated) = (0, 0);
    for row in rows {
        let search = search_text(&row.name, &row.email, &row.phone);
        let existing: Option<i64> = if row.email.is_empty() {
            None
        } else {
            with_tx!(&mut tx, |conn| {
                sqlx::query_scalar(
                    "SELECT id FROM candidates WHERE job_id = $1 AND candidate_email = $2",
                )
                .bind(job_id)
                .bind(&row.email)
                .fetch_optional(&mut **conn)
                .await
            })?
        };
        match existing {
            Some(id) => {
                with_tx!(&mut tx, |conn| {
                    sqlx::query(
                        "UPDATE candidates SET candidate_name = $2,
                            candidate_phone = CASE WHEN $3 = '' THEN candidate_phone ELSE $3 END,
                            search_text = $4, modified_on = $5
                         WHERE id = $1",
                    )
                    .bind(id)
                    .bind(&row.name)
                    .bind(&row.phone)
                    .bind(&search)
                    .bind(at)
                    .execute(&mut **conn)
                    .await
                    .map(drop)
                })?;
                updated += 1;
            }
            None => {
                let id: i64 = with_tx!(&mut tx, |conn| {
                    sqlx::query_scalar(
                        "INSERT INTO candidates (job_id, source, candidate_name, candidate_email,
                            candidate_phone, search_text, analysis_status, created_on, modified_on)
                         VALUES ($1, 'csv', $2, $3, $4, $5, $6, $7, $7)
                         RETURNING id",
                    )
                    .bind(job_id)
                    .bind(&row.name)
                    .bind(&row.email)
                    .bind(&row.phone)
                    .bind(&search)
                    .bind(AnalysisStatus::NoResume.as_str())
                    .bind(at)
                    .fetch_one(&mut **conn)
                    .await
                })?;
                let detail = json!({ "source": "csv" });
                let subject = Subject::Candidate(id);
                activity::record(&mut tx, EventKind::Uploaded, subject, uploader, detail, now)
                    .await?;
                created += 1;
            }
        }
    }
    tx.commit().await?;
    Ok((created, updated))
}

/// One candidate of a JD outside the bin.
pub async fn find(db: &Db, id: i64) -> Result<Option<CandidateRow>> {
    let sql = format!("{SELECT} WHERE c.id = $1 AND j.deleted_at IS NULL");
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (id)
    )?)
}

/// A candidate by id whether or not their JD is in the bin: everything we still hold about a
/// person, which their own page shows until the JD is purged.
pub async fn find_held(db: &Db, id: i64) -> Result<Option<CandidateRow>> {
    let sql = format!("{SELECT} WHERE c.id = $1");
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (id)
    )?)
}

/// Candidates by id (JDs outside the bin), in no particular order.
pub async fn find_many(db: &Db, ids: &[i64]) -> Result<Vec<CandidateRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The ids travel as one parameter, so the statement is prepared and planned once per
    // connection rather than once per call. The unary `+` keeps a planner without statistics
    // from walking every candidate of every JD outside the bin instead of looking the ids up.
    let filter = "AND +j.deleted_at IS NULL";
    Ok(match db {
        Db::Sqlite(pool) => {
            let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            let sql = format!("{SELECT} WHERE c.id IN (SELECT value FROM json_each($1)) {filter}");
            sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(format!("[{list}]"))
                .fetch_all(pool)
                .await?
        }
        Db::Postgres(pool) => {
            let sql = format!("{SELECT} WHERE c.id = ANY($1) {filter}");
            sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(ids)
                .fetch_all(pool)
                .await?
        }
    })
}

/// The stored file behind a resume file id: `(key, file name, file type)`.
pub async fn file_of(db: &Db, resume_file_id: &str) -> Result<Option<(String, String, String)>> {
    Ok(fetch_as!(
        db,
        fetch_optional,
        "SELECT c.file_key, c.file_name, c.file_type FROM candidates c
         JOIN jobs j ON j.id = c.job_id
         WHERE c.resume_file_id = $1 AND j.deleted_at IS NULL AND c.file_key IS NOT NULL",
        (resume_file_id)
    )?)
}

/// Deletes the candidate holding `resume_file_id` with their history; returns the file keys
/// to remove from the store (after the rows are gone, so no row ever points at a lost file).
pub async fn delete_by_file_id(db: &Db, resume_file_id: &str) -> Result<Option<Vec<String>>> {
    let keys = with_db!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let found: Option<(i64, Option<String>)> = sqlx::query_as(
            "SELECT c.id, c.file_key FROM candidates c JOIN jobs j ON j.id = c.job_id
             WHERE c.resume_file_id = $1 AND j.deleted_at IS NULL",
        )
        .bind(resume_file_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((id, key)) = found else {
            return Ok(None);
        };
        let mut keys: Vec<String> = sqlx::query_scalar(
            "DELETE FROM resume_history WHERE candidate_id = $1 RETURNING file_key",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        keys.extend(key);
        sqlx::query("DELETE FROM candidates WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(Some(keys))
    })?;
    Ok(keys)
}

/// How many candidates are stored, in every JD.
pub async fn count(db: &Db) -> Result<i64> {
    Ok(fetch_scalar!(
        db,
        fetch_one,
        "SELECT COUNT(*) FROM candidates"
    )?)
}

/// Queues every analysed resume of a JD again (its skills or experience changed).
pub async fn requeue_job(db: &Db, job_id: i64) -> Result<u64> {
    Ok(execute!(
        db,
        "UPDATE candidates SET analysis_status = 'queued', attempts = 0, lease_until = NULL
         WHERE job_id = $1 AND analysis_status IN ('done', 'failed')
           AND resume_text IS NOT NULL",
        (job_id)
    )?)
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_text_holds_bare_phone_digits() {
        let text = search_text("Priya Nair", "Priya@X.io", "+91 98765 43210");
        assert!(text.contains("919876543210"));
        assert!(text.contains("98765 43210"));
        assert!(text.contains("priya@x.io"));
    }
}
