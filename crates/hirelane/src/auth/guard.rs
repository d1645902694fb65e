//! The extractor that protects a route: a handler that takes [`Recruiter`] first answers 401 to
//! a missing, malformed, forged or expired bearer token, before any other input is read.
//!
//! The bearer is a session's access token or an integrator's API token (`hl_…`). An API token
//! passes only on a route whose OpenAPI operation names the scope it needs (`apiToken`
//! security) and only when it holds that scope; every other route refuses it with 403
//! `token_scope`, so a route is out of tokens' reach until its document says otherwise.

use axum::extract::{FromRequestParts, MatchedPath};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::api_tokens::{self, Bearer, Scope};
use super::recruiters::Role;
use super::tokens;
use crate::activity::log::Actor;
use crate::error::{Error, ErrorCode};
use crate::http::ClientIp;
use crate::rate_limit::{self, Limit};
use crate::state::AppState;

/// The signed-in recruiter making the request.
#[derive(Debug, Clone)]
pub struct Recruiter {
    pub id: i64,
    pub email: String,
    pub full_name: String,
    pub role: Role,
    /// May read the aggregate fairness reports (every admin may).
    pub sees_reports: bool,
    /// The session the access token belongs to, if it names one.
    pub session: Option<String>,
}

impl FromRequestParts<AppState> for Recruiter {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .ok_or(Error::Unauthorized)?;
        let (scheme, token) = header.split_once(' ').ok_or(Error::Unauthorized)?;
        if !scheme.eq_ignore_ascii_case("bearer") {
            return Err(Error::Unauthorized);
        }
        let token = token.trim();
        if token.starts_with(api_tokens::PREFIX) {
            let presented = token.to_owned();
            return integrator(parts, state, &presented).await;
        }
        let claims = tokens::verify_access(&state.keys, token, state.clock.now())
            .ok_or(Error::Unauthorized)?;
        let id: i64 = claims.sub.parse().map_err(|_| Error::Unauthorized)?;
        // A removed recruiter, or a logged-out session, loses access at once (on every
        // instance) rather than when the token runs out.
        let row = tokens::signed_in(&state.db, id, claims.sid.as_deref())
            .await?
            .ok_or(Error::Unauthorized)?;
        Ok(Recruiter {
            sees_reports: row.sees_reports(),
            id: row.id,
            email: row.email,
            full_name: row.full_name,
            role: row.role,
            session: claims.sid,
        })
    }
}

/// The principal an API token stands for, once it is known, allowed on this route, within its
/// rate and its use recorded. It acts for the admin who made it, under the token's name (so
/// the activity log says which integration did what), with a recruiter's rights: no route an
/// admin alone may use names a scope.
async fn integrator(
    parts: &mut Parts,
    state: &AppState,
    presented: &str,
) -> Result<Recruiter, Error> {
    let now = state.clock.now();
    let bearer = api_tokens::authenticate(&state.db, presented, now).await?;
    // Every request of a known token counts, refused ones too: probing routes costs the same.
    within_rate(state, &bearer).await?;
    let matched = parts
        .extensions
        .get::<MatchedPath>()
        .map(|m| m.as_str().to_owned())
        .unwrap_or_default();
    let needed = state.token_scopes.needed(&parts.method, &matched);
    let Some(needed) = needed else {
        return Err(Error::OutOfScope {
            message: "This route cannot be used with an API token.".to_owned(),
            needed: None,
        });
    };
    if !bearer.scopes.iter().any(|s| s.as_str() == needed) {
        return Err(Error::OutOfScope {
            message: format!("This API token needs the scope {needed} for this route."),
            needed: Some(needed.to_owned()),
        });
    }
    let ClientIp(address) = ClientIp::from_request_parts(parts, state).await?;
    api_tokens::touch(&state.db, &bearer, now, &address).await?;
    Ok(Recruiter {
        sees_reports: bearer.scopes.contains(&Scope::ReportsRead),
        id: bearer.recruiter_id,
        email: bearer.email,
        full_name: format!("{} (API token {})", bearer.full_name, bearer.token_name),
        role: Role::Recruiter,
        session: None,
    })
}

/// Counts the request against the token's per-minute limit, shared by every instance.
async fn within_rate(state: &AppState, bearer: &Bearer) -> Result<(), Error> {
    let max = state.settings.auth.api_token_requests_per_minute.max(1);
    let bucket = format!("api-token:{}", bearer.token_id);
    let hit = rate_limit::hit(
        &state.db,
        &bucket,
        Limit::per_minutes(max, 1),
        state.clock.now(),
    );
    match hit.await {
        Err(Error::TooManyRequests {
            retry_after_seconds,
            ..
        }) => Err(Error::too_many(
            ErrorCode::RateLimited,
            format!(
                "This API token made more than {max} requests in a minute; \
                 try again in {retry_after_seconds} s."
            ),
            retry_after_seconds,
        )),
        other => other,
    }
}

impl Recruiter {
    /// The recruiter as the activity log names them.
    pub fn actor(&self) -> Actor {
        Actor::Recruiter {
            id: self.id,
            name: self.full_name.clone(),
        }
    }
}

/// A signed-in admin: a route that takes [`Admin`] answers 401 without a valid token and 403 to
/// a recruiter who is not an admin.
#[derive(Debug, Clone)]
pub struct Admin(pub Recruiter);

impl FromRequestParts<AppState> for Admin {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let recruiter = Recruiter::from_request_parts(parts, state).await?;
        if recruiter.role != Role::Admin {
            return Err(Error::Forbidden {
                message: "Only an admin can do this.".to_owned(),
            });
        }
        Ok(Admin(recruiter))
    }
}

/// A signed-in recruiter allowed to read the aggregate fairness reports (admins, and recruiters
/// an admin gave the permission): 401 without a valid token, 403 to anyone else.
#[derive(Debug, Clone)]
pub struct ReportReader(pub Recruiter);

impl FromRequestParts<AppState> for ReportReader {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let recruiter = Recruiter::from_request_parts(parts, state).await?;
        if !recruiter.sees_reports {
            return Err(Error::Forbidden {
                message: "Only admins and recruiters an admin allowed can see reports.".to_owned(),
            });
        }
        Ok(ReportReader(recruiter))
    }
}
