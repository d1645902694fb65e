//! Settings > Webhooks (admins): subscribe an endpoint (its secret shown once), rotate the
//! secret, resume a paused endpoint, remove one, read its delivery log and send a delivery
//! again.

use axum::extract::{Path as UrlPath, State};
use axum::http::StatusCode;
use hirelane_core::clock::{from_millis, to_iso};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::deliveries::{self, DeliveryRow, DeliveryStatus};
use super::endpoints::{self, EndpointRow, EndpointState, NewEndpoint};
use super::target::{self, Refusal};
use super::{events, signature};
use crate::auth::Admin;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::state::AppState;

/// The longest endpoint URL accepted.
const MAX_URL_CHARS: usize = 2000;
/// How many deliveries the log shows.
const LOG_ROWS: i64 = 100;

/// A subscribed endpoint (its secret is never shown again).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookEndpoint {
    pub id: i64,
    pub url: String,
    pub event_types: Vec<String>,
    /// Whether deliveries carry the candidate's personal fields (name, contact, files).
    pub include_personal_data: bool,
    pub state: EndpointState,
    /// Failed deliveries in a row (the endpoint is paused after too many).
    pub consecutive_failures: i64,
    pub created_at: String,
}

impl From<EndpointRow> for WebhookEndpoint {
    fn from(row: EndpointRow) -> Self {
        WebhookEndpoint {
            event_types: row.event_types(),
            id: row.id,
            url: row.url,
            include_personal_data: row.include_personal,
            state: row.state,
            consecutive_failures: row.consecutive_failures,
            created_at: to_iso(from_millis(row.created_at)),
        }
    }
}

/// The endpoints, and the event types one may subscribe to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookList {
    pub endpoints: Vec<WebhookEndpoint>,
    pub event_types: Vec<String>,
}

/// An endpoint to subscribe.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewWebhookBody {
    /// `https://…` (plain `http://` and internal addresses only with the operator's
    /// `webhooks.allow_private_targets`).
    #[serde(default)]
    #[schema(required = true)]
    url: String,
    #[serde(default)]
    #[schema(required = true)]
    event_types: Vec<String>,
    #[serde(default)]
    include_personal_data: bool,
}

/// A secret, shown this once: `whsec_` and the base64 signing key.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookSecret {
    pub endpoint: WebhookEndpoint,
    pub secret: String,
}

/// One delivery of the log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookDelivery {
    pub id: i64,
    /// The event's id (the `webhook-id` header), the same on every attempt.
    pub event_id: String,
    pub event_type: String,
    pub candidate_id: Option<i64>,
    pub created_at: String,
    pub status: DeliveryStatus,
    pub attempts: i64,
    /// When the next attempt is due; null unless pending.
    pub next_attempt_at: Option<String>,
    /// The endpoint's HTTP status at the last attempt, if it answered.
    pub response_code: Option<i64>,
    pub latency_ms: Option<i64>,
    /// Why the last attempt failed.
    pub error: Option<String>,
    pub delivered_at: Option<String>,
}

impl From<DeliveryRow> for WebhookDelivery {
    fn from(row: DeliveryRow) -> Self {
        let iso = |ms: i64| to_iso(from_millis(ms));
        WebhookDelivery {
            next_attempt_at: (row.status == DeliveryStatus::Pending)
                .then(|| iso(row.next_attempt_at)),
            created_at: iso(row.created_at),
            delivered_at: row.delivered_at.map(iso),
            id: row.id,
            event_id: row.event_id,
            event_type: row.event_type,
            candidate_id: row.candidate_id,
            status: row.status,
            attempts: row.attempts,
            response_code: row.response_code,
            latency_ms: row.latency_ms,
            error: row.last_error,
        }
    }
}

fn not_found() -> Error {
    Error::not_found(ErrorCode::NotFound, "No such webhook endpoint.")
}

fn id_of(raw: &str) -> Result<i64> {
    raw.trim().parse().map_err(|_| not_found())
}

/// The URL, checked as a delivery will check it (the host resolved, every address public).
async fn checked_url(state: &AppState, raw: &str) -> Result<String> {
    let allow_private = state.settings.webhooks.allow_private_targets;
    let invalid = |message: String| Error::bad_request(ErrorCode::InvalidWebhookUrl, message);
    if raw.trim().is_empty() || raw.len() > MAX_URL_CHARS {
        return Err(invalid(format!(
            "Enter the endpoint's https:// URL (at most {MAX_URL_CHARS} characters)."
        )));
    }
    let url = target::parse(raw, allow_private)
        .map_err(|e| invalid(format!("The URL is refused: {e}.")))?;
    match target::resolve(&url, allow_private).await {
        Ok(_) => Ok(url.to_string()),
        Err(refusal @ (Refusal::Private(_) | Refusal::Unresolved(_))) => Err(Error::bad_request(
            ErrorCode::WebhookTargetRefused,
            format!("The URL is refused: {refusal}."),
        )),
        Err(other) => Err(invalid(format!("The URL is refused: {other}."))),
    }
}

/// Every endpoint and the event types.
#[utoipa::path(
    get, path = "/Settings/Webhooks", tag = "webhooks", security(("bearer" = [])),
    responses(
        (status = 200, body = WebhookList, description = "The endpoints, oldest first, and the event types"),
        (status = 403, body = ErrorBody, description = "Only admins manage webhooks (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn list_webhooks(
    _: Admin,
    State(state): State<AppState>,
) -> Result<Json<WebhookList>> {
    let endpoints = endpoints::list(&state.db).await?;
    Ok(Json(WebhookList {
        endpoints: endpoints.into_iter().map(Into::into).collect(),
        event_types: events::all(),
    }))
}

/// Subscribes an endpoint; answers its secret, shown this once.
#[utoipa::path(
    post, path = "/Settings/Webhooks", tag = "webhooks", security(("bearer" = [])),
    request_body = NewWebhookBody,
    responses(
        (status = 201, body = WebhookSecret, description = "The endpoint and its secret"),
        (status = 400, body = ErrorBody, description = "Not an https URL (`invalid_webhook_url`), a host that resolves to an internal address (`webhook_target_refused`), no or unknown event types (`invalid_event_type`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage webhooks (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn add_webhook(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Json(body): Json<NewWebhookBody>,
) -> Result<(StatusCode, Json<WebhookSecret>)> {
    let url = checked_url(&state, &body.url).await?;
    let types = events::parse(&body.event_types).map_err(|unknown| {
        Error::bad_request(
            ErrorCode::InvalidEventType,
            format!("Unknown event type '{unknown}'."),
        )
    })?;
    if types.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::InvalidEventType,
            "Choose at least one event type.",
        ));
    }
    let key = signature::new_key();
    let new = NewEndpoint {
        url: &url,
        events: &types,
        include_personal: body.include_personal_data,
        secret: &key,
        created_by: admin.id,
    };
    let row = endpoints::add(&state.db, &new, state.clock.now()).await?;
    tracing::info!(
        endpoint = row.id,
        by = admin.id,
        "webhook endpoint subscribed"
    );
    let created = WebhookSecret {
        endpoint: row.into(),
        secret: signature::shown(&key),
    };
    Ok((StatusCode::CREATED, Json(created)))
}

/// Replaces the endpoint's secret (the old one stops signing at once); answers the new one.
#[utoipa::path(
    post, path = "/Settings/Webhooks/{id}/Secret", tag = "webhooks", security(("bearer" = [])),
    params(("id" = String, Path, description = "The endpoint's id")),
    responses(
        (status = 200, body = WebhookSecret, description = "The endpoint and its new secret"),
        (status = 404, body = ErrorBody, description = "No such endpoint (`not_found`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage webhooks (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn rotate_secret(
    Admin(admin): Admin,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<WebhookSecret>> {
    let id = id_of(&id)?;
    let key = signature::new_key();
    if !endpoints::set_secret(&state.db, id, &key).await? {
        return Err(not_found());
    }
    let row = endpoints::find(&state.db, id)
        .await?
        .ok_or_else(not_found)?;
    tracing::info!(endpoint = id, by = admin.id, "webhook secret rotated");
    Ok(Json(WebhookSecret {
        endpoint: row.into(),
        secret: signature::shown(&key),
    }))
}

/// Makes a paused endpoint deliver again (its waiting events go out in order).
#[utoipa::path(
    post, path = "/Settings/Webhooks/{id}/Resume", tag = "webhooks", security(("bearer" = [])),
    params(("id" = String, Path, description = "The endpoint's id")),
    responses(
        (status = 200, body = WebhookEndpoint, description = "The endpoint, active"),
        (status = 404, body = ErrorBody, description = "No such endpoint (`not_found`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage webhooks (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn resume_webhook(
    Admin(admin): Admin,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<WebhookEndpoint>> {
    let id = id_of(&id)?;
    if !endpoints::resume(&state.db, id).await? {
        return Err(not_found());
    }
    tracing::info!(endpoint = id, by = admin.id, "webhook endpoint resumed");
    let row = endpoints::find(&state.db, id)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(row.into()))
}

/// Removes the endpoint and its delivery log; nothing more is sent to it.
#[utoipa::path(
    delete, path = "/Settings/Webhooks/{id}", tag = "webhooks", security(("bearer" = [])),
    params(("id" = String, Path, description = "The endpoint's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, body = ErrorBody, description = "No such endpoint (`not_found`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage webhooks (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn remove_webhook(
    Admin(admin): Admin,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<StatusCode> {
    let id = id_of(&id)?;
    if !endpoints::remove(&state.db, id).await? {
        return Err(not_found());
    }
    tracing::info!(endpoint = id, by = admin.id, "webhook endpoint removed");
    Ok(StatusCode::NO_CONTENT)
}

/// The endpoint's latest deliveries, newest first.
#[utoipa::path(
    get, path = "/Settings/Webhooks/{id}/Deliveries", tag = "webhooks", security(("bearer" = [])),
    params(("id" = String, Path, description = "The endpoint's id")),
    responses(
        (status = 200, body = Vec<WebhookDelivery>, description = "At most the latest 100 deliveries"),
        (status = 404, body = ErrorBody, description = "No such endpoint (`not_found`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage webhooks (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn list_deliveries(
    _: Admin,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<Vec<WebhookDelivery>>> {
    let id = id_of(&id)?;
    endpoints::find(&state.db, id)
        .await?
        .ok_or_else(not_found)?;
    let rows = deliveries::list(&state.db, id, LOG_ROWS).await?;
    Ok(Json(rows.into_iter().map(Into::into).collect()))
}

/// Sends a delivery again now, with a fresh retry schedule (same event id).
#[utoipa::path(
    post, path = "/Settings/Webhooks/{id}/Deliveries/{deliveryId}/Resend", tag = "webhooks",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "The endpoint's id"),
        ("deliveryId" = String, Path, description = "The delivery's id"),
    ),
    responses(
        (status = 204, description = "Due now"),
        (status = 404, body = ErrorBody, description = "No such endpoint or delivery (`not_found`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage webhooks (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn resend_delivery(
    Admin(admin): Admin,
    State(state): State<AppState>,
    UrlPath((id, delivery)): UrlPath<(String, String)>,
) -> Result<StatusCode> {
    let (id, delivery) = (id_of(&id)?, id_of(&delivery)?);
    if !deliveries::resend(&state.db, id, delivery, state.clock.now()).await? {
        return Err(not_found());
    }
    tracing::info!(
        endpoint = id,
        delivery,
        by = admin.id,
        "webhook delivery sent again"
    );
    Ok(StatusCode::NO_CONTENT)
}
