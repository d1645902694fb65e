//! Access tokens (short-lived HS256 JWTs) and refresh tokens (opaque, stored hashed, rotated on
//! every use; presenting a used one revokes its whole family). A family is one session: it
//! starts at sign-in, refreshing never extends it past `refresh_token_days` from then, and
//! logging out (or a reused token) revokes it, which also ends its access tokens at once.

use hirelane_core::clock::{from_millis, to_millis};
use hirelane_core::keys::{Keys, random_token, token_digest};
use jiff::{SignedDuration, Timestamp};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use super::recruiters::RecruiterRow;
use crate::error::{Error, Result};
use crate::store::Db;
use crate::{execute, fetch_as, fetch_scalar};

const ISSUER: &str = "hirelane";

/// What an access token says about its bearer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// Recruiter id.
    pub sub: String,
    pub email: String,
    pub iat: i64,
    pub exp: i64,
    pub iss: String,
    /// The session (refresh-token family) the token belongs to; tokens issued before sessions
    /// were tracked have none and simply run out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sid: Option<String>,
}

/// A signed access token and the instant it stops working.
#[derive(Debug, Clone)]
pub struct AccessToken {
    pub token: String,
    pub valid_to: Timestamp,
}

/// Signs an access token for `recruiter_id` valid for `lifetime` from `now`.
pub fn issue_access(
    keys: &Keys,
    recruiter_id: i64,
    email: &str,
    session: &str,
    now: Timestamp,
    lifetime: SignedDuration,
) -> AccessToken {
    let valid_to = now.saturating_add(lifetime).unwrap_or(now);
    let claims = Claims {
        sub: recruiter_id.to_string(),
        email: email.to_owned(),
        iat: now.as_second(),
        exp: valid_to.as_second(),
        iss: ISSUER.to_owned(),
        sid: Some(session.to_owned()),
    };
    AccessToken {
        token: sign_hs256(keys.access_key(), &claims),
        valid_to: from_millis(valid_to.as_second() * 1000),
    }
}

/// An HS256 JWT of `claims` signed with `key` (also the voice provider's public web tokens).
pub fn sign_hs256(key: &[u8], claims: &impl Serialize) -> String {
    // HMAC signing fails only if the claims cannot be serialised, which our plain structs and
    // JSON values always can; an empty token would be refused everywhere anyway.
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(key),
    )
    .unwrap_or_default()
}

/// Verifies signature, algorithm, issuer and expiry; any failure is simply "not authorised".
pub fn verify_access(keys: &Keys, token: &str, now: Timestamp) -> Option<Claims> {
    // Only HS256 is accepted (no `alg: none`, no RS256 confusion). Expiry is checked below
    // against the server's clock, which tests move, rather than the library's system time.
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_exp = false;
    validation.set_required_spec_claims(&["exp", "iss"]);
    validation.set_issuer(&[ISSUER]);
    let claims = jsonwebtoken::decode::<Claims>(
        token,
        &DecodingKey::from_secret(keys.access_key()),
        &validation,
    )
    .ok()?
    .claims;
    (now.as_second() < claims.exp).then_some(claims)
}

/// A newly issued refresh token (the only time its plain text exists on the server).
#[derive(Debug, Clone)]
pub struct RefreshToken {
    pub token: String,
    pub recruiter_id: i64,
    /// The session (family) it belongs to.
    pub family: String,
}

/// Starts a new token family for a fresh sign-in.
pub async fn issue_refresh(
    db: &Db,
    recruiter_id: i64,
    now: Timestamp,
    lifetime: SignedDuration,
) -> Result<RefreshToken> {
    let family = random_token(16);
    let expires = now.saturating_add(lifetime).unwrap_or(now);
    insert_refresh(db, recruiter_id, &family, now, expires).await
}

async fn insert_refresh(
    db: &Db,
    recruiter_id: i64,
    family: &str,
    now: Timestamp,
    expires: Timestamp,
) -> Result<RefreshToken> {
    let token = random_token(32);
    execute!(
        db,
        "INSERT INTO refresh_tokens (recruiter_id, family, token_hash, issued_at, expires_at)
         VALUES ($1, $2, $3, $4, $5)",
        (
            recruiter_id,
            family,
            token_digest(&token),
            to_millis(now),
            to_millis(expires)
        )
    )?;
    Ok(RefreshToken {
        token,
        recruiter_id,
        family: family.to_owned(),
    })
}

#[derive(sqlx::FromRow)]
struct StoredRefresh {
    id: i64,
    recruiter_id: i64,
    family: String,
    expires_at: i64,
    used_at: Option<i64>,
    revoked_at: Option<i64>,
}

/// Exchanges a refresh token for its successor. A token that was already used means it was
/// copied: the whole family is revoked and both holders must sign in again.
pub async fn rotate_refresh(
    db: &Db,
    presented: &str,
    now: Timestamp,
    lifetime: SignedDuration,
) -> Result<RefreshToken> {
    let digest = token_digest(presented);
    let stored: Option<StoredRefresh> = fetch_as!(
        db,
        fetch_optional,
        "SELECT id, recruiter_id, family, expires_at, used_at, revoked_at
         FROM refresh_tokens WHERE token_hash = $1",
        (&digest)
    )?;
    let Some(stored) = stored else {
        return Err(Error::Unauthorized);
    };
    let now_ms = to_millis(now);
    if stored.revoked_at.is_some() || stored.expires_at <= now_ms {
        return Err(Error::Unauthorized);
    }
    if stored.used_at.is_some() {
        revoke_session(db, &stored.family, now).await?;
        tracing::warn!(
            recruiter_id = stored.recruiter_id,
            "refresh token reused; token family revoked"
        );
        return Err(Error::Unauthorized);
    }
    // Claim the token atomically: of two concurrent uses exactly one wins, the other is a reuse.
    let claimed = execute!(
        db,
        "UPDATE refresh_tokens SET used_at = $1
         WHERE id = $2 AND used_at IS NULL AND revoked_at IS NULL",
        (now_ms, stored.id)
    )?;
    if claimed != 1 {
        revoke_session(db, &stored.family, now).await?;
        return Err(Error::Unauthorized);
    }
    // The session ends `lifetime` after its sign-in, however often it is refreshed.
    let started: i64 = fetch_scalar!(
        db,
        fetch_one,
        "SELECT MIN(issued_at) FROM refresh_tokens WHERE family = $1",
        (&stored.family)
    )?;
    let expires = from_millis(started).saturating_add(lifetime).unwrap_or(now);
    insert_refresh(db, stored.recruiter_id, &stored.family, now, expires).await
}

/// The recruiter an access token names, unless they were removed or the token's session was
/// revoked (logged out, or a refresh token of it reused): one query on every request.
pub async fn signed_in(
    db: &Db,
    recruiter_id: i64,
    session: Option<&str>,
) -> Result<Option<RecruiterRow>> {
    Ok(fetch_as!(
        db,
        fetch_optional,
        "SELECT id, email, full_name, created_at, role, can_view_reports FROM recruiters
         WHERE id = $1 AND NOT EXISTS (
             SELECT 1 FROM refresh_tokens WHERE family = $2 AND revoked_at IS NOT NULL)",
        (recruiter_id, session)
    )?)
}

/// Ends a session: its refresh tokens stop working, and so do its access tokens (the guard
/// asks [`signed_in`] on every request, so every instance sees it at once).
pub async fn revoke_session(db: &Db, family: &str, now: Timestamp) -> Result<()> {
    execute!(
        db,
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE family = $2 AND revoked_at IS NULL",
        (to_millis(now), family)
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;

    use super::*;

    fn t(s: i64) -> Timestamp {
        Timestamp::from_second(s).expect("valid")
    }

    #[test]
    fn round_trips_and_expires() {
        let keys = Keys::from_secret(b"k");
        let tok = issue_access(
            &keys,
            7,
            "a@x.io",
            "session-1",
            t(1000),
            SignedDuration::from_mins(30),
        );
        let claims = verify_access(&keys, &tok.token, t(1001)).expect("valid");
        assert_eq!(claims.sub, "7");
        assert_eq!(tok.valid_to, t(1000 + 1800));
        assert!(verify_access(&keys, &tok.token, t(1000 + 1800)).is_none());
    }

    #[test]
    fn refuses_forgeries() {
        let keys = Keys::from_secret(b"k");
        let tok = issue_access(
            &keys,
            7,
            "a@x.io",
            "session-1",
            t(1000),
            SignedDuration::from_mins(30),
        )
        .token;
        let other = Keys::from_secret(b"other");
        assert!(verify_access(&other, &tok, t(1001)).is_none());
        // Swap the payload for one naming another recruiter, keep the signature.
        let parts: Vec<&str> = tok.split('.').collect();
        let evil = URL_SAFE_NO_PAD
            .encode(r#"{"sub":"1","email":"x","iat":1000,"exp":99999999999,"iss":"hirelane"}"#);
        let forged = format!("{}.{}.{}", parts[0], evil, parts[2]);
        assert!(verify_access(&keys, &forged, t(1001)).is_none());
        // `alg: none` with an empty signature.
        let none = format!(
            "{}.{}.",
            URL_SAFE_NO_PAD.encode(r#"{"alg":"none"}"#),
            parts[1]
        );
        assert!(verify_access(&keys, &none, t(1001)).is_none());
        assert!(verify_access(&keys, "garbage", t(1001)).is_none());
        assert!(verify_access(&keys, "a.b.c.d", t(1001)).is_none());
    }
}
