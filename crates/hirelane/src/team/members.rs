//! The Team page: every recruiter with their role; admins invite colleagues by e-mail (they
//! sign in with the same one-time codes), change roles and remove colleagues (their sessions
//! end at once).

use axum::extract::{Path as UrlPath, State};
use hirelane_core::clock::{from_millis, to_iso};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::recruiters::{self, RecruiterRow, Role};
use crate::auth::{Admin, Recruiter};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::mail;
use crate::state::AppState;

/// A member of the team.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    pub id: i64,
    pub email: String,
    pub full_name: String,
    pub role: Role,
    /// May open the bias audit (Settings > Fairness); always true for admins.
    pub reports: bool,
    pub created_at: String,
    /// Whether this is the recruiter asking.
    pub you: bool,
}

fn member(row: RecruiterRow, me: &Recruiter) -> TeamMember {
    let reports = row.sees_reports();
    TeamMember {
        reports,
        you: row.id == me.id,
        id: row.id,
        email: row.email,
        full_name: row.full_name,
        role: row.role,
        created_at: to_iso(from_millis(row.created_at)),
    }
}

async fn members(state: &AppState, me: &Recruiter) -> Result<Vec<TeamMember>> {
    Ok(recruiters::list(&state.db)
        .await?
        .into_iter()
        .map(|row| member(row, me))
        .collect())
}

/// Every recruiter of the team.
#[utoipa::path(
    get, path = "/Team", tag = "team", security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<TeamMember>, description = "The team, by e-mail address"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn team(
    recruiter: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Vec<TeamMember>>> {
    members(&state, &recruiter).await.map(Json)
}

/// A colleague to invite.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteMemberBody {
    #[serde(default)]
    #[schema(required = true)]
    email: String,
    #[serde(default)]
    #[schema(required = true)]
    full_name: String,
    /// Default `recruiter`.
    #[serde(default)]
    role: Option<Role>,
}

/// Adds a colleague to the team and e-mails them how to sign in (admins only).
#[utoipa::path(
    post, path = "/Team", tag = "team", security(("bearer" = [])),
    request_body = InviteMemberBody,
    responses(
        (status = 200, body = Vec<TeamMember>, description = "The team, the new member in it"),
        (status = 400, body = ErrorBody, description = "A missing or malformed address or name (`email_required`, `invalid_email`, `name_required`)"),
        (status = 409, body = ErrorBody, description = "The address is already registered (`recruiter_exists`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage the team (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn invite_member(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Json(body): Json<InviteMemberBody>,
) -> Result<Json<Vec<TeamMember>>> {
    let role = body.role.unwrap_or(Role::Recruiter);
    let row = recruiters::add(
        &state.db,
        &body.email,
        &body.full_name,
        role,
        state.clock.now(),
    )
    .await?;
    let login = format!("{}/login", state.settings.public_url());
    let email = mail::team_invite(&row.full_name, &admin.full_name, &login);
    // The account exists either way; a failed e-mail is logged, and the admin can tell them.
    if let Err(err) = state.mailer.send(&row.email, email).await {
        tracing::warn!(error = %err, recruiter_id = row.id, "team invitation e-mail failed");
    }
    tracing::info!(
        recruiter_id = row.id,
        role = role.as_str(),
        by = admin.id,
        "recruiter invited to the team"
    );
    members(&state, &admin).await.map(Json)
}

/// A new role for a colleague.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleBody {
    #[schema(required = true)]
    role: Role,
}

fn member_id(raw: &str) -> Result<i64> {
    raw.trim()
        .parse()
        .map_err(|_| Error::not_found(ErrorCode::NotFound, "No such team member."))
}

/// Changes a colleague's role (admins only); the last admin stays admin.
#[utoipa::path(
    put, path = "/Team/{id}/Role", tag = "team", security(("bearer" = [])),
    params(("id" = String, Path, description = "The recruiter's id")),
    request_body = RoleBody,
    responses(
        (status = 200, body = Vec<TeamMember>, description = "The team with the new role"),
        (status = 404, body = ErrorBody, description = "No such team member (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The last admin cannot be demoted (`last_admin`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage the team (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn set_role(
    Admin(admin): Admin,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
    Json(body): Json<RoleBody>,
) -> Result<Json<Vec<TeamMember>>> {
    let id = member_id(&id)?;
    recruiters::set_role(&state.db, id, body.role)
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "No such team member."))?;
    tracing::info!(
        recruiter_id = id,
        role = body.role.as_str(),
        by = admin.id,
        "role changed"
    );
    members(&state, &admin).await.map(Json)
}

/// Whether a colleague may open the fairness reports.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportsBody {
    #[schema(required = true)]
    reports: bool,
}

/// Gives a recruiter the reports permission, or takes it away (admins only; admins always have
/// it). The aggregate bias audit is all it opens: no report shows one person's answers.
#[utoipa::path(
    put, path = "/Team/{id}/Reports", tag = "team", security(("bearer" = [])),
    params(("id" = String, Path, description = "The recruiter's id")),
    request_body = ReportsBody,
    responses(
        (status = 200, body = Vec<TeamMember>, description = "The team with the permission changed"),
        (status = 404, body = ErrorBody, description = "No such team member (`not_found`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage the team (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn set_reports(
    Admin(admin): Admin,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
    Json(body): Json<ReportsBody>,
) -> Result<Json<Vec<TeamMember>>> {
    let id = member_id(&id)?;
    recruiters::set_reports(&state.db, id, body.reports)
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "No such team member."))?;
    tracing::info!(
        recruiter_id = id,
        reports = body.reports,
        by = admin.id,
        "reports permission changed"
    );
    members(&state, &admin).await.map(Json)
}

/// Removes a colleague (admins only): their sessions end at once; what they did stays in the
/// activity log under their name. The last admin stays.
#[utoipa::path(
    delete, path = "/Team/{id}", tag = "team", security(("bearer" = [])),
    params(("id" = String, Path, description = "The recruiter's id")),
    responses(
        (status = 200, body = Vec<TeamMember>, description = "The team without them"),
        (status = 404, body = ErrorBody, description = "No such team member (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The last admin cannot be removed (`last_admin`)"),
        (status = 403, body = ErrorBody, description = "Only admins manage the team (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn remove_member(
    Admin(admin): Admin,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<Vec<TeamMember>>> {
    let id = member_id(&id)?;
    if !recruiters::remove_by_id(&state.db, id).await? {
        return Err(Error::not_found(
            ErrorCode::NotFound,
            "No such team member.",
        ));
    }
    tracing::info!(
        recruiter_id = id,
        by = admin.id,
        "recruiter removed from the team"
    );
    members(&state, &admin).await.map(Json)
}
