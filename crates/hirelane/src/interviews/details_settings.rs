//! Settings › Details form: admins read, change and reset the candidate's next-step details
//! form; the candidate's page reads the form its invite asks.

use axum::extract::{Path as UrlPath, State};
use serde::Serialize;
use utoipa::ToSchema;

use super::access::invite_for;
use super::details_form::{self, DetailsFormSettings};
use crate::auth::Admin;
use crate::error::{ErrorBody, Result};
use crate::http::{ClientIp, Json};
use crate::state::AppState;

/// The form as configured, and whether it differs from the spec's.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct DetailsFormAnswer {
    #[serde(flatten)]
    settings: DetailsFormSettings,
    /// False while the spec's form is asked (nothing saved).
    customized: bool,
    /// When an admin last saved it (ISO-8601); null while the spec's form is asked.
    updated_at: Option<String>,
}

async fn answer(state: &AppState) -> Result<DetailsFormAnswer> {
    Ok(match details_form::load_row(&state.db).await? {
        Some(saved) => DetailsFormAnswer {
            settings: saved.settings,
            customized: true,
            updated_at: Some(saved.updated_at),
        },
        None => DetailsFormAnswer {
            settings: DetailsFormSettings::spec(),
            customized: false,
            updated_at: None,
        },
    })
}

/// The details form candidates are asked.
#[utoipa::path(
    get, path = "/Settings/DetailsForm", tag = "interviews", security(("bearer" = [])),
    responses(
        (status = 200, body = DetailsFormAnswer, description = "The form; the spec's while nothing is saved"),
        (status = 403, body = ErrorBody, description = "Only admins configure the form (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn details_form_settings(
    _: Admin,
    State(state): State<AppState>,
) -> Result<Json<DetailsFormAnswer>> {
    answer(&state).await.map(Json)
}

/// Replaces the details form: later submissions are checked against it (answers already sent
/// stay as they were).
#[utoipa::path(
    put, path = "/Settings/DetailsForm", tag = "interviews", security(("bearer" = [])),
    request_body = DetailsFormSettings,
    responses(
        (status = 200, body = DetailsFormAnswer, description = "Saved, as stored (ids given to new custom questions)"),
        (status = 400, body = ErrorBody, description = "A setting breaks a rule (`validation`): `message` names the first, `fields` every one"),
        (status = 403, body = ErrorBody, description = "Only admins configure the form (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn save_details_form(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Json(sent): Json<DetailsFormSettings>,
) -> Result<Json<DetailsFormAnswer>> {
    let settings = sent.checked()?;
    details_form::save(&state.db, &settings, admin.id, state.clock.now()).await?;
    tracing::info!(by = admin.id, "details form saved");
    answer(&state).await.map(Json)
}

/// Goes back to the spec's form.
#[utoipa::path(
    delete, path = "/Settings/DetailsForm", tag = "interviews", security(("bearer" = [])),
    responses(
        (status = 200, body = DetailsFormAnswer, description = "The spec's form is asked again"),
        (status = 403, body = ErrorBody, description = "Only admins configure the form (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn reset_details_form(
    Admin(admin): Admin,
    State(state): State<AppState>,
) -> Result<Json<DetailsFormAnswer>> {
    details_form::reset(&state.db).await?;
    tracing::info!(by = admin.id, "details form reset to the spec's");
    answer(&state).await.map(Json)
}

/// The details form this invite's candidate is asked (the invite's token is the credential).
#[utoipa::path(
    get, path = "/Interview/DetailsForm/{inviteId}", tag = "interviews",
    params(("inviteId" = String, Path, description = "The invite's token")),
    responses(
        (status = 200, body = DetailsFormSettings, description = "The form to render; the spec's while nothing is configured"),
        (status = 404, body = ErrorBody, description = "No invite has this token, or its link ended: 'No data found.' (`not_found`)"),
        (status = 429, body = ErrorBody, description = "More than 120 requests a minute from this client (`rate_limited`); `retryAfterSeconds` says when to try again"),
    )
)]
pub(super) async fn candidate_details_form(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    UrlPath(invite_id): UrlPath<String>,
) -> Result<Json<DetailsFormSettings>> {
    invite_for(&state, &ip, &invite_id).await?;
    details_form::load(&state.db).await.map(Json)
}
