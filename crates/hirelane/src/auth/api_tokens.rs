//! API tokens for integrators: an admin makes one in Settings with a name, scopes and an
//! optional expiry. The secret (`hl_` and 256 random bits) is shown once; only its SHA-256 is
//! kept, so a token is found by hashing what is presented, one indexed lookup per request, and
//! a revocation holds on every instance at once. A token acts for the admin who made it.

use hirelane_core::clock::{from_millis, to_millis};
use hirelane_core::keys::{random_token, token_digest};
use hirelane_core::stored_text;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

use crate::error::{Error, ErrorCode, Result};
use crate::store::Db;
use crate::{execute, fetch_as};

/// What every token's secret starts with, so a leaked one is recognisable (secret scanners,
/// logs) and the guard tells it from a session's access token without a lookup.
pub const PREFIX: &str = "hl_";
/// How many characters of the secret the list shows, prefix included.
const HINT_CHARS: usize = 8;

/// What a token may do, one scope per domain the API exposes to integrators. A route names the
/// scope it needs in the OpenAPI document (`apiToken` security); a route that names none is
/// out of every token's reach (team, templates, settings, sign-in, self-identification).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    VariantArray,
)]
pub enum Scope {
    /// Candidates, their analyses, résumés, the board, scorecards and the activity log.
    #[serde(rename = "candidates:read")]
    #[strum(serialize = "candidates:read")]
    CandidatesRead,
    /// Job descriptions and their folders.
    #[serde(rename = "jobs:read")]
    #[strum(serialize = "jobs:read")]
    JobsRead,
    /// Moving candidates between hiring stages.
    #[serde(rename = "stages:write")]
    #[strum(serialize = "stages:write")]
    StagesWrite,
    /// Interviews: invites' attempts, calls and their analyses, the interview dashboard.
    #[serde(rename = "interviews:read")]
    #[strum(serialize = "interviews:read")]
    InterviewsRead,
    /// Aggregate reports: the funnel and the fairness audit.
    #[serde(rename = "reports:read")]
    #[strum(serialize = "reports:read")]
    ReportsRead,
}

stored_text!(Scope);

/// A token as Settings lists it (never its secret).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiToken {
    pub id: i64,
    pub name: String,
    /// The secret's first characters, to tell tokens apart.
    pub hint: String,
    pub scopes: Vec<Scope>,
    /// Who made it (the token acts for them).
    pub created_by: String,
    /// ISO 8601 instants.
    pub created_at: String,
    pub expires_at: Option<String>,
    pub revoked_at: Option<String>,
    pub last_used_at: Option<String>,
    /// The address of the last request made with it.
    pub last_used_from: Option<String>,
}

#[derive(sqlx::FromRow)]
struct TokenRow {
    id: i64,
    name: String,
    hint: String,
    scopes: String,
    created_by: String,
    created_at: i64,
    expires_at: Option<i64>,
    revoked_at: Option<i64>,
    last_used_at: Option<i64>,
    last_used_from: Option<String>,
}

fn iso(ms: i64) -> String {
    hirelane_core::clock::to_iso(from_millis(ms))
}

impl TokenRow {
    fn into_token(self) -> Result<ApiToken> {
        Ok(ApiToken {
            scopes: parse_scopes(&self.scopes)?,
            id: self.id,
            name: self.name,
            hint: self.hint,
            created_by: self.created_by,
            created_at: iso(self.created_at),
            expires_at: self.expires_at.map(iso),
            revoked_at: self.revoked_at.map(iso),
            last_used_at: self.last_used_at.map(iso),
            last_used_from: self.last_used_from,
        })
    }
}

fn parse_scopes(text: &str) -> Result<Vec<Scope>> {
    text.split_whitespace()
        .map(|s| Scope::parse(s).map_err(|e| Error::Internal(e.into())))
        .collect()
}

/// The listing query, ended by `$tail` (a filter or an order).
macro_rules! listed {
    ($tail:literal) => {
        concat!(
            "SELECT t.id, t.name, t.hint, t.scopes, r.full_name AS created_by, t.created_at,
                    t.expires_at, t.revoked_at, t.last_used_at, t.last_used_from
             FROM api_tokens t JOIN recruiters r ON r.id = t.created_by ",
            $tail
        )
    };
}

/// What a new token is made of, already checked.
pub struct NewToken<'a> {
    pub name: &'a str,
    pub scopes: &'a [Scope],
    pub expires_at: Option<Timestamp>,
    pub created_by: i64,
}

/// Stores a new token; answers it and its secret (the only time the secret exists here).
pub async fn create(db: &Db, new: NewToken<'_>, now: Timestamp) -> Result<(ApiToken, String)> {
    let secret = format!("{PREFIX}{}", random_token(32));
    let hint: String = secret.chars().take(HINT_CHARS).collect();
    let scopes: Vec<&str> = new.scopes.iter().map(|s| s.as_str()).collect();
    let (id,): (i64,) = fetch_as!(
        db,
        fetch_one,
        "INSERT INTO api_tokens (name, token_hash, hint, scopes, created_by, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        (
            new.name,
            token_digest(&secret),
            &hint,
            scopes.join(" "),
            new.created_by,
            to_millis(now),
            new.expires_at.map(to_millis)
        )
    )?;
    let token = one(db, id)
        .await?
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the new API token {id} is gone")))?;
    Ok((token, secret))
}

/// One token, if it exists.
pub async fn one(db: &Db, id: i64) -> Result<Option<ApiToken>> {
    let row: Option<TokenRow> = fetch_as!(db, fetch_optional, listed!("WHERE t.id = $1"), (id))?;
    row.map(TokenRow::into_token).transpose()
}

/// Every token, the newest first; revoked ones stay listed (with when).
pub async fn list(db: &Db) -> Result<Vec<ApiToken>> {
    let rows: Vec<TokenRow> = fetch_as!(
        db,
        fetch_all,
        listed!("ORDER BY t.created_at DESC, t.id DESC")
    )?;
    rows.into_iter().map(TokenRow::into_token).collect()
}

/// Revokes a token from `now` on; revoking it again keeps the first time. `None` when there is
/// no such token.
pub async fn revoke(db: &Db, id: i64, now: Timestamp) -> Result<Option<ApiToken>> {
    execute!(
        db,
        "UPDATE api_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL",
        (to_millis(now), id)
    )?;
    one(db, id).await
}

/// Who presents a usable token, and what it may do.
#[derive(Debug, Clone)]
pub struct Bearer {
    pub token_id: i64,
    pub token_name: String,
    pub scopes: Vec<Scope>,
    /// The admin it acts for.
    pub recruiter_id: i64,
    pub email: String,
    pub full_name: String,
    last_used_at: Option<i64>,
    last_used_from: Option<String>,
}

#[derive(sqlx::FromRow)]
struct BearerRow {
    id: i64,
    name: String,
    scopes: String,
    expires_at: Option<i64>,
    revoked_at: Option<i64>,
    recruiter_id: i64,
    email: String,
    full_name: String,
    last_used_at: Option<i64>,
    last_used_from: Option<String>,
}

/// The token `presented` names, or why it cannot be used: 401 `token_invalid` (unknown),
/// `token_revoked` or `token_expired`. Read from the database on every request, so a
/// revocation on any instance holds on all of them at once.
pub async fn authenticate(db: &Db, presented: &str, now: Timestamp) -> Result<Bearer> {
    let row: Option<BearerRow> = fetch_as!(
        db,
        fetch_optional,
        "SELECT t.id, t.name, t.scopes, t.expires_at, t.revoked_at, r.id AS recruiter_id,
                r.email, r.full_name, t.last_used_at, t.last_used_from
         FROM api_tokens t JOIN recruiters r ON r.id = t.created_by
         WHERE t.token_hash = $1",
        (token_digest(presented))
    )?;
    let refused = |code, message: &str| Error::TokenRefused {
        code,
        message: message.to_owned(),
    };
    let Some(row) = row else {
        return Err(refused(
            ErrorCode::TokenInvalid,
            "This API token is not known.",
        ));
    };
    if row.revoked_at.is_some() {
        return Err(refused(
            ErrorCode::TokenRevoked,
            "This API token was revoked.",
        ));
    }
    if row.expires_at.is_some_and(|at| at <= to_millis(now)) {
        return Err(refused(
            ErrorCode::TokenExpired,
            "This API token has expired.",
        ));
    }
    Ok(Bearer {
        scopes: parse_scopes(&row.scopes)?,
        token_id: row.id,
        token_name: row.name,
        recruiter_id: row.recruiter_id,
        email: row.email,
        full_name: row.full_name,
        last_used_at: row.last_used_at,
        last_used_from: row.last_used_from,
    })
}

/// How stale a recorded use may get before a request from the same address rewrites it.
const TOUCH_EVERY_MS: i64 = 60_000;

/// Records a use. A token that keeps calling from one address is written at most once a
/// minute: the list shows when it was last used, not every request, and a busy integration
/// does not turn every read into a write.
pub async fn touch(db: &Db, bearer: &Bearer, now: Timestamp, address: &str) -> Result<()> {
    let now_ms = to_millis(now);
    let fresh = bearer
        .last_used_at
        .is_some_and(|at| now_ms - at < TOUCH_EVERY_MS)
        && bearer.last_used_from.as_deref() == Some(address);
    if !fresh {
        execute!(
            db,
            "UPDATE api_tokens SET last_used_at = $1, last_used_from = $2 WHERE id = $3",
            (now_ms, address, bearer.token_id)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scope_reads_back_from_its_name() {
        assert_eq!(hirelane_core::stored::check_round_trip::<Scope>(), Ok(()));
        assert_eq!(Scope::StagesWrite.as_str(), "stages:write");
        assert_eq!(
            serde_json::to_value(Scope::ReportsRead).ok(),
            Some(serde_json::json!("reports:read"))
        );
    }
}
