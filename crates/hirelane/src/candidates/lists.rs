//! The candidate lists: one JD's resumes and every candidate, paged, sorted and filtered.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderName, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures_util::{StreamExt, TryStreamExt, stream};
use hirelane_core::clock::{from_millis, to_iso};
use hirelane_core::stage::Stage;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::files::signed_file_path;
use super::invites::summarize;
use super::list_order;
use super::list_query::{ListQuery, Sort};
use super::repo::{self, CandidateRow};
use super::status::{AnalysisStatus, InviteStatus, Recommendation, Source, UnreadableReason};
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query, day_param, within};
use crate::interviews::facts::{Fact, closed_before};
use crate::jobs::ids::JdId;
use crate::jobs::lookup::active_job_id;
use crate::state::AppState;
use crate::voice::conclusions::analysis::InterviewStatus;

/// Far past any real list, yet its offset (times 100 rows) stays far from overflowing.
const MAX_PAGE: i64 = 100_000;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct ListParams {
    /// Page number from 1; without it the whole list is returned.
    #[param(minimum = 1, maximum = 100000)]
    page: Option<i64>,
    /// Rows per page when `page` is given (default 10).
    #[param(minimum = 1, maximum = 100)]
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
    /// Only candidates in this hiring stage (`screened`, `shortlisted`, …).
    #[serde(default)]
    stage: Option<Stage>,
    /// Only candidates whose AI interview ended so: `Pass`, `Fail` or `Needs Review`.
    #[serde(default)]
    interview_status: Option<InterviewStatus>,
    /// Only candidates who entered so: `uploaded`, `csv` or `applied`.
    #[serde(default)]
    source: Option<Source>,
    /// Only candidates who reached this stage, as the funnel and the reports count it (were
    /// in it or in a later one).
    #[serde(default)]
    reached: Option<Stage>,
    /// `true`: only candidates whose process is finished (hired, rejected, withdrawn);
    /// `false`: only those still in it.
    #[serde(default)]
    finished: Option<bool>,
    /// Only candidates sent an invite (`inviteSent`), who booked a slot (`slotBooked`),
    /// completed their AI interview (`interviewDone`), as the dashboard counts them, or whose
    /// booked interview's time passed (`interviewDue`), with nobody completing it (`noShow`),
    /// as the reports count them.
    #[serde(default)]
    #[param(inline)]
    fact: Option<Fact>,
    /// Only candidates this recruiter (id) wrote a scorecard on, within `actedFrom`-`actedTo`.
    #[serde(default)]
    scorecard_by: Option<i64>,
    /// Only candidates this recruiter (id) moved between stages, within `actedFrom`-`actedTo`.
    #[serde(default)]
    decided_by: Option<i64>,
    /// With `scorecardBy` or `decidedBy`: only what they did on this day (YYYY-MM-DD, the
    /// organisation's time zone) or later.
    #[serde(default)]
    #[param(format = Date)]
    acted_from: Option<String>,
    /// With `scorecardBy` or `decidedBy`: only what they did on this day or earlier.
    #[serde(default)]
    #[param(format = Date)]
    acted_to: Option<String>,
    /// Only candidates added on this day (YYYY-MM-DD, the organisation's time zone) or later.
    #[serde(default)]
    #[param(format = Date)]
    added_from: Option<String>,
    /// Only candidates added on this day or earlier.
    #[serde(default)]
    #[param(format = Date)]
    added_to: Option<String>,
}

impl ListParams {
    fn query(&self, state: &AppState, job_id: Option<i64>) -> Result<ListQuery> {
        let (added_from, added_until) = days(
            state,
            ("addedFrom", &self.added_from),
            ("addedTo", &self.added_to),
        )?;
        let (acted_from, acted_until) = days(
            state,
            ("actedFrom", &self.acted_from),
            ("actedTo", &self.acted_to),
        )?;
        Ok(ListQuery {
            job_id,
            text: Some(self.q.clone()),
            recommendation: Some(self.recommendation.clone()),
            stage: self.stage,
            interview_status: self.interview_status,
            source: self.source,
            reached: self.reached,
            finished: self.finished,
            fact: self.fact,
            closed_before: closed_before(state.clock.now()),
            scorecard_by: self.scorecard_by,
            decided_by: self.decided_by,
            acted_from,
            acted_until,
            added_from,
            added_until,
            sort: Sort::parse(&self.sort),
        })
    }

    /// `(page from 1, page size)`, or `None` for the whole list; a page size is checked even
    /// without a page.
    fn page(&self) -> Result<Option<(i64, i64)>> {
        let size = within("pageSize", self.page_size.unwrap_or(10), 1..=100)?;
        self.page
            .map(|page| Ok((within("page", page, 1..=MAX_PAGE)?, size)))
            .transpose()
    }
}

/// The instants (unix ms) from the start of the day named `from` to the end of the one named
/// `to` (each a query parameter, its name and value; either may be missing).
fn days(
    state: &AppState,
    (from_name, from): (&str, &Option<String>),
    (to_name, to): (&str, &Option<String>),
) -> Result<(Option<i64>, Option<i64>)> {
    let from = day_param(from_name, from.as_deref())?;
    let until = day_param(to_name, to.as_deref())?.map(|day| day.tomorrow().unwrap_or(day));
    let start = |day: Option<jiff::civil::Date>| {
        day.map(|d| state.start_of(d))
            .transpose()
            .map(|t| t.map(|t| t.as_millisecond()))
    };
    Ok((start(from)?, start(until)?))
}

/// The all-candidates list's JD filter (the JD list names its JD with [`JdParams`]).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct JobFilterParams {
    /// Only the candidates of this JD (integer id or folder id).
    #[serde(default)]
    #[param(inline)]
    jd_id: Option<JdId>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct JdParams {
    /// The JD (integer id or folder id).
    #[serde(default)]
    #[param(required = true, inline)]
    jd_id: JdId,
}

/// A resume of a JD (SPEC section 3's resume record).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ResumeRecord {
    overall_match_percentage: Option<i64>,
    recommendation: Option<Recommendation>,
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
    analysis_status: AnalysisStatus,
    analysis_error: Option<String>,
    /// Why the file could not be read, when `analysisStatus` is `unreadable`.
    unreadable_reason: Option<UnreadableReason>,
    /// Some of the text was read from pictures of pages (a scan, by OCR): check it.
    ocr: bool,
    /// How likely the name read from the resume is right (0-1); below 0.8 the recruiter is
    /// asked to check it. Null when no name was read from a file.
    name_confidence: Option<f64>,
    /// Null before an invite.
    invite_status: Option<InviteStatus>,
    /// The booked slot, UTC without a zone suffix.
    interview_date_time: Option<String>,
    /// The hiring stage, and why a candidacy ended (Rejected, Withdrawn).
    stage: Stage,
    stage_reason: Option<String>,
    /// How they entered the JD.
    source: Source,
}

/// The candidates of one JD, newest first. With `page` the answer is one page and the
/// `X-Total-Count` header says how many match in all.
#[utoipa::path(
    get, path = "/Drive/ViewJDResumes", tag = "candidates", security(("bearer" = []), ("apiToken" = ["candidates:read"])),
    params(JdParams, ListParams),
    responses(
        (status = 200, description = "The JD's candidates (one page with `page`)", body = [ResumeRecord],
            headers(("X-Total-Count" = i64, description = "How many candidates match in all"))),
        (status = 404, description = "No JD outside the bin has this id", body = ErrorBody),
    )
)]
pub(super) async fn view_jd_resumes(
    _: Recruiter,
    State(state): State<AppState>,
    Query(jd): Query<JdParams>,
    Query(list): Query<ListParams>,
) -> Result<Response> {
    let job_id = active_job_id(&state, &jd.jd_id.0).await?;
    let page = list.page()?;
    let query = list.query(&state, Some(job_id))?;
    respond(state, query, page, |state, row| {
        resume_record(state, row, state.clock.now())
    })
    .await
}

/// Rows read and written per step of a whole list.
const STREAM_CHUNK: usize = 500;

/// One page with its total; or the whole list written out as a JSON array a chunk of rows at
/// a time, so a list of 50,000 candidates never sits in memory as rows or as JSON (only its
/// ids do). A failure half-way cuts the answer off, which no client reads as a whole list.
async fn respond<T, F>(
    state: AppState,
    query: ListQuery,
    page: Option<(i64, i64)>,
    record: F,
) -> Result<Response>
where
    T: Serialize + 'static,
    F: Fn(&AppState, CandidateRow) -> T + Send + Sync + 'static,
{
    if let Some(page) = page {
        let (rows, total) = list_order::list(&state.lists, &state.db, &query, page).await?;
        let records: Vec<T> = rows.into_iter().map(|row| record(&state, row)).collect();
        return Ok(with_total(total, Json(records)));
    }
    let ids = list_order::ids(&state.lists, &state.db, &query).await?;
    let total = ids.len() as i64;
    let chunks: Vec<Vec<i64>> = ids.chunks(STREAM_CHUNK).map(<[i64]>::to_vec).collect();
    let (record, wrote_any) = (Arc::new(record), Arc::new(AtomicBool::new(false)));
    let rows = stream::iter(chunks).then(move |chunk| {
        let (state, record, wrote_any) = (state.clone(), record.clone(), wrote_any.clone());
        async move {
            let mut found: HashMap<i64, CandidateRow> = repo::find_many(&state.db, &chunk)
                .await?
                .into_iter()
                .map(|row| (row.id, row))
                .collect();
            let mut json = Vec::with_capacity(chunk.len() * 512);
            // Rows removed since the ids were read are left out.
            for row in chunk.iter().filter_map(|id| found.remove(id)) {
                if wrote_any.swap(true, Ordering::Relaxed) {
                    json.push(b',');
                }
                serde_json::to_writer(&mut json, &record(&state, row))
                    .map_err(|e| Error::Internal(e.into()))?;
            }
            Ok::<_, Error>(Bytes::from(json))
        }
    });
    let body = stream::once(async { Ok(Bytes::from_static(b"[")) })
        .chain(rows.inspect_err(|err| tracing::error!(error = %err, "a streamed list stopped")))
        .chain(stream::once(async { Ok(Bytes::from_static(b"]")) }));
    let response = (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        Body::from_stream(body),
    );
    Ok(with_total(total, response))
}

fn resume_record(state: &AppState, row: CandidateRow, now: Timestamp) -> ResumeRecord {
    let invite = summarize(state, &row);
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
        is_analyzed: row.analysis_status == AnalysisStatus::Done,
        is_active: true,
        modified_on: to_iso(from_millis(row.modified_on)),
        ats_score: row.ats_score,
        skills_match_score: row.skills_match,
        call_id: row.call_id,
        interview_status: row.interview_status,
        analysis_status: row.analysis_status,
        analysis_error: row.analysis_error,
        unreadable_reason: row.unreadable_reason,
        ocr: row.text_from_ocr,
        name_confidence: row.name_confidence,
        stage: row.stage,
        stage_reason: row.stage_reason,
        source: row.source,
    }
}

/// A candidate of any JD (SPEC section 3's all-candidates record).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AllCandidate {
    candidate_name: String,
    candidate_email: String,
    candidate_phone: String,
    jdname: String,
    jdid: String,
    job_desc_id: i64,
    #[serde(rename = "atsscore")]
    ats_score: Option<i64>,
    recommendation: Option<Recommendation>,
    interview_status: Option<String>,
    resume_id: i64,
    call_id: Option<String>,
    uploaded_at: String,
    file_name: Option<String>,
    analysis_status: AnalysisStatus,
    /// Null before an invite.
    invite_status: Option<InviteStatus>,
    /// The booked slot, UTC without a zone suffix.
    interview_date_time: Option<String>,
    /// The hiring stage, and why a candidacy ended (Rejected, Withdrawn).
    stage: Stage,
    stage_reason: Option<String>,
    /// How they entered the JD.
    source: Source,
}

/// Every candidate of every JD outside the bin, newest first; `jdId`, `page`, `pageSize`,
/// `sort`, `q`, `recommendation`, `stage`, `interviewStatus`, `source`, `reached`, `finished`,
/// `fact`, `scorecardBy`, `decidedBy`, `actedFrom`, `actedTo`, `addedFrom` and `addedTo` narrow
/// it (with `page`,
/// `X-Total-Count` gives the total).
#[utoipa::path(
    get, path = "/Drive/GetAllCandidates", tag = "candidates", security(("bearer" = []), ("apiToken" = ["candidates:read"])),
    params(JobFilterParams, ListParams),
    responses(
        (status = 200, description = "The candidates (one page with `page`)", body = [AllCandidate],
            headers(("X-Total-Count" = i64, description = "How many candidates match in all"))),
        (status = 404, description = "`jdId` names no JD outside the bin", body = ErrorBody),
    )
)]
pub(super) async fn get_all_candidates(
    _: Recruiter,
    State(state): State<AppState>,
    Query(job): Query<JobFilterParams>,
    Query(params): Query<ListParams>,
) -> Result<Response> {
    let job_id = match job.jd_id {
        Some(jd) if jd.0.trim().is_empty() => {
            return Err(Error::bad_request(
                ErrorCode::InvalidQuery,
                "jdId cannot be blank: leave it out to list every JD's candidates.",
            ));
        }
        Some(jd) => Some(active_job_id(&state, &jd.0).await?),
        None => None,
    };
    let page = params.page()?;
    let query = params.query(&state, job_id)?;
    respond(state, query, page, all_candidate).await
}

fn all_candidate(state: &AppState, row: CandidateRow) -> AllCandidate {
    let invite = summarize(state, &row);
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
        stage: row.stage,
        stage_reason: row.stage_reason,
        source: row.source,
    }
}

fn with_total(total: i64, body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(
        HeaderName::from_static("x-total-count"),
        HeaderValue::from(total),
    );
    response
}
