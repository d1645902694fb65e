//! The sign-in routes: request a code, exchange it for tokens, rotate a refresh token, and
//! who is signed in.

use axum::extract::State;
use hirelane_core::clock::to_iso;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::guard::Recruiter;
use super::recruiters::Role;
use super::{lockout, otp, recruiters, tokens};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{ClientIp, Json, Query};
use crate::mail;
use crate::rate_limit::{self, Limit};
use crate::state::AppState;

/// Codes mailed to one address at the request of one client per quarter hour (first sends and
/// resends together). Not per address alone: a stranger could then use it up and keep the owner
/// from signing in; mail to one address from many clients meets [`SENDS_IN_ALL`].
const SENDS_PER_EMAIL: Limit = Limit::per_minutes(6, 15);
/// Code requests from one client address per quarter hour.
const SENDS_PER_IP: Limit = Limit::per_minutes(30, 15);
/// Verification attempts from one client address per quarter hour.
const VERIFIES_PER_IP: Limit = Limit::per_minutes(40, 15);
/// Code requests and verifications from everyone together per quarter hour: far above what a
/// team signs in with, far below what guessing from many addresses at once (a botnet) needs,
/// and a cap on the mail an attacker can make the server send.
const SENDS_IN_ALL: Limit = Limit::per_minutes(300, 15);
const VERIFIES_IN_ALL: Limit = Limit::per_minutes(1_000, 15);

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct RequestOtpParams {
    /// The recruiter's address (trimmed and lowercased). Missing or empty gets the spec's
    /// "Please enter your email address." rather than a generic query error.
    #[serde(default)]
    #[param(required = true, format = Email, max_length = 254)]
    email: String,
    /// `true` for "Resend OTP": allowed 60 s after the last code, at most 3 times per 15 minutes.
    #[serde(default)]
    retry: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub(super) struct RequestOtpAnswer {
    success: bool,
    message: String,
}

/// Sends a six-digit sign-in code. Unregistered addresses get the same answer and no mail.
#[utoipa::path(
    post, path = "/auth/requestotp", tag = "auth", params(RequestOtpParams),
    responses(
        (status = 200, body = RequestOtpAnswer, description = "The same answer whether or not the address is registered"),
        (status = 400, body = ErrorBody, description = "Missing or malformed address"),
        (status = 429, body = ErrorBody, description = "Too many codes requested, or the address is locked after wrong codes (`sign_in_locked`); `retryAfterSeconds` says when to try again"),
    )
)]
pub(super) async fn request_otp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Query(params): Query<RequestOtpParams>,
) -> Result<Json<RequestOtpAnswer>> {
    let email = recruiters::normalize_email(&params.email)?;
    let now = state.clock.now();
    rate_limit::hit(&state.db, &format!("otp-send:ip:{ip}"), SENDS_PER_IP, now).await?;
    rate_limit::hit(&state.db, "otp-send:all", SENDS_IN_ALL, now).await?;
    rate_limit::hit(
        &state.db,
        &format!("otp-send:email:{email}:ip:{ip}"),
        SENDS_PER_EMAIL,
        now,
    )
    .await?;
    lockout::check(&state.db, &email, &ip, now).await?;
    let recruiter = recruiters::find_by_email(&state.db, &email).await?;
    let issued = otp::issue(
        &state.db,
        &state.keys,
        &email,
        &ip,
        recruiter.as_ref().map(|r| r.id),
        params.retry,
        now,
    )
    .await?;
    if let Some(recruiter) = recruiter {
        deliver_code(&state, recruiter, issued.code, ip, now);
    }
    let message = if params.retry {
        "OTP sent successfully again."
    } else {
        "OTP sent successfully."
    };
    Ok(Json(RequestOtpAnswer {
        success: true,
        message: message.to_owned(),
    }))
}

/// Mails a sign-in code off the request path, so a registered address answers as fast as an
/// unknown one; a code that cannot be delivered is withdrawn.
fn deliver_code(
    state: &AppState,
    recruiter: recruiters::RecruiterRow,
    code: String,
    client: String,
    now: Timestamp,
) {
    let mail = mail::otp_code(&recruiter.full_name, &code, otp::CODE_LIFETIME.as_mins());
    let (mailer, db) = (state.mailer.clone(), state.db.clone());
    let log_code = state.settings.mail.transport == crate::config::MailTransport::Outbox;
    state.mailer.in_background(async move {
        match mailer.send(&recruiter.email, mail).await {
            // The code itself only at debug: a log is read by more people than a mailbox.
            Ok(()) if log_code => tracing::debug!(
                email = %recruiter.email, code = %code,
                "sign-in code written to the outbox"
            ),
            Ok(()) => tracing::info!(email = %recruiter.email, "sign-in code sent"),
            Err(err) => {
                tracing::error!(email = %recruiter.email, error = %err, "sign-in code not delivered");
                if let Err(err) = otp::withdraw(&db, &recruiter.email, &client, now).await {
                    tracing::error!(error = %err, "could not withdraw the undelivered code");
                }
            }
        }
    });
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct VerifyOtpBody {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    email: String,
    /// The six digits from the e-mail.
    #[serde(default)]
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    otp_code: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct UserInfo {
    user_full_name: String,
    email: String,
    /// `admin` or `recruiter`: what the app offers (the server checks it on every request).
    role: Role,
    /// Whether the fairness reports are open to them (admins, and recruiters given it).
    reports: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SessionData {
    /// Bearer access token.
    token: String,
    /// When `token` stops working (ISO-8601 UTC).
    valid_to: String,
    /// Single-use token for `/auth/refresh-token`.
    refresh_token: String,
    user: UserInfo,
}

#[derive(Debug, Serialize, ToSchema)]
pub(super) struct VerifyOtpAnswer {
    success: bool,
    message: String,
    data: SessionData,
}

/// Exchanges a valid code for an access token and a refresh token.
#[utoipa::path(
    post, path = "/auth/verifyotp", tag = "auth", request_body = VerifyOtpBody,
    responses(
        (status = 200, body = VerifyOtpAnswer, description = "Signed in: an access token and a refresh token"),
        (status = 400, body = ErrorBody, description = "Wrong, expired or used code; `attemptsRemaining` says how many tries are left"),
        (status = 429, body = ErrorBody, description = "Too many attempts from this address, or the address is locked after ten wrong codes within an hour (`sign_in_locked`); `retryAfterSeconds` says when to try again"),
    )
)]
pub(super) async fn verify_otp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<VerifyOtpBody>,
) -> Result<Json<VerifyOtpAnswer>> {
    let email = recruiters::normalize_email(&body.email)?;
    let code = body.otp_code.trim();
    if code.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::OtpRequired,
            "Please enter the OTP.",
        ));
    }
    let now = state.clock.now();
    rate_limit::hit(
        &state.db,
        &format!("otp-verify:ip:{ip}"),
        VERIFIES_PER_IP,
        now,
    )
    .await?;
    rate_limit::hit(&state.db, "otp-verify:all", VERIFIES_IN_ALL, now).await?;
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::bad_request(
            ErrorCode::InvalidOtp,
            "Invalid OTP. Please check otp and try again.",
        ));
    }
    let recruiter_id = check_code(&state, &email, &ip, code, now).await?;
    Ok(Json(VerifyOtpAnswer {
        success: true,
        message: "Login successful.".to_owned(),
        data: open_session(&state, recruiter_id, now).await?,
    }))
}

/// Checks the code `client` asked for unless the address is locked for that client; a wrong
/// code counts towards the client's lock, and the failure that starts one tells the recruiter
/// by e-mail.
async fn check_code(
    state: &AppState,
    email: &str,
    client: &str,
    code: &str,
    now: Timestamp,
) -> Result<i64> {
    lockout::check(&state.db, email, client, now).await?;
    let err = match otp::verify(&state.db, &state.keys, email, client, code, now).await {
        Ok(recruiter_id) => return Ok(recruiter_id),
        Err(err) => err,
    };
    let wrong_code = matches!(
        &err,
        Error::BadRequest {
            code: ErrorCode::InvalidOtp,
            ..
        }
    );
    if wrong_code
        && let Some(length) = lockout::record_failure(&state.db, email, client, now).await?
    {
        tracing::warn!(
            email,
            minutes = length.as_mins(),
            "sign-in locked after wrong codes"
        );
        if let Some(recruiter) = recruiters::find_by_email(&state.db, email).await? {
            let mail = mail::sign_in_locked(
                &recruiter.full_name,
                lockout::MAX_FAILURES,
                length.as_mins(),
            );
            let mailer = state.mailer.clone();
            state.mailer.in_background(async move {
                if let Err(err) = mailer.send(&recruiter.email, mail).await {
                    tracing::error!(error = %err, "the sign-in lock notice was not delivered");
                }
            });
        }
    }
    Err(err)
}

/// An access token of `recruiter` in the session `family`.
fn access_token(
    state: &AppState,
    recruiter: &recruiters::RecruiterRow,
    family: &str,
    now: Timestamp,
) -> tokens::AccessToken {
    let lifetime = state.access_lifetime();
    tokens::issue_access(
        &state.keys,
        recruiter.id,
        &recruiter.email,
        family,
        now,
        lifetime,
    )
}

/// A new access token and refresh token for the recruiter who just proved their address.
async fn open_session(state: &AppState, recruiter_id: i64, now: Timestamp) -> Result<SessionData> {
    let recruiter = recruiters::find_by_id(&state.db, recruiter_id)
        .await?
        .ok_or(Error::Unauthorized)?;
    let refresh =
        tokens::issue_refresh(&state.db, recruiter.id, now, state.refresh_lifetime()).await?;
    let access = access_token(state, &recruiter, &refresh.family, now);
    tracing::info!(recruiter_id = recruiter.id, "recruiter signed in");
    Ok(SessionData {
        token: access.token,
        valid_to: to_iso(access.valid_to),
        refresh_token: refresh.token,
        user: UserInfo {
            reports: recruiter.sees_reports(),
            user_full_name: recruiter.full_name,
            email: recruiter.email,
            role: recruiter.role,
        },
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct RefreshBody {
    /// A missing or empty token is refused like an unknown one (401).
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    refresh_token: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct RefreshAnswer {
    access_token: String,
    refresh_token: String,
    valid_to: String,
}

/// Rotates a refresh token: answers a new access token and a new refresh token. Presenting a
/// refresh token twice revokes every token descended from the same sign-in.
#[utoipa::path(
    post, path = "/auth/refresh-token", tag = "auth", request_body = RefreshBody,
    responses(
        (status = 200, body = RefreshAnswer, description = "A new access token and a new refresh token"),
        (status = 401, body = ErrorBody, description = "Unknown, expired, revoked or reused refresh token"),
    )
)]
pub(super) async fn refresh_token(
    State(state): State<AppState>,
    Json(body): Json<RefreshBody>,
) -> Result<Json<RefreshAnswer>> {
    if body.refresh_token.is_empty() {
        return Err(Error::Unauthorized);
    }
    let now = state.clock.now();
    let refresh = tokens::rotate_refresh(
        &state.db,
        &body.refresh_token,
        now,
        state.refresh_lifetime(),
    )
    .await?;
    let recruiter = recruiters::find_by_id(&state.db, refresh.recruiter_id)
        .await?
        .ok_or(Error::Unauthorized)?;
    let access = access_token(&state, &recruiter, &refresh.family, now);
    Ok(Json(RefreshAnswer {
        access_token: access.token,
        refresh_token: refresh.token,
        valid_to: to_iso(access.valid_to),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub(super) struct LoggedOut {
    success: bool,
}

/// Ends the session of the presented access token: its refresh tokens and access tokens stop
/// working at once, on every instance. Asked twice, it answers 401 the second time.
#[utoipa::path(
    post, path = "/auth/logout", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 200, body = LoggedOut, description = "The session is over"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token, or a session already ended"),
    )
)]
pub(super) async fn logout(
    recruiter: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<LoggedOut>> {
    if let Some(session) = &recruiter.session {
        tokens::revoke_session(&state.db, session, state.clock.now()).await?;
    }
    tracing::info!(recruiter_id = recruiter.id, "recruiter signed out");
    Ok(Json(LoggedOut { success: true }))
}

/// The signed-in recruiter.
#[utoipa::path(
    get, path = "/auth/me", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 200, body = UserInfo, description = "The recruiter the token belongs to"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn me(recruiter: Recruiter) -> Json<UserInfo> {
    Json(UserInfo {
        reports: recruiter.sees_reports,
        user_full_name: recruiter.full_name,
        email: recruiter.email,
        role: recruiter.role,
    })
}

impl AppState {
    fn access_lifetime(&self) -> SignedDuration {
        SignedDuration::from_mins(self.settings.auth.access_token_minutes)
    }

    fn refresh_lifetime(&self) -> SignedDuration {
        SignedDuration::from_hours(self.settings.auth.refresh_token_days * 24)
    }
}
