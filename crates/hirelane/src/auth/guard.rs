//! The extractor that protects a route: a handler that takes [`Recruiter`] first answers 401 to
//! a missing, malformed, forged or expired bearer token, before any other input is read.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::recruiters::Role;
use super::tokens;
use crate::activity::log::Actor;
use crate::error::Error;
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
        let claims = tokens::verify_access(&state.keys, token.trim(), state.clock.now())
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
