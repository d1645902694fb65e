//! The extractor that protects a route: a handler that takes [`Recruiter`] first answers 401 to
//! a missing, malformed, forged or expired bearer token, before any other input is read.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::{recruiters, tokens};
use crate::error::Error;
use crate::state::AppState;

/// The signed-in recruiter making the request.
#[derive(Debug, Clone)]
pub struct Recruiter {
    pub id: i64,
    pub email: String,
    pub full_name: String,
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
        // A logged-out session's access tokens stop at once, on every instance.
        if let Some(session) = &claims.sid
            && tokens::session_revoked(&state.db, session).await?
        {
            return Err(Error::Unauthorized);
        }
        // A removed recruiter loses access at once rather than when the token runs out.
        let row = recruiters::find_by_id(&state.db, id)
            .await?
            .ok_or(Error::Unauthorized)?;
        Ok(Recruiter {
            id: row.id,
            email: row.email,
            full_name: row.full_name,
            session: claims.sid,
        })
    }
}
