//! One-time sign-in codes: six digits, stored only as a keyed hash, valid 15 minutes, single
//! use, dead after five wrong tries; a new code waits 60 seconds after an unused one and at
//! most 3 resends come per 15 minutes. Every rule reads the injected clock.
//!
//! A code belongs to the address AND the client that asked for it (the client address the rate
//! limits use, [`crate::http::ClientIp`]), and is checked only from that client. A stranger who
//! asks for someone's code from elsewhere gets a challenge of their own: their requests cannot
//! replace the owner's code or make the owner wait, and their wrong guesses count against their
//! own code alone.

use hirelane_core::clock::to_millis;
use hirelane_core::keys::{Keys, random_code};
use jiff::{SignedDuration, Timestamp};
use subtle::ConstantTimeEq;

use crate::error::{Error, ErrorCode, Result};
use crate::store::Db;
use crate::{execute, fetch_as, fetch_scalar, with_db};

pub const CODE_LIFETIME: SignedDuration = SignedDuration::from_mins(15);
pub const MAX_FAILED_ATTEMPTS: i64 = 5;
pub const RESEND_COOLDOWN: SignedDuration = SignedDuration::from_secs(60);
pub const MAX_RESENDS: i64 = 3;
pub const RESEND_WINDOW: SignedDuration = SignedDuration::from_mins(15);

const EXPIRED_MESSAGE: &str =
    "This code has expired or was already used. Please request a new one.";
const INVALID_MESSAGE: &str = "Invalid OTP. Please check otp and try again.";

#[derive(sqlx::FromRow, Debug)]
struct Challenge {
    recruiter_id: Option<i64>,
    code_hash: String,
    issued_at: i64,
    expires_at: i64,
    failed_attempts: i64,
    consumed: bool,
    resend_window_start: i64,
    resends: i64,
}

impl Challenge {
    fn is_live(&self, now_ms: i64) -> bool {
        !self.consumed && self.expires_at > now_ms && self.failed_attempts < MAX_FAILED_ATTEMPTS
    }
}

/// A code to deliver, or nothing when the address belongs to no recruiter. Both cases leave the
/// same trace in the database, so limits and answers cannot tell them apart.
#[derive(Debug)]
pub struct Issued {
    pub code: String,
    pub recruiter_id: Option<i64>,
}

/// Issues a new code for `email` asked from `client` (`resend` marks the page's "Resend OTP").
pub async fn issue(
    db: &Db,
    keys: &Keys,
    email: &str,
    client: &str,
    recruiter_id: Option<i64>,
    resend: bool,
    now: Timestamp,
) -> Result<Issued> {
    let now_ms = to_millis(now);
    let existing = load(db, email, client).await?;
    let (window_start, resends) = match &existing {
        // Every new code waits out the cooldown, first send or resend: otherwise a first send
        // buys five fresh guesses at once, over and over.
        Some(c) if !c.consumed => {
            wait_for_cooldown(c, now_ms)?;
            match (resend, c.is_live(now_ms)) {
                (true, true) => resend_allowance(c, now_ms)?,
                // A first send keeps a live code's resend count, so alternating the two
                // cannot reset it.
                (false, true) => (c.resend_window_start, c.resends),
                (_, false) => (now_ms, 0),
            }
        }
        _ => (now_ms, 0),
    };
    let code = random_code();
    let hash = keys.otp_hash(email, now_ms, &code);
    let expires = to_millis(now.saturating_add(CODE_LIFETIME).unwrap_or(now));
    // The write is conditional on the row we read, so two racing requests cannot both issue.
    let written = with_db!(db, |pool| {
        match &existing {
            Some(c) => sqlx::query(
                "UPDATE otp_challenges SET recruiter_id = $2, code_hash = $3, issued_at = $4,
                   expires_at = $5, failed_attempts = 0, consumed = FALSE,
                   resend_window_start = $6, resends = $7
                 WHERE email = $1 AND client = $9 AND issued_at = $8",
            )
            .bind(email)
            .bind(recruiter_id)
            .bind(&hash)
            .bind(now_ms)
            .bind(expires)
            .bind(window_start)
            .bind(resends)
            .bind(c.issued_at)
            .bind(client)
            .execute(pool)
            .await
            .map(|done| done.rows_affected()),
            None => sqlx::query(
                "INSERT INTO otp_challenges (email, recruiter_id, code_hash, issued_at, expires_at,
                   failed_attempts, consumed, resend_window_start, resends, client)
                 VALUES ($1, $2, $3, $4, $5, 0, FALSE, $6, $7, $8)
                 ON CONFLICT (email, client) DO NOTHING",
            )
            .bind(email)
            .bind(recruiter_id)
            .bind(&hash)
            .bind(now_ms)
            .bind(expires)
            .bind(window_start)
            .bind(resends)
            .bind(client)
            .execute(pool)
            .await
            .map(|done| done.rows_affected()),
        }
    })?;
    if written != 1 {
        return Err(cooldown(RESEND_COOLDOWN.as_secs() as u64));
    }
    Ok(Issued { code, recruiter_id })
}

/// Refuses a new code within a minute of an unused one.
fn wait_for_cooldown(c: &Challenge, now_ms: i64) -> Result<()> {
    let since_last = now_ms - c.issued_at;
    let cooldown_ms = RESEND_COOLDOWN.as_millis() as i64;
    if since_last < cooldown_ms {
        return Err(cooldown(((cooldown_ms - since_last) as u64).div_ceil(1000)));
    }
    Ok(())
}

/// The resend window and count after this resend, or the reason it must wait.
fn resend_allowance(c: &Challenge, now_ms: i64) -> Result<(i64, i64)> {
    let window_ms = RESEND_WINDOW.as_millis() as i64;
    let (window_start, resends) = if c.resend_window_start + window_ms <= now_ms {
        (now_ms, 0)
    } else {
        (c.resend_window_start, c.resends)
    };
    if resends >= MAX_RESENDS {
        let wait = ((window_start + window_ms - now_ms) as u64).div_ceil(1000);
        return Err(Error::too_many(
            ErrorCode::ResendLimit,
            "Maximum resend attempts reached. Please try again later.",
            wait,
        ));
    }
    Ok((window_start, resends + 1))
}

fn cooldown(seconds: u64) -> Error {
    Error::too_many(
        ErrorCode::ResendCooldown,
        format!("Please wait {seconds} seconds before requesting a new code."),
        seconds,
    )
}

/// Checks `code` for `email` against the code `client` asked for; on success the code is spent
/// and the recruiter's id returned.
pub async fn verify(
    db: &Db,
    keys: &Keys,
    email: &str,
    client: &str,
    code: &str,
    now: Timestamp,
) -> Result<i64> {
    let now_ms = to_millis(now);
    let Some(challenge) = load(db, email, client).await?.filter(|c| c.is_live(now_ms)) else {
        return Err(rejected(ErrorCode::OtpExpired, EXPIRED_MESSAGE, 0));
    };
    let expected = keys.otp_hash(email, challenge.issued_at, code);
    let matches: bool = expected
        .as_bytes()
        .ct_eq(challenge.code_hash.as_bytes())
        .into();
    match (matches, challenge.recruiter_id) {
        (true, Some(recruiter_id)) => {
            let spent = execute!(
                db,
                "UPDATE otp_challenges SET consumed = TRUE
                 WHERE email = $1 AND client = $4 AND issued_at = $2 AND consumed = FALSE
                   AND failed_attempts < $3",
                (email, challenge.issued_at, MAX_FAILED_ATTEMPTS, client)
            )?;
            if spent == 1 {
                Ok(recruiter_id)
            } else {
                Err(rejected(ErrorCode::OtpExpired, EXPIRED_MESSAGE, 0))
            }
        }
        _ => {
            let failed: Option<i64> = fetch_scalar!(
                db,
                fetch_optional,
                "UPDATE otp_challenges SET failed_attempts = failed_attempts + 1
                 WHERE email = $1 AND client = $3 AND issued_at = $2
                 RETURNING failed_attempts",
                (email, challenge.issued_at, client)
            )?;
            let remaining = failed.map_or(0, |n| (MAX_FAILED_ATTEMPTS - n).max(0));
            Err(rejected(ErrorCode::InvalidOtp, INVALID_MESSAGE, remaining))
        }
    }
}

fn rejected(code: ErrorCode, message: &str, attempts_remaining: i64) -> Error {
    Error::BadRequest {
        code,
        message: message.to_owned(),
        extra: Some(serde_json::json!({ "attemptsRemaining": attempts_remaining })),
    }
}

async fn load(db: &Db, email: &str, client: &str) -> Result<Option<Challenge>> {
    Ok(fetch_as!(
        db,
        fetch_optional,
        "SELECT recruiter_id, code_hash, issued_at, expires_at, failed_attempts, consumed,
                resend_window_start, resends
         FROM otp_challenges WHERE email = $1 AND client = $2",
        (email, client)
    )?)
}

/// Marks the code `client` asked for `email` dead (used when its delivery failed).
pub async fn withdraw(db: &Db, email: &str, client: &str, issued_at: Timestamp) -> Result<()> {
    execute!(
        db,
        "UPDATE otp_challenges SET expires_at = issued_at
         WHERE email = $1 AND client = $3 AND issued_at = $2",
        (email, to_millis(issued_at), client)
    )?;
    Ok(())
}

/// Deletes challenges that ended more than a day ago.
pub async fn prune(db: &Db, now: Timestamp) -> Result<u64> {
    let cutoff = to_millis(now) - SignedDuration::from_hours(24).as_millis() as i64;
    let done = execute!(
        db,
        "DELETE FROM otp_challenges WHERE expires_at < $1",
        (cutoff)
    )?;
    Ok(done)
}
