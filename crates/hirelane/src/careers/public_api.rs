//! The public job board API: the open jobs, one job, and applying, for a company's own site or
//! any client that would rather not post the HTML form. No sign-in; the same rules and limits
//! as the job pages.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use hirelane_core::clock::{from_millis, to_iso};
use serde::Serialize;
use utoipa::ToSchema;

use super::applications::Notice;
use super::apply::{self, Outcome};
use super::postings::{self, EmploymentType, WorkType};
use super::published::{self, PublishedJob};
use super::reapply;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{ClientIp, Json};
use crate::jobs::rules::key_skills;
use crate::jobs::sanitize::sanitize;
use crate::state::AppState;

/// A job as the board lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct BoardJob {
    slug: String,
    title: String,
    location: String,
    /// ISO 3166-1 alpha-2.
    country: String,
    work_type: WorkType,
    employment_type: EmploymentType,
    /// When it was first published.
    posted_at: Option<String>,
    /// The last day applications are taken (the organisation's date), if there is one.
    apply_last_date: Option<String>,
    /// The public page.
    url: String,
}

/// A job with everything its page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct BoardJobDetail {
    #[serde(flatten)]
    job: BoardJob,
    /// Sanitised HTML.
    description: String,
    key_skills: Vec<String>,
    experience: String,
    /// Whether applications are still taken.
    open: bool,
    /// What an applicant agrees to by applying, and its version.
    privacy_notice: String,
    ai_notice: String,
    notice_version: String,
}

fn board_job(state: &AppState, job: &PublishedJob) -> BoardJob {
    BoardJob {
        slug: job.slug.clone(),
        title: job.jdname.clone(),
        location: job.location.clone(),
        country: job.country.clone(),
        work_type: job.work_type(),
        employment_type: job.employment_type(),
        posted_at: job.published_at.map(|ms| to_iso(from_millis(ms))),
        apply_last_date: job.apply_last_date.clone(),
        url: postings::page_url(state, &job.slug),
    }
}

/// The open jobs, newest first.
#[utoipa::path(
    get, path = "/Careers/Jobs", tag = "careers",
    responses((status = 200, body = Vec<BoardJob>, description = "Published jobs still taking applications"))
)]
pub(super) async fn list_jobs(State(state): State<AppState>) -> Result<Json<Vec<BoardJob>>> {
    let today = state.today();
    Ok(Json(
        published::all(&state.db)
            .await?
            .iter()
            .filter(|job| job.is_open(today))
            .map(|job| board_job(&state, job))
            .collect(),
    ))
}

/// One published job (also after its apply-last date, with `open: false`).
#[utoipa::path(
    get, path = "/Careers/Jobs/{slug}", tag = "careers",
    params(("slug" = String, Path, description = "The job page's address part")),
    responses(
        (status = 200, body = BoardJobDetail, description = "The job"),
        (status = 404, body = ErrorBody, description = "No published job has this address (`not_found`)"),
    )
)]
pub(super) async fn get_job(
    State(state): State<AppState>,
    Path(slug): Path<String>,
) -> Result<Json<BoardJobDetail>> {
    let job = published::by_slug(&state.db, &slug)
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "No such job."))?;
    let notice = Notice::current(&state.settings.careers);
    Ok(Json(BoardJobDetail {
        job: board_job(&state, &job),
        description: sanitize(&job.jddescription),
        key_skills: key_skills(&job.key_skills)
            .into_iter()
            .map(str::to_owned)
            .collect(),
        experience: job.experience.clone(),
        open: job.is_open(state.today()),
        privacy_notice: notice.privacy,
        ai_notice: notice.ai,
        notice_version: notice.version,
    }))
}

/// The application form.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[expect(
    dead_code,
    reason = "describes the multipart form to the document; the handler streams it"
)]
pub(super) struct ApplicationFormSchema {
    #[schema(max_length = 200)]
    full_name: String,
    #[schema(max_length = 254)]
    email: String,
    #[schema(max_length = 40)]
    phone: String,
    /// Optional, up to 2000 characters.
    #[schema(max_length = 2000)]
    note: Option<String>,
    /// `true` (or `on`): the applicant agrees to the privacy notice. Required.
    consent: String,
    /// Leave empty (a honeypot for bots).
    website: Option<String>,
    /// Voluntary self-identification (see `GET /Application/{token}/SelfIdentification` for
    /// the codes): sex, or `declined`. Never required; kept apart from the application.
    #[schema(max_length = 40)]
    sex: Option<String>,
    /// Voluntary self-identification: race/ethnicity, or `declined`.
    #[schema(max_length = 40)]
    race: Option<String>,
    /// One PDF or DOCX file within the upload size cap.
    #[schema(value_type = String, format = Binary)]
    resume: Vec<u8>,
}

/// What became of an application.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Applied {
    /// `received`, or `confirmationSent` when the address was already on record for this job (the
    /// new application replaces the earlier one once confirmed from the e-mail sent).
    status: AppliedStatus,
    message: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) enum AppliedStatus {
    Received,
    ConfirmationSent,
}

/// Applies to a published job (multipart form). The candidate enters the JD with source
/// `applied`, stage New, and is analysed like any upload.
#[utoipa::path(
    post, path = "/Careers/Jobs/{slug}/Apply", tag = "careers",
    params(("slug" = String, Path, description = "The job page's address part")),
    request_body(content = ApplicationFormSchema, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = Applied, description = "The application was taken in"),
        (status = 400, body = ErrorBody, description = "A field is missing or not valid (`validation`, `consent_required`, `invalid_file`, `invalid_format`, `invalid_upload`)"),
        (status = 404, body = ErrorBody, description = "No published job has this address (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The job's apply-last date has passed (`applications_closed`)"),
        (status = 413, body = ErrorBody, description = "The resume is larger than the upload cap (`too_large`)"),
        (status = 429, body = ErrorBody, description = "Too many applications from this address or e-mail (`rate_limited`)"),
    )
)]
pub(super) async fn apply_to_job(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    client: ClientIp,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<Applied>> {
    let mut multipart = multipart.map_err(|_| {
        Error::bad_request(
            ErrorCode::InvalidUpload,
            "Send the application as a multipart form.",
        )
    })?;
    let read = apply::read_form(&mut multipart, state.settings.uploads.max_file_bytes()).await;
    if let Some(problem) = read.problem {
        return Err(problem);
    }
    Ok(Json(match apply::apply(&state, &slug, read.form, &client).await? {
        Outcome::Received | Outcome::Ignored => Applied {
            status: AppliedStatus::Received,
            message: "Thank you for applying. A confirmation is on its way to your e-mail.".into(),
        },
        Outcome::ConfirmationSent => Applied {
            status: AppliedStatus::ConfirmationSent,
            message: "This e-mail address is already on record for this job: confirm the application from the e-mail we sent.".into(),
        },
    }))
}

/// Confirms a second application from the link e-mailed to its address.
#[utoipa::path(
    post, path = "/Careers/Jobs/{slug}/Confirm/{token}", tag = "careers",
    params(
        ("slug" = String, Path, description = "The job page's address part"),
        ("token" = String, Path, description = "The secret from the e-mail"),
    ),
    responses(
        (status = 200, body = Applied, description = "The new application replaced the earlier one"),
        (status = 404, body = ErrorBody, description = "The link expired or was used (`not_found`)"),
    )
)]
pub(super) async fn confirm_application(
    State(state): State<AppState>,
    Path((slug, token)): Path<(String, String)>,
) -> Result<Json<Applied>> {
    reapply::confirm(&state, &slug, &token).await?;
    Ok(Json(Applied {
        status: AppliedStatus::Received,
        message: "Your application is updated.".into(),
    }))
}
