//! Candidates: resume and CSV intake, the durable analysis queue, candidate lists, resume
//! details, delete, and signed links to the original files.

pub mod erase;
pub mod intake;
pub mod interview_outcome;
pub mod pages;
pub mod queue;
pub mod repo;
pub mod search;
pub mod worker;

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::intake::FileKind;
use self::repo::{CandidateRow, ListQuery, NewResume, Recorded, Sort, StoredFile, status};
use crate::auth::{Recruiter, random_token};
use crate::clock::{from_millis, to_iso};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::interviews;
use crate::jobs::{self, repo::JobRow};
use crate::state::AppState;

pub use pages::ListOrder;
pub use queue::AnalysisQueue;

/// At most this many files in one upload request.
const MAX_FILES_PER_REQUEST: usize = 200;
/// How long a 'View Resume' link works.
const LINK_LIFETIME: SignedDuration = SignedDuration::from_mins(30);

pub fn router() -> OpenApiRouter<AppState> {
    // Uploads stream through their own per-file cap, so the global body limit is lifted there.
    let uploads = OpenApiRouter::new()
        .routes(routes!(upload_resume))
        .routes(routes!(upload_candidates_csv))
        .layer(DefaultBodyLimit::disable());
    OpenApiRouter::new()
        .merge(uploads)
        .routes(routes!(view_jd_resumes))
        .routes(routes!(get_all_candidates))
        .routes(routes!(delete_resume))
        .routes(routes!(resume_file))
        .routes(routes!(resume_details))
        .routes(routes!(search_all))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct SearchParams {
    /// Words (each matched as a prefix, stemmed) or a phone number (matched by digits).
    #[serde(default)]
    q: String,
}

/// A JD card of the search page with its matching resumes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SearchResult {
    jdid: String,
    job_desc_id: i64,
    jdname: String,
    key_skills: String,
    /// Whether the JD itself matched (title, skills, description), not only its candidates.
    jd_matched: bool,
    resumes: Vec<SearchResume>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SearchResume {
    resume_id: i64,
    candidate_name: String,
    candidate_email: String,
    candidate_phone: String,
    file_name: Option<String>,
    /// Signed link to the original file ('View Resume').
    file_path: Option<String>,
    ats_score: Option<i64>,
    recommendation: Option<String>,
    call_id: Option<String>,
}

/// Searches JD titles, skills and descriptions and candidates' names, e-mails, phones and
/// resume text; answers JD cards, best match first, each with its matching resumes.
#[utoipa::path(
    get, path = "/Drive/SearchAll", tag = "candidates", security(("bearer" = [])),
    params(SearchParams),
    responses((status = 200, body = [SearchResult]), (status = 401, body = ErrorBody))
)]
async fn search_all(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<SearchParams>,
) -> Result<Json<Vec<SearchResult>>> {
    let hits = search::search(&state.db, &params.q).await?;
    let matched_jobs: std::collections::HashSet<i64> = hits.jobs.iter().copied().collect();
    let groups = search::group(hits);
    let job_ids: Vec<i64> = groups.iter().map(|(job, _)| *job).collect();
    let jobs: std::collections::HashMap<i64, jobs::repo::JobTitle> =
        jobs::repo::find_titles(&state.db, &job_ids)
            .await?
            .into_iter()
            .map(|job| (job.id, job))
            .collect();
    let now = state.clock.now();
    let results = groups
        .into_iter()
        .filter_map(|(job_id, members)| {
            let job = jobs.get(&job_id)?;
            let resumes = members
                .into_iter()
                .map(|c| SearchResume {
                    file_path: c
                        .resume_file_id
                        .as_deref()
                        .map(|f| signed_file_path(&state, f, now)),
                    resume_id: c.id,
                    candidate_name: c.candidate_name,
                    candidate_email: c.candidate_email,
                    candidate_phone: c.candidate_phone,
                    file_name: c.file_name,
                    ats_score: c.ats_score,
                    recommendation: c.recommendation,
                    call_id: c.call_id,
                })
                .collect();
            Some(SearchResult {
                jdid: job.jdid.clone(),
                job_desc_id: job.id,
                jdname: job.jdname.clone(),
                key_skills: job.key_skills.clone(),
                jd_matched: matched_jobs.contains(&job_id),
                resumes,
            })
        })
        .collect();
    Ok(Json(results))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct UploadParams {
    /// The JD (integer id or folder id).
    #[serde(default)]
    jd_id: String,
}

/// What happened to one uploaded file.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileResult {
    pub file_name: String,
    /// `created`, `updated` (same e-mail as an existing candidate of this JD) or `rejected`.
    pub status: &'static str,
    pub resume_id: Option<i64>,
    /// `queued` or `unreadable` for accepted files.
    pub analysis_status: Option<&'static str>,
    /// Why the file was rejected, or why it cannot be analysed.
    pub message: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UploadAnswer {
    success: bool,
    message: String,
    files: Vec<FileResult>,
}

/// Uploads one or more PDF/DOCX resumes (multipart field `resumeFile`, repeatable). Each file
/// is checked by content, stored, and queued for analysis; the answer reports each one.
#[utoipa::path(
    post, path = "/Drive/UploadResume", tag = "candidates", security(("bearer" = [])),
    params(UploadParams),
    request_body(content_type = "multipart/form-data", description = "`resumeFile`: one or more PDF or DOCX files"),
    responses(
        (status = 200, body = UploadAnswer),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
    )
)]
async fn upload_resume(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<UploadParams>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<UploadAnswer>> {
    let job = upload_target(&state, &params.jd_id).await?;
    let mut multipart = multipart.map_err(|_| no_file())?;
    let mut results = Vec::new();
    let mut last_error = None;
    while let Some(mut field) = next_field(&mut multipart).await? {
        if field.file_name().is_none() {
            continue;
        }
        if results.len() == MAX_FILES_PER_REQUEST {
            return Err(Error::bad_request(
                ErrorCode::TooManyFiles,
                format!("At most {MAX_FILES_PER_REQUEST} files can be uploaded at once."),
            ));
        }
        let name = field.file_name().unwrap_or_default().to_owned();
        match intake_resume(&state, &job, &name, &mut field).await {
            Ok(result) => results.push(result),
            Err(err) => {
                results.push(FileResult {
                    file_name: name,
                    status: "rejected",
                    resume_id: None,
                    analysis_status: None,
                    message: Some(err.to_string()),
                });
                last_error = Some(err);
            }
        }
    }
    if results.iter().any(|r| r.status != "rejected") {
        state.analysis.wake();
    }
    match (results.len(), last_error) {
        (0, _) => Err(no_file()),
        // One file, refused: answer with its error, as the spec's single-file client expects.
        (1, Some(err)) => Err(err),
        (_, Some(_)) if results.iter().all(|r| r.status == "rejected") => Err(Error::bad_request(
            ErrorCode::AllRejected,
            "None of the files could be uploaded.",
        )),
        _ => Ok(Json(UploadAnswer {
            success: true,
            message: "Resume uploaded successfully!".into(),
            files: results,
        })),
    }
}

/// Reads one uploaded resume (refusing it past the size cap) and takes it in.
async fn intake_resume(
    state: &AppState,
    job: &JobRow,
    name: &str,
    field: &mut axum::extract::multipart::Field<'_>,
) -> Result<FileResult> {
    let extension = intake::check_file_name(name)?;
    let bytes = intake::read_capped(field, state.settings.uploads.max_file_bytes()).await?;
    accept_resume(state, job, name, &extension, bytes).await
}

/// Takes in one resume file: checks its content, reads its contacts, stores it and records
/// the candidate (queued for analysis). Uploads and the demo loader both come through here.
pub async fn accept_resume(
    state: &AppState,
    job: &JobRow,
    name: &str,
    extension: &str,
    bytes: Vec<u8>,
) -> Result<FileResult> {
    let kind = intake::check_kind(extension, &bytes, true)?;
    let (bytes, extracted) = tokio::task::spawn_blocking(move || {
        let extracted = std::panic::catch_unwind(|| ats::extract(&bytes))
            .unwrap_or_else(|_| Err(ats::ExtractError::Corrupt("the reader crashed".into())));
        (bytes, extracted)
    })
    .await
    .map_err(|e| Error::Internal(anyhow::anyhow!("extraction task failed: {e}")))?;
    let (contacts, text, analysis, problem) = match extracted {
        Ok(document) => {
            let resume = ats::parse_resume_with(&document.text, &state.parse_options());
            let contacts = (
                resume.name.unwrap_or_default(),
                resume.email.unwrap_or_default().to_lowercase(),
                resume.phone.unwrap_or_default(),
            );
            (contacts, Some(document.text), status::QUEUED, None)
        }
        Err(ats::ExtractError::Unsupported) => {
            return Err(Error::bad_request(
                ErrorCode::InvalidFormat,
                intake::RESUME_FORMAT,
            ));
        }
        Err(ats::ExtractError::TooLarge) => {
            return Err(Error::bad_request(
                ErrorCode::TooLarge,
                "The file is too large to read (too many pages or too much packed data).",
            ));
        }
        Err(reason) => (
            Default::default(),
            None,
            status::UNREADABLE,
            Some(unreadable_reason(&reason)),
        ),
    };
    let resume_file_id = random_token(16);
    let key = format!("resumes/{}/{resume_file_id}.{}", job.jdid, kind.extension());
    let size = bytes.len() as i64;
    state
        .files
        .put(&key, bytes)
        .await
        .map_err(|e| Error::Internal(e.into()))?;
    let new = NewResume {
        job_id: job.id,
        name: contacts.0,
        email: contacts.1,
        phone: contacts.2,
        file: StoredFile {
            resume_file_id,
            key: key.clone(),
            name: name.to_owned(),
            kind: kind.extension(),
            size,
        },
        text,
        status: analysis,
        error: problem.clone(),
    };
    let recorded = match repo::record_resume(&state.db, &new, state.clock.now()).await {
        Ok(recorded) => recorded,
        Err(err) => {
            // The row never committed: do not leave its file behind.
            if let Err(e) = state.files.delete(&key).await {
                tracing::warn!(error = %e, key, "could not remove the file of a failed upload");
            }
            return Err(err);
        }
    };
    let (status, resume_id, message) = match recorded {
        Recorded::Created(id) => ("created", id, problem),
        Recorded::Replaced(id) => (
            "updated",
            id,
            Some(
                problem.unwrap_or_else(|| {
                    "A candidate with this e-mail already applied to this JD; their resume was replaced by this one.".into()
                }),
            ),
        ),
    };
    Ok(FileResult {
        file_name: name.to_owned(),
        status,
        resume_id: Some(resume_id),
        analysis_status: Some(analysis),
        message,
    })
}

impl AppState {
    /// How resumes are read now: "Present" in a work period means this month in the
    /// organisation's time zone, by the injected clock (not the machine's).
    pub fn parse_options(&self) -> ats::ParseOptions {
        let today = self.today();
        ats::ParseOptions {
            as_of: ats::YearMonth {
                year: u16::try_from(today.year()).unwrap_or(2000),
                month: u8::try_from(today.month()).unwrap_or(1),
            },
            ..ats::ParseOptions::default()
        }
    }
}

/// A recruiter-readable reason a resume cannot be analysed.
fn unreadable_reason(reason: &ats::ExtractError) -> String {
    match reason {
        ats::ExtractError::Encrypted => {
            "The file is password-protected; ask the candidate for an unprotected copy.".into()
        }
        ats::ExtractError::NoText => {
            "The file has no selectable text (it looks scanned); review it by hand.".into()
        }
        ats::ExtractError::TimedOut => "The file took too long to read; review it by hand.".into(),
        other => format!("The file could not be read: {other}."),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct CsvParams {
    /// The JD (integer id or folder id).
    #[serde(default)]
    job_desc_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CsvRowError {
    line: usize,
    reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CsvAnswer {
    success: bool,
    message: String,
    imported: usize,
    updated: usize,
    errors: Vec<CsvRowError>,
}

/// Imports candidates from a CSV (multipart field `csvFile`) into a JD that does not require
/// resumes. Valid rows are imported together; rows with problems are reported by line.
#[utoipa::path(
    post, path = "/Drive/UploadCandidatesCsv", tag = "candidates", security(("bearer" = [])),
    params(CsvParams),
    request_body(content_type = "multipart/form-data", description = "`csvFile`: a CSV with name, email and phone columns"),
    responses(
        (status = 200, body = CsvAnswer),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
    )
)]
async fn upload_candidates_csv(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<CsvParams>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<CsvAnswer>> {
    let job = upload_target(&state, &params.job_desc_id).await?;
    let mut multipart = multipart.map_err(|_| no_file())?;
    let mut field = loop {
        match next_field(&mut multipart).await? {
            Some(field) if field.file_name().is_some() => break field,
            Some(_) => continue,
            None => return Err(no_file()),
        }
    };
    let name = field.file_name().unwrap_or_default().to_owned();
    let extension = intake::check_file_name(&name)?;
    let bytes = intake::read_capped(&mut field, state.settings.uploads.max_file_bytes()).await?;
    intake::check_kind(&extension, &bytes, job.resume_required)?;
    let parsed = ats::parse_candidates_csv(&bytes);
    let errors: Vec<CsvRowError> = parsed
        .errors
        .iter()
        .map(|e| CsvRowError {
            line: e.line,
            reason: e.reason.clone(),
        })
        .collect();
    if parsed.rows.is_empty() {
        let why = errors
            .first()
            .map(|e| match e.line {
                0 => e.reason.clone(),
                line => format!("line {line}: {}", e.reason),
            })
            .unwrap_or_else(|| "the file has no candidate rows".into());
        return Err(Error::BadRequest {
            code: ErrorCode::NoValidRows,
            message: format!("No candidates could be imported: {why}."),
            extra: Some(serde_json::json!({ "errors": errors })),
        });
    }
    let rows: Vec<repo::CsvRow> = parsed
        .rows
        .iter()
        .map(|row| repo::CsvRow {
            name: row.name.trim().to_owned(),
            email: row
                .email
                .as_deref()
                .unwrap_or_default()
                .trim()
                .to_lowercase(),
            phone: row.phone.as_deref().unwrap_or_default().trim().to_owned(),
        })
        .collect();
    let (imported, updated) = repo::import_csv(&state.db, job.id, &rows, state.clock.now()).await?;
    Ok(Json(CsvAnswer {
        success: true,
        message: "CSV uploaded successfully!".into(),
        imported,
        updated,
        errors,
    }))
}

/// The JD an upload goes to: named, existing and outside the bin.
async fn upload_target(state: &AppState, raw: &str) -> Result<JobRow> {
    if raw.trim().is_empty() {
        return Err(Error::bad_request(
            ErrorCode::JdRequired,
            "Job Description ID is required",
        ));
    }
    jobs::active_job(state, raw).await
}

async fn next_field<'a>(
    multipart: &'a mut Multipart,
) -> Result<Option<axum::extract::multipart::Field<'a>>> {
    multipart.next_field().await.map_err(|e| {
        Error::bad_request(
            ErrorCode::InvalidUpload,
            format!("The upload could not be read: {e}"),
        )
    })
}

fn no_file() -> Error {
    Error::bad_request(ErrorCode::FileRequired, "Please choose a file to upload.")
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// Page number from 1; without it the whole list is returned.
    page: Option<i64>,
    /// Rows per page (1-100, default 10) when `page` is given.
    page_size: Option<i64>,
    /// `newest` (default), `oldest`, `score`, `score_asc` or `name`.
    #[serde(default)]
    sort: String,
    /// Matches name, e-mail or phone (digits match however the phone was written).
    #[serde(default)]
    q: String,
    /// `Pass` or `Fail`.
    #[serde(default)]
    recommendation: String,
}

impl ListParams {
    fn query(&self, job_id: Option<i64>) -> ListQuery {
        ListQuery {
            job_id,
            text: Some(self.q.clone()),
            recommendation: Some(self.recommendation.clone()),
            sort: Sort::parse(&self.sort),
            page: self
                .page
                .map(|page| (page.max(1), self.page_size.unwrap_or(10).clamp(1, 100))),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct JdParams {
    /// The JD (integer id or folder id).
    #[serde(default)]
    jd_id: String,
}

/// A resume of a JD (SPEC section 3's resume record).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResumeRecord {
    overall_match_percentage: Option<i64>,
    recommendation: Option<String>,
    resume_id: i64,
    job_desc_id: i64,
    jdid: String,
    resume_file_id: Option<String>,
    file_name: Option<String>,
    file_type: Option<String>,
    /// A signed link to the original file, valid for 30 minutes.
    file_path: Option<String>,
    candidate_name: String,
    candidate_email: String,
    candidate_phone: String,
    created_on: String,
    is_analyzed: bool,
    is_active: bool,
    modified_on: String,
    ats_score: Option<i64>,
    skills_match_score: Option<i64>,
    call_id: Option<String>,
    interview_status: Option<String>,
    /// `queued`, `analysing`, `done`, `unreadable`, `failed` or `no_resume`.
    analysis_status: String,
    analysis_error: Option<String>,
    /// `Invited`, `Scheduled`, `Completed` or `Closed`; null before an invite.
    invite_status: Option<&'static str>,
    /// The booked slot, UTC without a zone suffix.
    interview_date_time: Option<String>,
}

/// The candidates of one JD, newest first. With `page` the answer is one page and the
/// `X-Total-Count` header says how many match in all.
#[utoipa::path(
    get, path = "/Drive/ViewJDResumes", tag = "candidates", security(("bearer" = [])),
    params(JdParams, ListParams),
    responses((status = 200, body = [ResumeRecord]), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn view_jd_resumes(
    _: Recruiter,
    State(state): State<AppState>,
    Query(jd): Query<JdParams>,
    Query(list): Query<ListParams>,
) -> Result<Response> {
    let job_id = jobs::active_job_id(&state, &jd.jd_id).await?;
    let (rows, total) = pages::list(&state.lists, &state.db, &list.query(Some(job_id))).await?;
    let now = state.clock.now();
    let records: Vec<ResumeRecord> = rows
        .into_iter()
        .map(|row| resume_record(&state, row, now))
        .collect();
    Ok(with_total(total, Json(records)))
}

/// The invite columns of a candidate row as the lists show them.
fn invite_summary(state: &AppState, row: &CandidateRow) -> interviews::InviteSummary {
    interviews::summarize(
        state,
        row.invite_state.as_deref(),
        row.interview_at,
        row.apply_last_date.as_deref(),
    )
}

fn resume_record(state: &AppState, row: CandidateRow, now: Timestamp) -> ResumeRecord {
    let invite = invite_summary(state, &row);
    ResumeRecord {
        invite_status: invite.status,
        interview_date_time: invite.interview_date_time,
        overall_match_percentage: row.ats_score,
        recommendation: row.recommendation,
        resume_id: row.id,
        job_desc_id: row.job_id,
        jdid: row.jdid,
        file_path: row
            .resume_file_id
            .as_deref()
            .map(|id| signed_file_path(state, id, now)),
        resume_file_id: row.resume_file_id,
        file_name: row.file_name,
        file_type: row.file_type,
        candidate_name: row.candidate_name,
        candidate_email: row.candidate_email,
        candidate_phone: row.candidate_phone,
        created_on: to_iso(from_millis(row.created_on)),
        is_analyzed: row.analysis_status == status::DONE,
        is_active: true,
        modified_on: to_iso(from_millis(row.modified_on)),
        ats_score: row.ats_score,
        skills_match_score: row.skills_match,
        call_id: row.call_id,
        interview_status: row.interview_status,
        analysis_status: row.analysis_status,
        analysis_error: row.analysis_error,
    }
}

/// A candidate of any JD (SPEC section 3's all-candidates record).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AllCandidate {
    candidate_name: String,
    candidate_email: String,
    candidate_phone: String,
    jdname: String,
    jdid: String,
    job_desc_id: i64,
    #[serde(rename = "atsscore")]
    ats_score: Option<i64>,
    recommendation: Option<String>,
    interview_status: Option<String>,
    resume_id: i64,
    call_id: Option<String>,
    uploaded_at: String,
    file_name: Option<String>,
    analysis_status: String,
    /// `Invited`, `Scheduled`, `Completed` or `Closed`; null before an invite.
    invite_status: Option<&'static str>,
    /// The booked slot, UTC without a zone suffix.
    interview_date_time: Option<String>,
}

/// Every candidate of every JD outside the bin, newest first; `page`, `pageSize`, `sort`, `q`
/// and `recommendation` narrow it (then `X-Total-Count` gives the total).
#[utoipa::path(
    get, path = "/Drive/GetAllCandidates", tag = "candidates", security(("bearer" = [])),
    params(ListParams),
    responses((status = 200, body = [AllCandidate]), (status = 401, body = ErrorBody))
)]
async fn get_all_candidates(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<ListParams>,
) -> Result<Response> {
    let (rows, total) = pages::list(&state.lists, &state.db, &params.query(None)).await?;
    let records: Vec<AllCandidate> = rows
        .into_iter()
        .map(|row| {
            let invite = invite_summary(&state, &row);
            AllCandidate {
                invite_status: invite.status,
                interview_date_time: invite.interview_date_time,
                candidate_name: row.candidate_name,
                candidate_email: row.candidate_email,
                candidate_phone: row.candidate_phone,
                jdname: row.jdname,
                jdid: row.jdid,
                job_desc_id: row.job_id,
                ats_score: row.ats_score,
                recommendation: row.recommendation,
                interview_status: row.interview_status,
                resume_id: row.id,
                call_id: row.call_id,
                uploaded_at: to_iso(from_millis(row.created_on)),
                file_name: row.file_name,
                analysis_status: row.analysis_status,
            }
        })
        .collect();
    Ok(with_total(total, Json(records)))
}

fn with_total(total: i64, body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(
        HeaderName::from_static("x-total-count"),
        HeaderValue::from(total),
    );
    response
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ResumeIdParams {
    #[serde(default)]
    resume_id: String,
}

/// The resume analysis of one candidate (SPEC section 3's resume details, plus the skills).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResumeDetails {
    resume_id: i64,
    candidate_name: String,
    job_name: String,
    job_desc_id: i64,
    jdid: String,
    candidate_email: String,
    candidate_phone: String,
    file_name: Option<String>,
    file_path: Option<String>,
    resume_file_id: Option<String>,
    ats_score: i64,
    skills_match_score: i64,
    /// `Pass` (shown as Selected) or `Fail`.
    recommendation: Option<String>,
    analysis_summary: String,
    matched_skills: Vec<String>,
    missing_skills: Vec<String>,
    experience_years: Option<f64>,
    required_years: Option<f64>,
    analysis_status: String,
    analysis_error: Option<String>,
    scoring_version: Option<String>,
    call_id: Option<String>,
    interview_status: Option<String>,
    /// `Invited`, `Scheduled`, `Completed` or `Closed`; null before an invite.
    invite_status: Option<&'static str>,
    /// The booked slot, UTC without a zone suffix.
    interview_date_time: Option<String>,
    /// The candidate's next-step answers, once submitted.
    #[schema(value_type = Option<Object>)]
    next_step_details: Option<serde_json::Value>,
}

/// One candidate's resume analysis, as a one-element array (the spec reads the first).
#[utoipa::path(
    get, path = "/Interview/ResumeDetails", tag = "candidates", security(("bearer" = [])),
    params(ResumeIdParams),
    responses((status = 200, body = [ResumeDetails]), (status = 401, body = ErrorBody))
)]
async fn resume_details(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<ResumeIdParams>,
) -> Result<Json<Vec<ResumeDetails>>> {
    let Ok(id) = params.resume_id.trim().parse::<i64>() else {
        return Ok(Json(Vec::new()));
    };
    let Some(row) = repo::find(&state.db, id).await? else {
        return Ok(Json(Vec::new()));
    };
    let assessment: serde_json::Value = row
        .assessment
        .as_deref()
        .and_then(|a| serde_json::from_str(a).ok())
        .unwrap_or_default();
    let strings = |key: &str| -> Vec<String> {
        assessment[key]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let now = state.clock.now();
    let invite = invite_summary(&state, &row);
    let next_step_details = interviews::details_of(&state, row.id)
        .await?
        .filter(|d| !d.is_null());
    Ok(Json(vec![ResumeDetails {
        invite_status: invite.status,
        interview_date_time: invite.interview_date_time,
        next_step_details,
        resume_id: row.id,
        job_name: row.jdname,
        job_desc_id: row.job_id,
        jdid: row.jdid,
        file_path: row
            .resume_file_id
            .as_deref()
            .map(|id| signed_file_path(&state, id, now)),
        candidate_name: row.candidate_name,
        candidate_email: row.candidate_email,
        candidate_phone: row.candidate_phone,
        file_name: row.file_name,
        resume_file_id: row.resume_file_id,
        ats_score: row.ats_score.unwrap_or(0),
        skills_match_score: row.skills_match.unwrap_or(0),
        recommendation: row.recommendation,
        analysis_summary: assessment["summary"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        matched_skills: strings("matchedSkills"),
        missing_skills: strings("missingSkills"),
        experience_years: assessment["experienceYears"].as_f64(),
        required_years: assessment["requiredYears"].as_f64(),
        analysis_status: row.analysis_status,
        analysis_error: row.analysis_error,
        scoring_version: assessment["version"].as_str().map(str::to_owned),
        call_id: row.call_id,
        interview_status: row.interview_status,
    }]))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct DeleteResumeParams {
    #[serde(default)]
    resume_file_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
struct Deleted {
    success: bool,
    message: String,
}

/// Deletes a candidate's resume: the candidate, their files and their resume history.
#[utoipa::path(
    get, path = "/Drive/DeleteResume", tag = "candidates", security(("bearer" = [])),
    params(DeleteResumeParams),
    responses((status = 200, body = Deleted), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn delete_resume(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<DeleteResumeParams>,
) -> Result<Json<Deleted>> {
    let id = params.resume_file_id.trim();
    if id.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::ResumeFileIdRequired,
            "Resume file ID missing.",
        ));
    }
    let keys = repo::delete_by_file_id(&state.db, id)
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "Resume not found."))?;
    remove_files(&state, &keys).await;
    tracing::info!(recruiter_id = recruiter.id, "resume deleted");
    Ok(Json(Deleted {
        success: true,
        message: "Resume deleted successfully.".into(),
    }))
}

/// Removes stored files whose rows are already gone; a failure only leaves an orphan blob.
pub async fn remove_files(state: &AppState, keys: &[String]) {
    for key in keys {
        if let Err(err) = state.files.delete(key).await {
            tracing::warn!(error = %err, key, "could not remove a stored file");
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct FileLinkParams {
    #[serde(default)]
    file: String,
    #[serde(default)]
    expires: i64,
    #[serde(default)]
    sig: String,
}

/// The original file behind a signed 'View Resume' link (no bearer token: a new browser tab
/// has none). The signature binds the file and the expiry.
#[utoipa::path(
    get, path = "/Drive/ResumeFile", tag = "candidates", params(FileLinkParams),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 403, body = ErrorBody, description = "Bad or expired signature"),
        (status = 404, body = ErrorBody),
    )
)]
async fn resume_file(
    State(state): State<AppState>,
    Query(params): Query<FileLinkParams>,
) -> Result<Response> {
    let valid = state.keys.verify_link(
        &file_resource(&params.file),
        params.expires,
        &params.sig,
        state.clock.now().as_second(),
    );
    if !valid {
        return Err(Error::Forbidden {
            message: "This link has expired or is not valid. Open the resume again from Hirelane."
                .into(),
        });
    }
    let (key, name, kind) = repo::file_of(&state.db, &params.file)
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "Resume not found."))?;
    let bytes = state
        .files
        .get(&key)
        .await
        .map_err(|e| Error::Internal(e.into()))?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "Resume not found."))?;
    let kind = match kind.as_str() {
        "docx" => FileKind::Docx,
        _ => FileKind::Pdf,
    };
    // PDFs open in the browser; Word files download.
    let disposition = match kind {
        FileKind::Pdf => "inline",
        _ => "attachment",
    };
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(kind.content_type()),
    );
    if let Ok(value) = HeaderValue::from_str(&format!(
        "{disposition}; filename=\"{}\"",
        intake::safe_file_name(&name)
    )) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    // The viewer needs nothing from us; a file must never run as a page of our origin.
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; object-src 'self'; frame-ancestors 'self'"),
    );
    Ok((headers, bytes).into_response())
}

fn file_resource(file: &str) -> String {
    format!("resume-file:{file}")
}

/// A freshly signed relative URL to a resume file.
pub fn signed_file_path(state: &AppState, resume_file_id: &str, now: Timestamp) -> String {
    let expires = now.saturating_add(LINK_LIFETIME).unwrap_or(now).as_second();
    let sig = state
        .keys
        .sign_link(&file_resource(resume_file_id), expires);
    format!("/api/Drive/ResumeFile?file={resume_file_id}&expires={expires}&sig={sig}")
}
