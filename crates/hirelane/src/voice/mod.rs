//! Voice interviews: the provider client (Vapi's API, or the bundled simulator), assistants,
//! scheduled calls, call history, the provider's webhooks, the reconciler for lost webhooks,
//! interview analysis and recordings. Only the server talks to the provider; the browser calls
//! the `/Voice/...` routes and never sees the provider's key.

pub mod analysis;
pub mod client;
pub mod provider;
pub mod repo;
pub mod rules;
pub mod vapi;
mod webhook;

use std::time::Duration;

use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::client::recording_resource;
pub use self::client::{SIM_INFO_FILE, Voice, WEBHOOK_PATH, recording_link};
use self::provider::{CallQuery, ProviderError};
use self::repo::CallRow;
use self::vapi::Call;
use crate::auth::Recruiter;
use crate::clock::{from_millis, to_iso};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::state::AppState;

/// A call due this long ago without a report is polled at the provider.
const RECONCILE_GRACE: SignedDuration = SignedDuration::from_mins(2);
/// A poll leases its call this long, which also spaces out polls of a call still running.
const RECONCILE_LEASE: SignedDuration = SignedDuration::from_mins(5);

const NOT_AVAILABLE: &str = "Interview analysis is not available for this call.";

/// The voice routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_assistants, create_assistant))
        .routes(routes!(get_assistant, delete_assistant))
        .routes(routes!(list_calls, create_call))
        .routes(routes!(get_call))
        .routes(routes!(recording))
        .routes(routes!(interview_analysis))
        .routes(routes!(webhook::vapi_webhook))
}

/// A provider failure as the API answers it: the provider's own words for a request it
/// refused, `missing` for something it does not have, else `fallback` (cause logged).
pub(crate) fn provider_error(err: ProviderError, fallback: &str, missing: &str) -> Error {
    match err {
        ProviderError::Rejected { message, .. } => {
            Error::bad_request(ErrorCode::ProviderRejected, message)
        }
        ProviderError::NotFound => Error::not_found(ErrorCode::NotFound, missing),
        ProviderError::Unavailable(cause) | ProviderError::Invalid(cause) => {
            tracing::warn!(cause, "voice provider failure");
            Error::Unavailable {
                code: ErrorCode::ProviderUnavailable,
                message: fallback.to_owned(),
            }
        }
    }
}

/// An assistant as the provider describes it (SPEC section 3), without secrets.
#[derive(Debug, Serialize, ToSchema)]
#[schema(value_type = Object)]
struct AssistantView(Value);

/// Every assistant, newest first.
#[utoipa::path(
    get, path = "/Voice/assistants", tag = "voice", security(("bearer" = [])),
    responses((status = 200, body = [AssistantView]), (status = 401, body = ErrorBody), (status = 502, body = ErrorBody))
)]
async fn list_assistants(
    _: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Vec<AssistantView>>> {
    let all = state
        .voice
        .provider
        .list_assistants()
        .await
        .map_err(|e| provider_error(e, "Failed to load assistants.", "Assistant not found"))?;
    Ok(Json(
        all.iter()
            .map(|a| AssistantView(vapi::public_assistant(a)))
            .collect(),
    ))
}

/// One assistant.
#[utoipa::path(
    get, path = "/Voice/assistants/{id}", tag = "voice", security(("bearer" = [])),
    params(("id" = String, Path, description = "The provider's assistant id")),
    responses((status = 200, body = AssistantView), (status = 404, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn get_assistant(
    _: Recruiter,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<AssistantView>> {
    let assistant =
        state.voice.provider.get_assistant(&id).await.map_err(|e| {
            provider_error(e, "Failed to load the assistant.", "Assistant not found")
        })?;
    Ok(Json(AssistantView(vapi::public_assistant(&assistant))))
}

/// The Create Interview Assistant form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreateAssistantBody {
    #[serde(default)]
    assistant_name: String,
    #[serde(default)]
    candidate_name: String,
    #[serde(default)]
    role: String,
    #[serde(default)]
    experience: String,
    /// Interview length, e.g. "30" or "30 minutes".
    #[serde(default)]
    interview_time: String,
    #[serde(default)]
    topics: Vec<String>,
    #[serde(default)]
    questions: Vec<String>,
    #[serde(default)]
    tools: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
struct IdAnswer {
    id: String,
}

/// Creates an interviewer: the topics, questions and tools go into its system prompt and its
/// analysis plan; the fixed values (SPEC section 9) come from the configuration.
#[utoipa::path(
    post, path = "/Voice/assistants", tag = "voice", security(("bearer" = [])),
    request_body = CreateAssistantBody,
    responses((status = 200, body = IdAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 502, body = ErrorBody))
)]
async fn create_assistant(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<CreateAssistantBody>,
) -> Result<Json<IdAnswer>> {
    let form = rules::validate_assistant(&rules::AssistantInput {
        assistant_name: body.assistant_name,
        candidate_name: body.candidate_name,
        role: body.role,
        experience: body.experience,
        interview_time: body.interview_time,
        topics: body.topics,
        questions: body.questions,
        tools: body.tools,
    })?;
    let request = vapi::assistant_body(&form, &state.settings.voice, &state.voice.webhook());
    let created = state
        .voice
        .provider
        .create_assistant(&request)
        .await
        .map_err(|e| provider_error(e, "Failed to create assistant.", "Assistant not found"))?;
    let id = created["id"]
        .as_str()
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the provider answered no assistant id")))?
        .to_owned();
    tracing::info!(assistant_id = %id, recruiter_id = recruiter.id, "assistant created");
    Ok(Json(IdAnswer { id }))
}

#[derive(Debug, Serialize, ToSchema)]
struct Done {
    success: bool,
    message: String,
}

/// Deletes an assistant at the provider.
#[utoipa::path(
    delete, path = "/Voice/assistants/{id}", tag = "voice", security(("bearer" = [])),
    params(("id" = String, Path, description = "The provider's assistant id")),
    responses((status = 200, body = Done), (status = 404, body = ErrorBody), (status = 401, body = ErrorBody), (status = 502, body = ErrorBody))
)]
async fn delete_assistant(
    recruiter: Recruiter,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<Done>> {
    state
        .voice
        .provider
        .delete_assistant(&id)
        .await
        .map_err(|e| provider_error(e, "Failed to delete assistant", "Assistant not found"))?;
    tracing::info!(assistant_id = %id, recruiter_id = recruiter.id, "assistant deleted");
    Ok(Json(Done {
        success: true,
        message: "Assistant deleted successfully".into(),
    }))
}

/// The Schedule Interview Call form; `date` and `time` are in IST (+05:30).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreateCallBody {
    #[serde(default)]
    assistant_id: String,
    #[serde(default)]
    candidate_name: String,
    /// A leading '+' is added when missing.
    #[serde(default)]
    phone: String,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    date: String,
    /// `HH:MM`.
    #[serde(default)]
    time: String,
}

/// Schedules an outbound interview call (the provider's `schedulePlan.earliestAt`).
#[utoipa::path(
    post, path = "/Voice/calls", tag = "voice", security(("bearer" = [])),
    request_body = CreateCallBody,
    responses((status = 200, body = IdAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 502, body = ErrorBody))
)]
async fn create_call(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<CreateCallBody>,
) -> Result<Json<IdAnswer>> {
    let now = state.clock.now();
    let valid = rules::validate_call(
        &rules::CallInput {
            assistant_id: body.assistant_id,
            candidate_name: body.candidate_name,
            phone: body.phone,
            date: body.date,
            time: body.time,
        },
        now,
    )?;
    let mut metadata = Map::new();
    metadata.insert("candidateName".into(), json!(valid.candidate_name));
    metadata.insert("source".into(), json!("hirelane"));
    let request = vapi::call_body(
        &valid.assistant_id,
        &state.voice.phone_number_id,
        &valid.phone,
        &valid.candidate_name,
        &to_iso(valid.earliest_at),
        metadata,
    );
    let call = state
        .voice
        .provider
        .create_call(&request)
        .await
        .map_err(|e| provider_error(e, "Failed to schedule call.", "Assistant not found"))?;
    repo::insert(
        &state.db,
        &repo::NewCall {
            id: &call.id,
            assistant_id: Some(&valid.assistant_id),
            kind: call.kind.as_deref().unwrap_or("outboundPhoneCall"),
            candidate_name: &valid.candidate_name,
            phone: Some(&valid.phone),
            status: call.status.as_deref().unwrap_or("scheduled"),
            scheduled_at: Some(valid.earliest_at),
            created_at: now,
            created_by: Some(recruiter.id),
        },
        now,
    )
    .await?;
    tracing::info!(call_id = %call.id, recruiter_id = recruiter.id, "interview call scheduled");
    Ok(Json(IdAnswer { id: call.id }))
}

/// A web call prepared for a browser to join.
#[derive(Debug, Clone)]
pub struct WebCall {
    pub id: String,
    /// The room the browser joins (Daily's with Vapi, the simulator's join page locally).
    pub url: String,
}

/// Creates a web call (`POST /call/web`) and records it. The candidate join page of the
/// invite flow builds on this.
pub async fn create_web_call(
    state: &AppState,
    assistant_id: &str,
    candidate_name: &str,
    metadata: Map<String, Value>,
) -> Result<WebCall> {
    let now = state.clock.now();
    let mut metadata = metadata;
    metadata.insert("candidateName".into(), json!(candidate_name));
    let request = vapi::web_call_body(assistant_id, candidate_name, metadata);
    let call = state
        .voice
        .provider
        .create_web_call(&request)
        .await
        .map_err(|e| provider_error(e, "Failed to start the interview.", "Assistant not found"))?;
    let WebCall { url, .. } = web_call_of(&call)
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the provider answered no web call URL")))?;
    repo::insert(
        &state.db,
        &repo::NewCall {
            id: &call.id,
            assistant_id: Some(assistant_id),
            kind: "webCall",
            candidate_name,
            phone: None,
            status: call.status.as_deref().unwrap_or("queued"),
            scheduled_at: None,
            created_at: now,
            created_by: None,
        },
        now,
    )
    .await?;
    Ok(WebCall { id: call.id, url })
}

/// The room of a web call: `webCallUrl`, or `transport.callUrl` in newer answers.
pub fn web_call_of(call: &Call) -> Option<WebCall> {
    let url = call.web_call_url.clone().or_else(|| {
        call.transport
            .as_ref()
            .and_then(|t| t["callUrl"].as_str().map(str::to_owned))
    })?;
    Some(WebCall {
        id: call.id.clone(),
        url,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct CallListParams {
    /// At most this many calls (default 100, at most 1000).
    limit: Option<u32>,
    /// Only calls created after this instant (ISO-8601).
    created_at_gt: Option<String>,
    /// Only calls created before this instant (ISO-8601).
    created_at_lt: Option<String>,
}

/// A call in the provider's shape (SPEC section 3), built from what we stored and what the
/// provider knows. `artifact.recordingUrl` is our signed proxy link.
#[derive(Debug, Serialize, ToSchema)]
#[schema(value_type = Object)]
struct CallView(Value);

fn parse_instant(raw: Option<&str>) -> Result<Option<Timestamp>> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => s
            .parse::<Timestamp>()
            .map(Some)
            .map_err(|_| Error::bad_request(ErrorCode::InvalidQuery, "Invalid date filter.")),
    }
}

/// Calls, newest first: ours merged with the provider's.
#[utoipa::path(
    get, path = "/Voice/calls", tag = "voice", security(("bearer" = [])), params(CallListParams),
    responses((status = 200, body = [CallView]), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn list_calls(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<CallListParams>,
) -> Result<Json<Vec<CallView>>> {
    let limit = params.limit.unwrap_or(100).clamp(1, 1000);
    let after = parse_instant(params.created_at_gt.as_deref())?;
    let before = parse_instant(params.created_at_lt.as_deref())?;
    let stored = repo::list(&state.db, after, before, i64::from(limit)).await?;
    let query = CallQuery {
        limit: Some(limit),
        created_at_gt: after.map(to_iso_millis),
        created_at_lt: before.map(to_iso_millis),
    };
    // Our store holds every call we placed; the provider adds calls made elsewhere and fresher
    // state. When it is unreachable the history still shows what we know.
    let remote = match state.voice.provider.list_calls(&query).await {
        Ok(calls) => calls,
        Err(err) => {
            tracing::warn!(error = %err, "call history: provider unreachable, showing stored calls");
            Vec::new()
        }
    };
    let now = state.clock.now();
    let mut views: Vec<(String, Value)> = Vec::new();
    for row in &stored {
        let call = remote.iter().find(|c| c.id == row.id);
        views.push((row.id.clone(), call_view(&state, Some(row), call, now)));
    }
    for call in remote
        .iter()
        .filter(|c| !stored.iter().any(|r| r.id == c.id))
    {
        views.push((call.id.clone(), call_view(&state, None, Some(call), now)));
    }
    views.sort_by(|a, b| {
        b.1["createdAt"]
            .as_str()
            .unwrap_or("")
            .cmp(a.1["createdAt"].as_str().unwrap_or(""))
    });
    views.truncate(limit as usize);
    Ok(Json(views.into_iter().map(|(_, v)| CallView(v)).collect()))
}

fn to_iso_millis(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// One call.
#[utoipa::path(
    get, path = "/Voice/calls/{id}", tag = "voice", security(("bearer" = [])),
    params(("id" = String, Path, description = "The provider's call id")),
    responses((status = 200, body = CallView), (status = 404, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn get_call(
    _: Recruiter,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<CallView>> {
    let row = fresh_row(&state, &id).await?;
    let remote = match state.voice.provider.get_call(&id).await {
        Ok(call) => Some(call),
        Err(ProviderError::NotFound) => None,
        Err(err) => {
            tracing::warn!(error = %err, call_id = %id, "call detail: provider unreachable");
            None
        }
    };
    if row.is_none() && remote.is_none() {
        return Err(Error::not_found(ErrorCode::NotFound, "Call not found."));
    }
    let now = state.clock.now();
    Ok(Json(CallView(call_view(
        &state,
        row.as_ref(),
        remote.as_ref(),
        now,
    ))))
}

/// The stored call; when its report is missing, the provider is asked once (a lost webhook
/// should not make a recruiter wait for the reconciler).
async fn fresh_row(state: &AppState, id: &str) -> Result<Option<CallRow>> {
    let Some(row) = repo::find(&state.db, id).await? else {
        return Ok(None);
    };
    if row.report_received_at.is_some() {
        return Ok(Some(row));
    }
    match state.voice.provider.get_call(id).await {
        Ok(call) if call.is_ended() => {
            repo::store_report(&state.db, id, &call.report(), state.clock.now()).await?;
            repo::find(&state.db, id).await
        }
        Ok(_) => Ok(Some(row)),
        Err(err) => {
            tracing::debug!(error = %err, call_id = %id, "call not refreshed from the provider");
            Ok(Some(row))
        }
    }
}

fn ms_iso(ms: Option<i64>) -> Value {
    ms.map(|m| json!(to_iso(from_millis(m))))
        .unwrap_or(Value::Null)
}

/// Builds the API's view of a call from the stored row (authoritative once the report is in)
/// and the provider's call.
fn call_view(
    state: &AppState,
    row: Option<&CallRow>,
    call: Option<&Call>,
    now: Timestamp,
) -> Value {
    let remote_report = call.filter(|c| c.is_ended()).map(Call::report);
    let reported = row.is_some_and(|r| r.report_received_at.is_some());
    let id = row
        .map(|r| r.id.clone())
        .or_else(|| call.map(|c| c.id.clone()))
        .unwrap_or_default();
    let (summary, success, structured, transcript, has_recording) = match (row, &remote_report) {
        (Some(r), _) if reported => (
            r.summary.clone(),
            r.success_evaluation.clone(),
            r.structured_data
                .as_deref()
                .and_then(|s| serde_json::from_str::<Value>(s).ok()),
            r.transcript.clone(),
            r.recording_url.is_some(),
        ),
        (_, Some(rep)) => (
            rep.summary.clone(),
            rep.success_evaluation.clone(),
            rep.structured_data.clone(),
            rep.transcript.clone(),
            rep.recording_url.is_some(),
        ),
        _ => (None, None, None, None, false),
    };
    let scores = structured
        .as_ref()
        .map(analysis::Scores::from_structured)
        .unwrap_or_default();
    let status = if reported || remote_report.is_some() {
        Some(analysis::interview_status(success.as_deref(), &scores).as_str())
    } else {
        None
    };
    let call_status = call
        .and_then(|c| c.status.clone())
        .or_else(|| row.map(|r| r.status.clone()));
    let candidate = row
        .map(|r| r.candidate_name.clone())
        .filter(|n| !n.is_empty())
        .or_else(|| call.and_then(Call::candidate_name));
    let iso_or = |stored: Option<i64>, remote: Option<&String>| {
        if stored.is_some() {
            ms_iso(stored)
        } else {
            remote.map(|s| json!(s)).unwrap_or(Value::Null)
        }
    };
    let started = iso_or(
        row.and_then(|r| r.started_at),
        remote_report.as_ref().and_then(|r| r.started_at.as_ref()),
    );
    let ended = iso_or(
        row.and_then(|r| r.ended_at),
        remote_report.as_ref().and_then(|r| r.ended_at.as_ref()),
    );
    let created = match (row, call.and_then(|c| c.created_at.as_ref())) {
        (_, Some(remote)) => json!(remote),
        (Some(r), None) => ms_iso(Some(r.created_at)),
        (None, None) => Value::Null,
    };
    let mut analysis_value = Map::new();
    if let Some(s) = &summary {
        analysis_value.insert("summary".into(), json!(s));
    }
    if let Some(s) = &success {
        analysis_value.insert("successEvaluation".into(), json!(s));
    }
    if let Some(s) = &structured {
        analysis_value.insert("structuredData".into(), s.clone());
    }
    json!({
        "id": id,
        "type": call.and_then(|c| c.kind.clone()).or_else(|| row.map(|r| r.kind.clone())),
        "assistantId": row.and_then(|r| r.assistant_id.clone()).or_else(|| call.and_then(|c| c.assistant_id.clone())),
        "name": call.and_then(|c| c.name.clone()),
        "status": call_status,
        "endedReason": row.and_then(|r| r.ended_reason.clone()).or_else(|| call.and_then(|c| c.ended_reason.clone())),
        "createdAt": created,
        "startedAt": started,
        "endedAt": ended,
        "scheduledAt": row.and_then(|r| r.scheduled_at).map(|m| json!(to_iso(from_millis(m))))
            .or_else(|| call.and_then(Call::earliest_at).map(|s| json!(s))),
        "customer": { "number": row.and_then(|r| r.phone.clone()).or_else(|| call.and_then(Call::phone)) },
        "metadata": { "candidateName": candidate },
        "artifact": {
            "transcript": transcript,
            "recordingUrl": has_recording.then(|| recording_link(&state.keys, &id, now)),
        },
        "analysis": analysis_value,
        "interviewStatus": status,
        "scores": {
            "technicalScore": scores.technical,
            "communicationScore": scores.communication,
            "problemSolvingScore": scores.problem_solving,
            "culturalFitScore": scores.cultural_fit,
        },
    })
}

/// The analysis of one interview (SPEC section 3, with the spec's `keyTakeways` spelling),
/// plus everything else the analysis page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InterviewAnalysis {
    call_id: String,
    /// Pass, Fail or Needs Review.
    interview_status: String,
    technical_score: Option<i64>,
    communication_score: Option<i64>,
    problem_solving_score: Option<i64>,
    cultural_fit_score: Option<i64>,
    summary: String,
    /// Comma-separated.
    key_skills: String,
    key_takeways: String,
    experience: String,
    /// Our signed, expiring proxy link to the recording.
    audio_link: Option<String>,
    candidate_name: String,
    success_evaluation: Option<String>,
    transcript: Option<String>,
    started_at: Option<String>,
    ended_at: Option<String>,
    ended_reason: Option<String>,
    #[schema(value_type = Object)]
    structured_data: Value,
}

/// The stored analysis of a call.
#[utoipa::path(
    get, path = "/Interview/InterviewAnalysis/{callId}", tag = "voice", security(("bearer" = [])),
    params(("callId" = String, Path, description = "The provider's call id")),
    responses((status = 200, body = InterviewAnalysis), (status = 404, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn interview_analysis(
    _: Recruiter,
    State(state): State<AppState>,
    UrlPath(call_id): UrlPath<String>,
) -> Result<Json<InterviewAnalysis>> {
    let row = fresh_row(&state, &call_id)
        .await?
        .filter(|r| r.report_received_at.is_some())
        .ok_or_else(|| Error::not_found(ErrorCode::AnalysisNotAvailable, NOT_AVAILABLE))?;
    let data = row
        .structured_data
        .as_deref()
        .and_then(|s| serde_json::from_str::<Value>(s).ok())
        .unwrap_or_else(|| json!({}));
    let now = state.clock.now();
    let candidate_name = analysis::text(&data["candidateInformation"]["fullName"])
        .filter(|_| row.candidate_name.is_empty())
        .unwrap_or_else(|| row.candidate_name.clone());
    Ok(Json(InterviewAnalysis {
        interview_status: row
            .interview_status
            .clone()
            .unwrap_or_else(|| "Needs Review".into()),
        technical_score: row.technical_score,
        communication_score: row.communication_score,
        problem_solving_score: row.problem_solving_score,
        cultural_fit_score: row.cultural_fit_score,
        summary: row.summary.clone().unwrap_or_default(),
        key_skills: analysis::text(&data["keySkills"]).unwrap_or_default(),
        key_takeways: analysis::text(&data["keyTakeaways"]).unwrap_or_default(),
        experience: analysis::text(&data["experience"]).unwrap_or_default(),
        audio_link: row
            .recording_url
            .as_ref()
            .map(|_| recording_link(&state.keys, &row.id, now)),
        candidate_name,
        success_evaluation: row.success_evaluation.clone(),
        transcript: row.transcript.clone(),
        started_at: row.started_at.map(|m| to_iso(from_millis(m))),
        ended_at: row.ended_at.map(|m| to_iso(from_millis(m))),
        ended_reason: row.ended_reason.clone(),
        structured_data: data,
        call_id: row.id,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct RecordingParams {
    /// Unix seconds after which the link is refused.
    #[serde(default)]
    expires: i64,
    #[serde(default)]
    signature: String,
}

/// Streams a call's recording from the provider with the server's key. Authenticated by the
/// link's signature (handed out by the protected call and analysis routes), because an
/// `<audio>` element cannot send a bearer token. `Range` is passed through.
#[utoipa::path(
    get, path = "/Voice/recordings/{callId}", tag = "voice", params(("callId" = String, Path), RecordingParams),
    responses(
        (status = 200, description = "The recording", content_type = "audio/wav"),
        (status = 206, description = "Part of the recording"),
        (status = 401, body = ErrorBody, description = "Missing, forged or expired link"),
        (status = 404, body = ErrorBody),
    )
)]
async fn recording(
    State(state): State<AppState>,
    UrlPath(call_id): UrlPath<String>,
    Query(params): Query<RecordingParams>,
    headers: HeaderMap,
) -> Result<Response> {
    if !state.keys.verify_link(
        &recording_resource(&call_id),
        params.expires,
        &params.signature,
        state.clock.now().as_second(),
    ) {
        return Err(Error::Unauthorized);
    }
    let range = headers.get(header::RANGE).and_then(|v| v.to_str().ok());
    let rec = state
        .voice
        .provider
        .recording(&call_id, range)
        .await
        .map_err(|e| {
            provider_error(e, "The recording is not available.", "Recording not found.")
        })?;
    let mut response = Response::builder()
        .status(StatusCode::from_u16(rec.status).unwrap_or(StatusCode::OK))
        .header(header::CACHE_CONTROL, "private, max-age=3600");
    for (name, value) in [
        (header::CONTENT_TYPE, rec.content_type),
        (header::CONTENT_LENGTH, rec.content_length),
        (header::CONTENT_RANGE, rec.content_range),
        (header::ACCEPT_RANGES, rec.accept_ranges),
    ] {
        if let Some(value) = value {
            response = response.header(name, value);
        }
    }
    response
        .body(rec.body)
        .map_err(|e| Error::Internal(anyhow::anyhow!("recording response: {e}")))
        .map(IntoResponse::into_response)
}

/// Polls the provider for calls that should have ended but whose report never came (Vapi does
/// not retry webhooks). Safe on several instances: each call is claimed by one atomic UPDATE.
/// Returns how many reports it stored.
pub async fn reconcile(state: &AppState) -> Result<usize> {
    let now = state.clock.now();
    let mut stored = 0;
    for id in repo::unreported(&state.db, now, RECONCILE_GRACE).await? {
        if !repo::claim(&state.db, &id, now, RECONCILE_LEASE).await? {
            continue;
        }
        match state.voice.provider.get_call(&id).await {
            Ok(call) if call.is_ended() => {
                if repo::store_report(&state.db, &id, &call.report(), now).await? {
                    tracing::info!(call_id = %id, "reconciler stored a missing end-of-call report");
                    stored += 1;
                }
            }
            Ok(call) => {
                if let Some(status) = call.status.as_deref() {
                    repo::apply_status(&state.db, &id, status, None, now).await?;
                }
            }
            Err(ProviderError::NotFound) => {
                // Deleted at the provider: close it so it is not polled for ever.
                let report = vapi::Report {
                    ended_reason: Some("not-found".into()),
                    ..Default::default()
                };
                repo::store_report(&state.db, &id, &report, now).await?;
            }
            Err(err) => {
                tracing::warn!(call_id = %id, error = %err, "reconciler: provider unreachable")
            }
        }
    }
    Ok(stored)
}

/// The reconciler's loop: every `voice.reconcile_interval_seconds`, first run at start.
pub async fn run_reconciler(state: AppState) {
    let seconds = state.settings.voice.reconcile_interval_seconds;
    if seconds == 0 {
        return;
    }
    let mut tick = tokio::time::interval(Duration::from_secs(seconds));
    loop {
        tick.tick().await;
        if let Err(err) = reconcile(&state).await {
            tracing::warn!(error = %err, "voice reconciler failed");
        }
    }
}
