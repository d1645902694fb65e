//! How a candidate applied: their note and the notice they agreed to, written on the
//! transaction that records the candidate (see `candidates::repo::record_resume`).

use hirelane_core::clock::to_millis;
use jiff::Timestamp;
use sha2::{Digest, Sha256};

use crate::config::CareersSettings;
use crate::error::Result;
use crate::store::{Db, Tx};
use crate::{fetch_scalar, with_tx};

/// The notices an applicant reads before applying, and their version: a digest of both texts,
/// so a changed text is a new version without anyone remembering to bump a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub version: String,
    pub privacy: String,
    pub ai: String,
}

impl Notice {
    pub fn current(settings: &CareersSettings) -> Notice {
        let privacy = settings.privacy_notice.trim().to_owned();
        let ai = settings.ai_notice.trim().to_owned();
        let digest = Sha256::digest(format!("{privacy}\n\n{ai}").as_bytes());
        Notice {
            version: hex::encode(&digest[..6]),
            privacy,
            ai,
        }
    }

    /// What an applicant agrees to by applying now.
    pub fn consent(&self) -> Consent {
        Consent {
            version: self.version.clone(),
            text: format!("{}\n\n{}", self.privacy, self.ai),
        }
    }
}

/// A notice as an applicant agreed to it: its version and whole text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consent {
    pub version: String,
    pub text: String,
}

/// An application as the candidate sent it.
#[derive(Debug, Clone)]
pub struct NewApplication {
    pub note: String,
    pub consent: Consent,
}

/// Keeps the text of a notice version the first time an applicant agrees to it.
pub async fn remember_notice(tx: &mut Tx, consent: &Consent, now: Timestamp) -> Result<()> {
    with_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO consent_notices (version, text, first_used) VALUES ($1, $2, $3)
             ON CONFLICT (version) DO NOTHING",
        )
        .bind(&consent.version)
        .bind(&consent.text)
        .bind(to_millis(now))
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    Ok(())
}

/// Records that the candidate was given notice `consent` through `channel` (the first time
/// only: the row says when they first saw that version there).
pub async fn record_notice_given(
    db: &Db,
    candidate_id: i64,
    consent: &Consent,
    channel: &str,
    now: Timestamp,
) -> Result<()> {
    let mut tx = db.begin_write().await?;
    remember_notice(&mut tx, consent, now).await?;
    with_tx!(&mut tx, |conn| {
        sqlx::query(
            "INSERT INTO notices_given (candidate_id, version, channel, given_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT (candidate_id, version, channel) DO NOTHING",
        )
        .bind(candidate_id)
        .bind(&consent.version)
        .bind(channel)
        .bind(to_millis(now))
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    tx.commit().await?;
    Ok(())
}

/// Records the candidate's application (or another application of theirs to the same job)
/// with the notice they agreed to now.
pub async fn record(
    tx: &mut Tx,
    candidate_id: i64,
    job_id: i64,
    application: &NewApplication,
    now: Timestamp,
) -> Result<()> {
    let at = to_millis(now);
    remember_notice(tx, &application.consent, now).await?;
    with_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO applications (candidate_id, job_id, note, consent_version, consented_at,
                first_applied_at)
             VALUES ($1, $2, $3, $4, $5, $5)
             ON CONFLICT (candidate_id) DO UPDATE SET note = $3, consent_version = $4,
                consented_at = $5, times_applied = applications.times_applied + 1",
        )
        .bind(candidate_id)
        .bind(job_id)
        .bind(&application.note)
        .bind(&application.consent.version)
        .bind(at)
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    Ok(())
}

/// A stored application, with the notice's text as the candidate saw it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ApplicationRow {
    pub candidate_id: i64,
    pub note: String,
    pub consent_version: String,
    pub consent_text: String,
    pub consented_at: i64,
    pub first_applied_at: i64,
    pub times_applied: i64,
}

/// The application of each candidate among `ids` who applied.
pub async fn of_candidates(db: &Db, ids: &[i64]) -> Result<Vec<ApplicationRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let select = "SELECT a.candidate_id, a.note, a.consent_version, n.text AS consent_text,
            a.consented_at, a.first_applied_at, a.times_applied
        FROM applications a JOIN consent_notices n ON n.version = a.consent_version";
    Ok(match db {
        Db::Sqlite(pool) => {
            let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            let sql = format!("{select} WHERE a.candidate_id IN (SELECT value FROM json_each($1))");
            sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(format!("[{list}]"))
                .fetch_all(pool)
                .await?
        }
        Db::Postgres(pool) => {
            let sql = format!("{select} WHERE a.candidate_id = ANY($1)");
            sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(ids)
                .fetch_all(pool)
                .await?
        }
    })
}

/// The application of one candidate, if they applied.
pub async fn of_candidate(db: &Db, id: i64) -> Result<Option<ApplicationRow>> {
    Ok(of_candidates(db, &[id]).await?.pop())
}

/// How many applications a JD received.
pub async fn count(db: &Db, job_id: i64) -> Result<i64> {
    Ok(fetch_scalar!(
        db,
        fetch_one,
        "SELECT COUNT(*) FROM applications WHERE job_id = $1",
        (job_id)
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_notice_is_a_new_version() {
        let mut settings = CareersSettings::default();
        let first = Notice::current(&settings);
        assert_eq!(first.version.len(), 12);
        assert_eq!(Notice::current(&settings), first);
        settings.privacy_notice.push_str(" We keep it for a year.");
        assert_ne!(Notice::current(&settings).version, first.version);
    }
}
