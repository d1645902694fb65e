//! The organisation's name as candidates read it (careers pages, their e-mails, their data
//! export): an admin sets it in Settings, and until then the configuration's
//! `careers.organization_name` ("Hirelane" unless configured) stands. Every reader goes through
//! [`name`], so a saved name shows everywhere at once, on every instance.

use axum::extract::State;
use hirelane_core::clock::to_millis;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Admin, Recruiter};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::state::AppState;
use crate::store::Db;
use crate::with_db;

/// The key of the name among the organisation's settings.
const NAME_KEY: &str = "organization_name";
/// The longest name accepted (it heads pages and e-mail subjects).
pub const MAX_NAME: usize = 100;

/// The organisation's name: the one an admin saved, else the configuration's. A page about a
/// failure must still render, so a database that does not answer gives the configuration's
/// name (logged) rather than an error.
pub async fn name(state: &AppState) -> String {
    match saved(&state.db).await {
        Ok(Some(saved)) => saved,
        Ok(None) => state.settings.careers.organization_name.clone(),
        Err(err) => {
            tracing::warn!(error = %err, "the organisation's name could not be read");
            state.settings.careers.organization_name.clone()
        }
    }
}

async fn saved(db: &Db) -> Result<Option<String>> {
    Ok(with_db!(db, |pool| {
        sqlx::query_scalar("SELECT value FROM organisation_settings WHERE key = $1")
            .bind(NAME_KEY)
            .fetch_optional(pool)
            .await
    })?)
}

/// The organisation's settings as Settings shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Organization {
    /// The name careers pages and candidates' e-mails use.
    organization_name: String,
    /// The configuration's name, which stands until an admin saves another.
    default_name: String,
}

async fn current(state: &AppState) -> Result<Organization> {
    let default_name = state.settings.careers.organization_name.clone();
    Ok(Organization {
        organization_name: saved(&state.db)
            .await?
            .unwrap_or_else(|| default_name.clone()),
        default_name,
    })
}

/// The organisation's name.
#[utoipa::path(
    get, path = "/Settings/Organization", tag = "careers", security(("bearer" = [])),
    responses(
        (status = 200, body = Organization, description = "The name in use and the configuration's default"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn get_organization(
    _: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Organization>> {
    current(&state).await.map(Json)
}

/// The name an admin saves.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganizationBody {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 100)]
    organization_name: String,
}

/// The name trimmed, or why it is refused.
fn checked(name: &str) -> Result<&str> {
    let invalid = |message: String| Error::bad_request(ErrorCode::InvalidBody, message);
    let name = name.trim();
    if name.is_empty() {
        return Err(invalid("Please enter the organisation's name.".to_owned()));
    }
    if name.chars().count() > MAX_NAME {
        return Err(invalid(format!(
            "The organisation's name cannot exceed {MAX_NAME} characters."
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(invalid(
            "The organisation's name must be one line of text.".to_owned(),
        ));
    }
    Ok(name)
}

/// Saves the organisation's name (admins only); careers pages and e-mails use it from now on.
#[utoipa::path(
    put, path = "/Settings/Organization", tag = "careers", security(("bearer" = [])),
    request_body = OrganizationBody,
    responses(
        (status = 200, body = Organization, description = "Saved"),
        (status = 400, body = ErrorBody, description = "Empty, longer than 100 characters or more than one line (`invalid_body`)"),
        (status = 403, body = ErrorBody, description = "Only admins edit it (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn put_organization(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Json(body): Json<OrganizationBody>,
) -> Result<Json<Organization>> {
    let name = checked(&body.organization_name)?;
    let now = to_millis(state.clock.now());
    with_db!(&state.db, |pool| {
        sqlx::query(
            "INSERT INTO organisation_settings (key, value, updated_at, updated_by)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = $3, updated_by = $4",
        )
        .bind(NAME_KEY)
        .bind(name)
        .bind(now)
        .bind(admin.id)
        .execute(pool)
        .await
        .map(drop)
    })?;
    tracing::info!(recruiter_id = admin.id, "organisation's name saved");
    current(&state).await.map(Json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_one_trimmed_line_of_at_most_100_characters() {
        assert_eq!(checked("  Acme Health  ").ok(), Some("Acme Health"));
        assert!(checked(" ").is_err());
        assert!(checked("Acme\nHealth").is_err());
        assert!(checked(&"é".repeat(MAX_NAME)).is_ok());
        assert!(checked(&"é".repeat(MAX_NAME + 1)).is_err());
    }
}
