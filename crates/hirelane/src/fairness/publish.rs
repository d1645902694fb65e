//! Publishing the bias audit: an admin puts the audit of all data held, as computed now, on the
//! public "How we score" page (an LL144 summary must be public), or withdraws it. Only
//! aggregate figures are stored; the page shows the newest.

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso, to_millis};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::bias_audit::compute;
use crate::auth::Admin;
use crate::error::{Error, ErrorBody, Result};
use crate::http::Json;
use crate::state::AppState;
use crate::store::Db;
use crate::{execute, fetch_as};

/// What the public page shows of the audit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishedSummary {
    /// `None` when nothing is published.
    published_at: Option<String>,
    published_by: Option<String>,
}

/// The newest published audit: when, and the audit's JSON as `GET /Reports/BiasAudit` gave it.
pub struct Published {
    pub published_at: i64,
    pub audit: Value,
}

pub async fn latest(db: &Db) -> Result<Option<Published>> {
    newest(db)
        .await?
        .map(|(published_at, _, summary)| {
            serde_json::from_str(&summary)
                .map(|audit| Published {
                    published_at,
                    audit,
                })
                .map_err(|e| Error::Internal(e.into()))
        })
        .transpose()
}

/// The newest publication: when, by whom, and the audit's JSON.
async fn newest(db: &Db) -> Result<Option<(i64, String, String)>> {
    Ok(fetch_as!(
        db,
        fetch_optional,
        "SELECT published_at, published_by, summary FROM fairness_summaries
         ORDER BY published_at DESC, id DESC LIMIT 1"
    )?)
}

/// Publishes the audit of all data held, as of now, on the public page "How we score".
#[utoipa::path(
    post, path = "/Settings/FairnessSummary", tag = "reports", security(("bearer" = [])),
    responses(
        (status = 200, body = PublishedSummary, description = "Published"),
        (status = 404, body = ErrorBody, description = "Self-identification is off (`not_found`)"),
        (status = 403, body = ErrorBody, description = "Only admins publish (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn publish_summary(
    Admin(admin): Admin,
    State(state): State<AppState>,
) -> Result<Json<PublishedSummary>> {
    let audit = compute(&state, None, None, None).await?;
    let summary = serde_json::to_string(&audit).map_err(|e| Error::Internal(e.into()))?;
    let now = state.clock.now();
    execute!(
        &state.db,
        "INSERT INTO fairness_summaries (published_at, published_by, summary)
         VALUES ($1, $2, $3)",
        (to_millis(now), &admin.full_name, &summary)
    )?;
    tracing::info!(by = admin.id, "bias audit published");
    Ok(Json(PublishedSummary {
        published_at: Some(to_iso(now)),
        published_by: Some(admin.full_name),
    }))
}

/// What is published now.
#[utoipa::path(
    get, path = "/Settings/FairnessSummary", tag = "reports", security(("bearer" = [])),
    responses(
        (status = 200, body = PublishedSummary, description = "The newest published audit, if any"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn published_summary(
    _: crate::auth::Recruiter,
    State(state): State<AppState>,
) -> Result<Json<PublishedSummary>> {
    let row = newest(&state.db).await?;
    Ok(Json(PublishedSummary {
        published_at: row.as_ref().map(|(at, _, _)| to_iso(from_millis(*at))),
        published_by: row.map(|(_, by, _)| by),
    }))
}

/// Withdraws every published audit: the public page says none is published.
#[utoipa::path(
    delete, path = "/Settings/FairnessSummary", tag = "reports", security(("bearer" = [])),
    responses(
        (status = 200, body = PublishedSummary, description = "Nothing is published"),
        (status = 403, body = ErrorBody, description = "Only admins publish (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn withdraw_summary(
    Admin(admin): Admin,
    State(state): State<AppState>,
) -> Result<Json<PublishedSummary>> {
    execute!(&state.db, "DELETE FROM fairness_summaries")?;
    tracing::info!(by = admin.id, "published bias audit withdrawn");
    Ok(Json(PublishedSummary {
        published_at: None,
        published_by: None,
    }))
}
