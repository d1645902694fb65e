//! Calls: scheduled outbound interview calls, web calls the candidate's join page starts, and
//! the call history (ours merged with the provider's).

use axum::extract::{Path as UrlPath, State};
use hirelane_core::clock::to_iso;
use hirelane_core::keys::Keys;
use jiff::Timestamp;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use utoipa::{IntoParams, ToSchema};

use super::assistants::IdAnswer;
use super::conclusions::reports;
use super::provider::{CallQuery, ProviderError};
use super::provider_errors::provider_error;
use super::repo::{self, CallRow};
use super::rules;
use super::setup::{self, CallFor};
use super::vapi::{self, Call};
use super::view::{CallView, call_view};
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::state::AppState;

/// The Schedule Interview Call form; `date` and `time` are in IST (+05:30).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateCallBody {
    #[serde(default)]
    #[schema(required = true, pattern = r"\S")]
    assistant_id: String,
    #[serde(default)]
    #[schema(required = true, pattern = r"\S")]
    candidate_name: String,
    /// 7 to 15 digits with the country code; spaces, dashes, dots and brackets are ignored and a
    /// leading '+' is added when missing.
    #[serde(default)]
    #[schema(required = true, pattern = r"^[\s\-.()+]*(\d[\s\-.()+]*){7,15}$")]
    phone: String,
    /// `YYYY-MM-DD`, today or later in IST.
    #[serde(default)]
    #[schema(required = true, pattern = r"^\s*\d{4}-\d{2}-\d{2}\s*$")]
    date: String,
    /// `HH:MM`.
    #[serde(default)]
    #[schema(required = true, pattern = r"^\s*\d{2}:\d{2}\s*$")]
    time: String,
}

/// Schedules an outbound interview call (the provider's `schedulePlan.earliestAt`).
#[utoipa::path(
    post, path = "/Voice/calls", tag = "voice", security(("bearer" = [])),
    request_body = CreateCallBody,
    responses(
        (status = 200, body = IdAnswer, description = "The scheduled call's id"),
        (status = 400, body = ErrorBody, description = "A field breaks a rule of the form (`validation`, `invalid_date_time`), or the provider refused the call (`provider_rejected`)"),
        (status = 404, body = ErrorBody, description = "The provider has no such assistant"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 502, body = ErrorBody, description = "The voice provider failed or cannot be reached (`provider_unavailable`)"),
    )
)]
pub async fn create_call(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<CreateCallBody>,
) -> Result<Json<IdAnswer>> {
    let valid = rules::validate_call(
        &rules::CallInput {
            assistant_id: body.assistant_id,
            candidate_name: body.candidate_name,
            phone: body.phone,
            date: body.date,
            time: body.time,
        },
        state.clock.now(),
    )?;
    let id = schedule_call(&state, &valid, recruiter.id).await?;
    tracing::info!(call_id = %id, recruiter_id = recruiter.id, "interview call scheduled");
    Ok(Json(IdAnswer { id }))
}

/// Asks the provider to place the call at its time (`schedulePlan.earliestAt`) and records it.
async fn schedule_call(
    state: &AppState,
    valid: &rules::ValidCall,
    recruiter_id: i64,
) -> Result<String> {
    let now = state.clock.now();
    let mut metadata = Map::new();
    metadata.insert("source".into(), json!("hirelane"));
    let who = CallFor {
        candidate_name: &valid.candidate_name,
        ..CallFor::default()
    };
    const FAILED: &str = "Failed to schedule call.";
    let setup = setup::prepare(state, &valid.assistant_id, &who, metadata, FAILED).await?;
    let request = vapi::call_body(
        &valid.assistant_id,
        &crate::voice::client::of(state)?.phone_number_id,
        &valid.phone,
        &to_iso(valid.earliest_at),
        &setup,
    );
    let call = crate::voice::client::of(state)?
        .provider
        .create_call(&request)
        .await
        .map_err(|e| provider_error(e, FAILED, "Assistant not found"))?;
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
            created_by: Some(recruiter_id),
            invite_id: None,
            questions: Some(&setup.questions),
        },
        now,
    )
    .await?;
    Ok(call.id)
}

/// A web call prepared for a browser to join.
#[derive(Debug, Clone)]
pub struct WebCall {
    pub id: String,
    /// The room the browser joins (Daily's with Vapi, the simulator's join page locally).
    pub url: String,
    /// The room's token, when the provider gives one (`transport.callToken`).
    pub call_token: Option<String>,
}

/// Creates a web call (`POST /call/web`) with the server's key, personal to `who`, and records
/// it. The browser only ever gets the room to join.
pub async fn create_web_call(
    state: &AppState,
    assistant_id: &str,
    who: &CallFor<'_>,
    metadata: Map<String, Value>,
) -> Result<WebCall> {
    const FAILED: &str = "Failed to start the interview.";
    let now = state.clock.now();
    let setup = setup::prepare(state, assistant_id, who, metadata, FAILED).await?;
    let request = vapi::web_call_body(assistant_id, &setup);
    let call = crate::voice::client::of(state)?
        .provider
        .create_web_call(&request)
        .await
        .map_err(|e| provider_error(e, FAILED, "Assistant not found"))?;
    let web_call = web_call_of(&call)
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the provider answered no web call URL")))?;
    repo::insert(
        &state.db,
        &repo::NewCall {
            id: &call.id,
            assistant_id: Some(assistant_id),
            kind: "webCall",
            candidate_name: who.candidate_name,
            phone: None,
            status: call.status.as_deref().unwrap_or("queued"),
            scheduled_at: None,
            created_at: now,
            created_by: None,
            invite_id: who.invite_id,
            questions: Some(&setup.questions),
        },
        now,
    )
    .await?;
    Ok(web_call)
}

/// The room of a web call: `webCallUrl`, or `transport.callUrl` in newer answers.
pub fn web_call_of(call: &Call) -> Option<WebCall> {
    let url = call.web_call_url.clone().or_else(|| {
        call.transport
            .as_ref()
            .and_then(|t| t["callUrl"].as_str().map(str::to_owned))
    })?;
    let transport = call.transport.as_ref();
    Some(WebCall {
        id: call.id.clone(),
        url,
        call_token: transport.and_then(|t| t["callToken"].as_str().map(str::to_owned)),
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CallListParams {
    /// At most this many calls (default 100); larger values mean 1000, 0 means 1.
    #[param(value_type = Option<i64>, minimum = 0, maximum = 4294967295_i64)]
    limit: Option<u32>,
    /// Only calls created after this instant (RFC 3339); empty means no bound.
    #[param(schema_with = instant_or_empty)]
    created_at_gt: Option<String>,
    /// Only calls created before this instant (RFC 3339); empty means no bound.
    #[param(schema_with = instant_or_empty)]
    created_at_lt: Option<String>,
}

/// An RFC 3339 instant, or nothing (the call history's date filter when a bound is cleared).
fn instant_or_empty() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, Type};
    let schema = OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime))),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .max_length(Some(0)),
        )
        .build();
    utoipa::openapi::schema::Schema::OneOf(schema)
}

fn parse_instant(raw: Option<&str>) -> Result<Option<Timestamp>> {
    match raw.filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => s
            .parse::<Timestamp>()
            .map(Some)
            .map_err(|_| Error::bad_request(ErrorCode::InvalidQuery, "Invalid date filter.")),
    }
}

/// Calls, newest first: ours merged with the provider's.
#[utoipa::path(
    get, path = "/Voice/calls", tag = "voice", security(("bearer" = []), ("apiToken" = ["interviews:read"])), params(CallListParams),
    responses(
        (status = 200, body = [CallView], description = "Calls, newest first; only the stored ones when the provider cannot be reached"),
        (status = 400, body = ErrorBody, description = "A date filter is not an ISO-8601 instant (`invalid_query`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub async fn list_calls(
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
    let remote = match crate::voice::client::of(&state)?
        .provider
        .list_calls(&query)
        .await
    {
        Ok(calls) => calls,
        Err(err) => {
            tracing::warn!(error = %err, "call history: provider unreachable, showing stored calls");
            Vec::new()
        }
    };
    Ok(Json(history(
        &stored,
        &remote,
        &state.keys,
        state.clock.now(),
        limit as usize,
    )))
}

/// Our calls merged with the provider's, newest first: a stored call takes the provider's
/// fresher state; calls made elsewhere are added.
fn history(
    stored: &[CallRow],
    remote: &[Call],
    keys: &Keys,
    now: Timestamp,
    limit: usize,
) -> Vec<CallView> {
    let mut views: Vec<CallView> = stored
        .iter()
        .map(|row| {
            let call = remote.iter().find(|c| c.id == row.id);
            call_view(keys, Some(row), call, now)
        })
        .collect();
    views.extend(
        remote
            .iter()
            .filter(|c| !stored.iter().any(|r| r.id == c.id))
            .map(|call| call_view(keys, None, Some(call), now)),
    );
    // ISO-8601 instants in UTC sort as text.
    views.sort_by(|a, b| b.created_at.cmp(&a.created_at));
    views.truncate(limit);
    views
}

fn to_iso_millis(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// One call.
#[utoipa::path(
    get, path = "/Voice/calls/{id}", tag = "voice", security(("bearer" = []), ("apiToken" = ["interviews:read"])),
    params(("id" = String, Path, description = "The provider's call id")),
    responses(
        (status = 200, body = CallView, description = "The call"),
        (status = 404, body = ErrorBody, description = "Neither we nor the provider know this call"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub async fn get_call(
    _: Recruiter,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<CallView>> {
    let row = fresh_row(&state, &id).await?;
    let remote = match crate::voice::client::of(&state)?
        .provider
        .get_call(&id)
        .await
    {
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
    Ok(Json(call_view(
        &state.keys,
        row.as_ref(),
        remote.as_ref(),
        now,
    )))
}

/// The stored call; when its report is missing, the provider is asked once (a lost webhook
/// should not make a recruiter wait for the reconciler).
pub(crate) async fn fresh_row(state: &AppState, id: &str) -> Result<Option<CallRow>> {
    let Some(row) = repo::find(&state.db, id).await? else {
        return Ok(None);
    };
    if row.report_received_at.is_some() {
        return Ok(Some(row));
    }
    match crate::voice::client::of(state)?.provider.get_call(id).await {
        Ok(call) if call.is_ended() => {
            reports::store(state, id, &call.report()).await?;
            repo::find(&state.db, id).await
        }
        Ok(_) => Ok(Some(row)),
        Err(err) => {
            tracing::debug!(error = %err, call_id = %id, "call not refreshed from the provider");
            Ok(Some(row))
        }
    }
}
