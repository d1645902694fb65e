//! A JD's public job page: whether it is published, at which address (its slug), and where the
//! work is. Recruiters set it here; the public pages and the job board read it.

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso, to_millis};
use hirelane_core::stored_text;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::{IntoParams, ToSchema};

use super::job_events;
use crate::activity::log::Actor;
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::jobs::ids::JdId;
use crate::jobs::lookup::active_job;
use crate::jobs::repo::JobRow;
use crate::state::AppState;
use crate::store::{Db, Tx};
use crate::{fetch_as, fetch_scalar, with_tx};

/// Where the work happens (schema.org: an office, some days at an office, or anywhere in the
/// applicant's country).
#[derive(
    Debug,
    Default,
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
pub enum WorkType {
    #[default]
    Onsite,
    Hybrid,
    Remote,
}

stored_text!(WorkType);

impl WorkType {
    pub fn label(self) -> &'static str {
        match self {
            WorkType::Onsite => "On-site",
            WorkType::Hybrid => "Hybrid",
            WorkType::Remote => "Remote",
        }
    }
}

/// The kind of contract (schema.org's `employmentType`).
#[derive(
    Debug,
    Default,
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
pub enum EmploymentType {
    #[default]
    FullTime,
    PartTime,
    Contract,
    Temporary,
    Internship,
}

stored_text!(EmploymentType);

impl EmploymentType {
    pub fn label(self) -> &'static str {
        match self {
            EmploymentType::FullTime => "Full-time",
            EmploymentType::PartTime => "Part-time",
            EmploymentType::Contract => "Contract",
            EmploymentType::Temporary => "Temporary",
            EmploymentType::Internship => "Internship",
        }
    }

    /// The value schema.org's `employmentType` expects.
    pub fn schema_org(self) -> &'static str {
        match self {
            EmploymentType::FullTime => "FULL_TIME",
            EmploymentType::PartTime => "PART_TIME",
            EmploymentType::Contract => "CONTRACTOR",
            EmploymentType::Temporary => "TEMPORARY",
            EmploymentType::Internship => "INTERN",
        }
    }
}

/// The longest slug, location and country text.
const MAX_SLUG: usize = 80;
const MAX_LOCATION: usize = 120;

/// A stored posting.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PostingRow {
    pub job_id: i64,
    pub slug: String,
    pub published: bool,
    pub published_at: Option<i64>,
    pub location: String,
    pub country: String,
    #[sqlx(try_from = "String")]
    pub work_type: WorkType,
    #[sqlx(try_from = "String")]
    pub employment_type: EmploymentType,
}

impl PostingRow {
    pub fn work_type(&self) -> WorkType {
        self.work_type
    }

    pub fn employment_type(&self) -> EmploymentType {
        self.employment_type
    }
}

/// A JD's job page as recruiters see and set it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Posting {
    job_desc_id: i64,
    jdid: String,
    published: bool,
    /// The page's address part; a suggestion from the title until the JD is first published.
    slug: String,
    /// The public page, while published.
    url: Option<String>,
    location: String,
    /// ISO 3166-1 alpha-2 code: where the job is, or, when remote, where applicants may live.
    country: String,
    work_type: WorkType,
    employment_type: EmploymentType,
    /// When the JD was first published.
    published_at: Option<String>,
    /// Whether applications are still taken (the apply-last date has not passed).
    open: bool,
    /// Applications received for this JD.
    applications: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct PostingParams {
    /// The JD's integer id or its folder id.
    #[serde(default)]
    #[param(required = true, inline)]
    jd_id: JdId,
}

/// A JD's job page: published or not, its address and where the work is.
#[utoipa::path(
    get, path = "/Careers/Posting", tag = "careers", security(("bearer" = [])),
    params(PostingParams),
    responses(
        (status = 200, body = Posting, description = "The JD's job page settings"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 404, body = ErrorBody, description = "No JD outside the bin has this id (`invalid_id`)"),
    )
)]
pub(super) async fn get_posting(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<PostingParams>,
) -> Result<Json<Posting>> {
    let job = active_job(&state, &params.jd_id.0).await?;
    posting_of(&state, &job).await.map(Json)
}

/// What a recruiter sets.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct PostingBody {
    /// The JD's integer id or folder id.
    #[serde(deserialize_with = "crate::jobs::ids::id_text")]
    #[schema(schema_with = crate::jobs::ids::required_id_schema)]
    job_desc_id: String,
    #[schema(required = true)]
    published: bool,
    /// Lower-case letters, digits and single hyphens, 3 to 80 characters; blank keeps the
    /// current one (or the suggestion).
    #[serde(default)]
    #[schema(max_length = 80)]
    slug: String,
    /// City or area; required unless the work is remote.
    #[serde(default)]
    #[schema(max_length = 120)]
    location: String,
    /// ISO 3166-1 alpha-2 code, e.g. `IN`, `DE`; required to publish.
    #[serde(default)]
    #[schema(pattern = "^\\s*([A-Za-z]{2})?\\s*$", max_length = 8)]
    country: String,
    #[serde(default)]
    work_type: WorkType,
    #[serde(default)]
    employment_type: EmploymentType,
}

/// Publishes or unpublishes a JD's job page and sets where the work is. Only a JD that asks for
/// resumes can be published (applicants apply with one).
#[utoipa::path(
    put, path = "/Careers/Posting", tag = "careers", security(("bearer" = [])),
    request_body = PostingBody,
    responses(
        (status = 200, body = Posting, description = "The JD's job page as saved"),
        (status = 400, body = ErrorBody, description = "A slug, location or country that is not valid (`validation`), or a JD that takes a CSV of candidates instead of resumes (`validation`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 404, body = ErrorBody, description = "No JD outside the bin has this id (`invalid_id`)"),
        (status = 409, body = ErrorBody, description = "Another JD's page has this address (`slug_taken`)"),
    )
)]
pub(super) async fn put_posting(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<PostingBody>,
) -> Result<Json<Posting>> {
    let job = active_job(&state, &body.job_desc_id).await?;
    let current = find(&state.db, job.id).await?;
    let slug = match body.slug.trim() {
        "" => match &current {
            Some(row) => row.slug.clone(),
            None => free_slug(&state.db, &job).await?,
        },
        given => check_slug(given)?,
    };
    let location = body.location.trim();
    if location.chars().count() > MAX_LOCATION {
        return Err(invalid(format!(
            "The location cannot exceed {MAX_LOCATION} characters."
        )));
    }
    // An unpublished page may be left half filled in; a published one must say where it is.
    let country = match body.country.trim() {
        "" if !body.published => String::new(),
        given => check_country(given)?,
    };
    if body.published {
        if !job.resume_required {
            return Err(invalid(
                "Only a JD that asks for resumes can be published: applicants apply with one.",
            ));
        }
        if location.is_empty() && body.work_type != WorkType::Remote {
            return Err(invalid("Please enter the job's location."));
        }
    }
    let saved = SavedPosting {
        slug: &slug,
        published: body.published,
        location,
        country: &country,
        work_type: body.work_type,
        employment_type: body.employment_type,
    };
    let mut tx = state.db.begin_write().await?;
    let was = job_events::lock_published(&mut tx, job.id).await?;
    save(
        &mut tx,
        job.id,
        &saved,
        &recruiter.actor(),
        state.clock.now(),
    )
    .await?;
    let change = (was, body.published);
    job_events::published_changed(&state, &mut tx, job.id, &slug, change).await?;
    tx.commit().await?;
    posting_of(&state, &job).await.map(Json)
}

fn invalid(message: impl Into<String>) -> Error {
    Error::bad_request(ErrorCode::Validation, message)
}

/// A slug as given: lower-case ASCII letters and digits in words joined by single hyphens.
fn check_slug(raw: &str) -> Result<String> {
    let well_formed = (3..=MAX_SLUG).contains(&raw.len())
        && raw
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !raw.starts_with('-')
        && !raw.ends_with('-')
        && !raw.contains("--");
    if !well_formed {
        return Err(invalid(
            "The address may use lower-case letters, digits and single hyphens (3 to 80 characters).",
        ));
    }
    Ok(raw.to_owned())
}

/// An ISO 3166-1 alpha-2 code, upper-cased.
fn check_country(raw: &str) -> Result<String> {
    let code = raw.trim().to_ascii_uppercase();
    if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(invalid(
            "Please choose the country (a two-letter code such as IN or DE).",
        ));
    }
    Ok(code)
}

/// A slug from a title: "Senior Rust Engineer (Payments)" → "senior-rust-engineer-payments".
/// Latin letters lose their accents ("Ingénieur" → "ingenieur"); other scripts are dropped, so
/// a title only in them gives "job".
pub fn slugify(title: &str) -> String {
    let mut slug = String::with_capacity(title.len());
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if let Some(plain) = unaccented(c) {
            slug.push_str(plain);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
        if slug.len() >= 60 {
            break;
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.len() < 3 {
        "job".to_owned()
    } else {
        slug.to_owned()
    }
}

/// The plain letters of an accented Latin one.
fn unaccented(c: char) -> Option<&'static str> {
    const GROUPS: [(&str, &str); 16] = [
        ("àáâãäåāąă", "a"),
        ("çćčĉ", "c"),
        ("ďđ", "d"),
        ("èéêëēęěė", "e"),
        ("ğĝ", "g"),
        ("ìíîïīį", "i"),
        ("łľĺ", "l"),
        ("ñńňņ", "n"),
        ("òóôõöøōő", "o"),
        ("řŕ", "r"),
        ("śšşŝș", "s"),
        ("ťţț", "t"),
        ("ùúûüūůűų", "u"),
        ("ýÿ", "y"),
        ("źżž", "z"),
        ("ß", "ss"),
    ];
    match c {
        'æ' => Some("ae"),
        'œ' => Some("oe"),
        _ => GROUPS
            .iter()
            .find(|(accented, _)| accented.contains(c))
            .map(|(_, plain)| *plain),
    }
}

/// The title's slug, or with the JD's id appended when another page has it.
async fn free_slug(db: &Db, job: &JobRow) -> Result<String> {
    let slug = slugify(&job.jdname);
    let taken: Option<i64> = fetch_scalar!(
        db,
        fetch_optional,
        "SELECT job_id FROM job_postings WHERE slug = $1",
        (&slug)
    )?;
    Ok(match taken {
        Some(owner) if owner != job.id => format!("{slug}-{}", job.id),
        _ => slug,
    })
}

async fn posting_of(state: &AppState, job: &JobRow) -> Result<Posting> {
    let row = find(&state.db, job.id).await?;
    let applications: i64 = fetch_scalar!(
        &state.db,
        fetch_one,
        "SELECT COUNT(*) FROM applications WHERE job_id = $1",
        (job.id)
    )?;
    let open = is_open(job.apply_last_date.as_deref(), state.today());
    Ok(match row {
        Some(row) => Posting {
            job_desc_id: job.id,
            jdid: job.jdid.clone(),
            published: row.published,
            url: row.published.then(|| page_url(state, &row.slug)),
            location: row.location.clone(),
            country: row.country.clone(),
            work_type: row.work_type(),
            employment_type: row.employment_type(),
            published_at: row.published_at.map(|ms| to_iso(from_millis(ms))),
            slug: row.slug,
            open,
            applications,
        },
        None => Posting {
            job_desc_id: job.id,
            jdid: job.jdid.clone(),
            published: false,
            slug: free_slug(&state.db, job).await?,
            url: None,
            location: String::new(),
            country: String::new(),
            work_type: WorkType::default(),
            employment_type: EmploymentType::default(),
            published_at: None,
            open,
            applications,
        },
    })
}

/// The public page of a slug.
pub fn page_url(state: &AppState, slug: &str) -> String {
    format!("{}/careers/{slug}", state.settings.public_url())
}

/// Whether a JD still takes applications on `today` (the organisation's date): its apply-last
/// date, if it has one, has not passed.
pub fn is_open(apply_last_date: Option<&str>, today: jiff::civil::Date) -> bool {
    match apply_last_date.map(str::parse::<jiff::civil::Date>) {
        Some(Ok(last)) => today <= last,
        _ => true,
    }
}

struct SavedPosting<'a> {
    slug: &'a str,
    published: bool,
    location: &'a str,
    country: &'a str,
    work_type: WorkType,
    employment_type: EmploymentType,
}

const SELECT: &str = "SELECT job_id, slug, published, published_at, location, country, work_type,
        employment_type FROM job_postings";

pub async fn find(db: &Db, job_id: i64) -> Result<Option<PostingRow>> {
    let sql = format!("{SELECT} WHERE job_id = $1");
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (job_id)
    )?)
}

/// Writes a JD's posting on `tx`; the first publication sets `published_at`. A slug another JD
/// holds is a conflict.
async fn save(
    tx: &mut Tx,
    job_id: i64,
    posting: &SavedPosting<'_>,
    by: &Actor,
    now: Timestamp,
) -> Result<()> {
    let at = to_millis(now);
    let saved = with_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO job_postings (job_id, slug, published, published_at, location, country,
                work_type, employment_type, updated_at, updated_by)
             VALUES ($1, $2, $3, CASE WHEN $3 THEN $8 END, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (job_id) DO UPDATE SET slug = $2, published = $3,
                published_at = CASE WHEN $3 AND job_postings.published_at IS NULL THEN $8
                                    ELSE job_postings.published_at END,
                location = $4, country = $5, work_type = $6, employment_type = $7,
                updated_at = $8, updated_by = $9",
        )
        .bind(job_id)
        .bind(posting.slug)
        .bind(posting.published)
        .bind(posting.location)
        .bind(posting.country)
        .bind(posting.work_type.as_str())
        .bind(posting.employment_type.as_str())
        .bind(at)
        .bind(by.recruiter_id())
        .execute(&mut **conn)
        .await
        .map(drop)
    });
    match saved {
        Ok(_) => Ok(()),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(Error::Conflict {
            code: ErrorCode::SlugTaken,
            message: "Another job's page already has this address; choose another.".into(),
        }),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_come_from_titles() {
        assert_eq!(
            slugify("Senior Rust Engineer (Payments)"),
            "senior-rust-engineer-payments"
        );
        assert_eq!(slugify("  C++ / Qt developer  "), "c-qt-developer");
        assert_eq!(
            slugify("Ingénieur logiciel à Łódź"),
            "ingenieur-logiciel-a-lodz"
        );
        assert_eq!(slugify("日本語"), "job");
        assert!(slugify(&"word ".repeat(40)).len() <= 60);
    }

    #[test]
    fn slugs_as_given_are_checked() {
        assert!(check_slug("rust-engineer-2").is_ok());
        for bad in [
            "ab",
            "Rust",
            "rust--eng",
            "-rust",
            "rust-",
            "rust eng",
            "rüst",
        ] {
            assert!(check_slug(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn work_and_employment_types_read_back_and_unknown_text_is_refused() {
        use hirelane_core::stored::check_round_trip;
        assert_eq!(check_round_trip::<WorkType>(), Ok(()));
        assert_eq!(check_round_trip::<EmploymentType>(), Ok(()));
        for work in WorkType::VARIANTS {
            assert_eq!(serde_json::to_value(work).expect("json"), work.as_str());
        }
        for kind in EmploymentType::VARIANTS {
            assert_eq!(serde_json::to_value(kind).expect("json"), kind.as_str());
        }
    }

    #[test]
    fn countries_are_two_letter_codes() {
        assert_eq!(check_country(" in ").ok().as_deref(), Some("IN"));
        assert!(check_country("India").is_err());
        assert!(check_country("").is_err());
    }
}
