//! Settings › API tokens (admins only): list, create (the secret answered once) and revoke.
//! None of these routes names a scope, so no API token can manage tokens.

use axum::extract::{Path as UrlPath, State};
use axum::http::StatusCode;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Admin;
use super::api_tokens::{self, ApiToken, NewToken, Scope};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::state::AppState;

/// The longest name accepted.
pub const MAX_NAME: usize = 80;

/// Every API token, the newest first, revoked ones included (never a secret).
#[utoipa::path(
    get, path = "/Settings/ApiTokens", tag = "api tokens", security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<ApiToken>, description = "The tokens"),
        (status = 403, body = ErrorBody, description = "Only admins manage API tokens (`forbidden`); never with an API token (`token_scope`)"),
    )
)]
pub(super) async fn list_api_tokens(
    _: Admin,
    State(state): State<AppState>,
) -> Result<Json<Vec<ApiToken>>> {
    api_tokens::list(&state.db).await.map(Json)
}

/// A token to make.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewApiToken {
    /// What the integration is, e.g. "HRIS sync".
    #[schema(min_length = 1, max_length = 80)]
    name: String,
    /// At least one.
    #[schema(min_items = 1)]
    scopes: Vec<Scope>,
    /// When it stops working (an ISO 8601 instant in the future); none: until revoked.
    #[serde(default)]
    expires_at: Option<String>,
}

/// A new token and its secret, which is never shown again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedApiToken {
    token: ApiToken,
    /// `hl_…`: send it as `Authorization: Bearer hl_…`.
    secret: String,
}

/// Makes a token (admins only); the answer holds its secret, the only time it is shown.
#[utoipa::path(
    post, path = "/Settings/ApiTokens", tag = "api tokens", security(("bearer" = [])),
    request_body = NewApiToken,
    responses(
        (status = 201, body = CreatedApiToken, description = "Made; `secret` is shown only now"),
        (status = 400, body = ErrorBody, description = "No name, a name over 80 characters or of several lines, or no scope (`invalid_body`); an unknown scope (`invalid_json`); an expiry that is not a future ISO 8601 instant (`invalid_date_time`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage API tokens (`forbidden`); never with an API token (`token_scope`)"),
    )
)]
pub(super) async fn create_api_token(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Json(body): Json<NewApiToken>,
) -> Result<(StatusCode, Json<CreatedApiToken>)> {
    let now = state.clock.now();
    let name = checked_name(&body.name)?;
    if body.scopes.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::InvalidBody,
            "Choose at least one scope.",
        ));
    }
    let mut scopes = body.scopes.clone();
    scopes.sort_by_key(|s| s.as_str());
    scopes.dedup();
    let expires_at = body
        .expires_at
        .as_deref()
        .map(|raw| checked_expiry(raw, now))
        .transpose()?;
    let new = NewToken {
        name,
        scopes: &scopes,
        expires_at,
        created_by: admin.id,
    };
    let (token, secret) = api_tokens::create(&state.db, new, now).await?;
    tracing::info!(token_id = token.id, by = admin.id, "API token created");
    Ok((StatusCode::CREATED, Json(CreatedApiToken { token, secret })))
}

/// Revokes a token at once, on every instance; revoking it again changes nothing.
#[utoipa::path(
    delete, path = "/Settings/ApiTokens/{id}", tag = "api tokens", security(("bearer" = [])),
    params(("id" = String, Path, description = "The token's id")),
    responses(
        (status = 200, body = ApiToken, description = "Revoked (with when)"),
        (status = 404, body = ErrorBody, description = "No such token (`not_found`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage API tokens (`forbidden`); never with an API token (`token_scope`)"),
    )
)]
pub(super) async fn revoke_api_token(
    Admin(admin): Admin,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<ApiToken>> {
    let missing = || Error::not_found(ErrorCode::NotFound, "No such API token.");
    let id: i64 = id.trim().parse().map_err(|_| missing())?;
    let token = api_tokens::revoke(&state.db, id, state.clock.now())
        .await?
        .ok_or_else(missing)?;
    tracing::info!(token_id = id, by = admin.id, "API token revoked");
    Ok(Json(token))
}

/// The name trimmed, or why it is refused.
fn checked_name(name: &str) -> Result<&str> {
    let invalid = |message: String| Error::bad_request(ErrorCode::InvalidBody, message);
    let name = name.trim();
    if name.is_empty() {
        return Err(invalid("Please name the token.".to_owned()));
    }
    if name.chars().count() > MAX_NAME {
        return Err(invalid(format!(
            "A token's name cannot exceed {MAX_NAME} characters."
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(invalid(
            "A token's name must be one line of text.".to_owned(),
        ));
    }
    Ok(name)
}

/// An expiry must be an instant, and a later one than now.
fn checked_expiry(raw: &str, now: Timestamp) -> Result<Timestamp> {
    let invalid = |message: &str| Error::bad_request(ErrorCode::InvalidDateTime, message);
    let at: Timestamp = raw.trim().parse().map_err(|_| {
        invalid("The expiry must be an ISO 8601 instant, e.g. 2027-01-31T00:00:00Z.")
    })?;
    if at <= now {
        return Err(invalid("The expiry must be in the future."));
    }
    Ok(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_one_trimmed_line_of_at_most_80_characters() {
        assert_eq!(checked_name("  HRIS sync ").ok(), Some("HRIS sync"));
        assert!(checked_name("  ").is_err());
        assert!(checked_name("a\nb").is_err());
        assert!(checked_name(&"x".repeat(MAX_NAME)).is_ok());
        assert!(checked_name(&"x".repeat(MAX_NAME + 1)).is_err());
    }

    #[test]
    fn an_expiry_is_a_future_instant() {
        let now: Timestamp = "2026-11-27T12:00:00Z".parse().expect("instant");
        assert!(checked_expiry("2026-11-28T00:00:00Z", now).is_ok());
        assert!(checked_expiry("2026-11-27T12:00:00Z", now).is_err());
        assert!(checked_expiry("2026-11-26T00:00:00Z", now).is_err());
        assert!(checked_expiry("tomorrow", now).is_err());
        assert!(checked_expiry("2026-11-28", now).is_err());
    }
}
