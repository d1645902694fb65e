//! The published JDs as the public pages, the job board API and applying read them: only
//! published JDs outside the bin.

use super::postings::{self, EmploymentType, WorkType};
use crate::error::Result;
use crate::fetch_as;
use crate::store::Db;

/// A published JD outside the bin, as the public pages show it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PublishedJob {
    pub job_id: i64,
    pub jdid: String,
    pub jdname: String,
    pub jddescription: String,
    pub key_skills: String,
    pub experience: String,
    pub additional_notes: String,
    pub apply_last_date: Option<String>,
    pub slug: String,
    pub published_at: Option<i64>,
    pub location: String,
    pub country: String,
    #[sqlx(try_from = "String")]
    pub work_type: WorkType,
    #[sqlx(try_from = "String")]
    pub employment_type: EmploymentType,
}

impl PublishedJob {
    pub fn work_type(&self) -> WorkType {
        self.work_type
    }

    pub fn employment_type(&self) -> EmploymentType {
        self.employment_type
    }

    /// Whether it still takes applications on `today` (the organisation's date).
    pub fn is_open(&self, today: jiff::civil::Date) -> bool {
        postings::is_open(self.apply_last_date.as_deref(), today)
    }
}

const PUBLISHED: &str = "SELECT j.id AS job_id, j.jdid, j.jdname, j.jddescription, j.key_skills,
        j.experience, j.additional_notes, j.apply_last_date, p.slug, p.published_at,
        p.location, p.country, p.work_type, p.employment_type
    FROM job_postings p JOIN jobs j ON j.id = p.job_id
    WHERE p.published AND j.deleted_at IS NULL";

/// The published JD at `slug`, outside the bin.
pub async fn by_slug(db: &Db, slug: &str) -> Result<Option<PublishedJob>> {
    let sql = format!("{PUBLISHED} AND p.slug = $1");
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (slug)
    )?)
}

/// Every published JD outside the bin, newest publication first.
pub async fn all(db: &Db) -> Result<Vec<PublishedJob>> {
    let sql = format!("{PUBLISHED} ORDER BY p.published_at DESC, j.id DESC");
    Ok(fetch_as!(db, fetch_all, sqlx::AssertSqlSafe(sql.as_str()))?)
}
