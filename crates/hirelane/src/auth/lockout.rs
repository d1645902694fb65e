//! The ceiling on wrong sign-in codes, per address and client. A code dies after five wrong
//! tries, but a new code could be asked for at once; counted here across codes, ten wrong tries
//! in an hour from one client lock the address for that client (15 minutes, doubling with each
//! lock up to a day), and the recruiter is told by e-mail. The lock is the guesser's: the owner
//! signing in from another client is neither locked nor delayed (a lock per address alone let
//! anyone lock anyone out). Guessing from many clients at once meets the server-wide ceilings
//! on verifications instead. Unregistered addresses are counted the same, so a lock says nothing
//! about an account.

use hirelane_core::clock::to_millis;
use jiff::{SignedDuration, Timestamp};

use crate::error::{Error, ErrorCode, Result};
use crate::store::Db;
use crate::{execute, fetch_as, fetch_scalar};

pub const MAX_FAILURES: i64 = 10;
const FAILURE_WINDOW: SignedDuration = SignedDuration::from_hours(1);
const FIRST_LOCK: SignedDuration = SignedDuration::from_mins(15);
const LONGEST_LOCK: SignedDuration = SignedDuration::from_hours(24);

/// The length of the `n`-th lock (0-based): 15 minutes, doubling, at most a day.
pub fn lock_length(n: i64) -> SignedDuration {
    let factor = 1_i64 << n.clamp(0, 10);
    let seconds = FIRST_LOCK.as_secs().saturating_mul(factor);
    SignedDuration::from_secs(seconds.min(LONGEST_LOCK.as_secs()))
}

fn locked(seconds: i64) -> Error {
    let minutes = (seconds.max(1) as u64).div_ceil(60);
    Error::too_many(
        ErrorCode::SignInLocked,
        format!("Too many wrong sign-in codes. Please try again in {minutes} minutes."),
        seconds.max(1) as u64,
    )
}

/// Refuses while the address is locked for `client`.
pub async fn check(db: &Db, email: &str, client: &str, now: Timestamp) -> Result<()> {
    let until: Option<Option<i64>> = fetch_scalar!(
        db,
        fetch_optional,
        "SELECT locked_until FROM sign_in_locks WHERE email = $1 AND client = $2",
        (email, client)
    )?;
    match until.flatten() {
        Some(until) if until > to_millis(now) => Err(locked((until - to_millis(now)) / 1000)),
        _ => Ok(()),
    }
}

/// Counts a wrong code; answers the lock's length when this failure started one (exactly one
/// of several racing requests does).
pub async fn record_failure(
    db: &Db,
    email: &str,
    client: &str,
    now: Timestamp,
) -> Result<Option<SignedDuration>> {
    let now_ms = to_millis(now);
    let window_opened_after = now_ms - FAILURE_WINDOW.as_millis() as i64;
    let (failures, locks): (i64, i64) = fetch_as!(
        db,
        fetch_one,
        "INSERT INTO sign_in_locks (email, client, window_start, failures)
         VALUES ($1, $4, $2, 1)
         ON CONFLICT (email, client) DO UPDATE SET
            failures = CASE WHEN sign_in_locks.window_start <= $3 THEN 1
                            ELSE sign_in_locks.failures + 1 END,
            window_start = CASE WHEN sign_in_locks.window_start <= $3 THEN $2
                                ELSE sign_in_locks.window_start END
         RETURNING failures, locks",
        (email, now_ms, window_opened_after, client)
    )?;
    if failures < MAX_FAILURES {
        return Ok(None);
    }
    let length = lock_length(locks);
    let started = execute!(
        db,
        "UPDATE sign_in_locks SET locked_until = $2, locks = locks + 1, failures = 0,
            window_start = $3
         WHERE email = $1 AND client = $5 AND failures >= $4",
        (
            email,
            now_ms + length.as_millis() as i64,
            now_ms,
            MAX_FAILURES,
            client
        )
    )?;
    Ok((started == 1).then_some(length))
}

/// Deletes the rows of addresses quiet for a day (their next lock starts short again).
pub async fn prune(db: &Db, now: Timestamp) -> Result<u64> {
    let cutoff = to_millis(now) - SignedDuration::from_hours(24).as_millis() as i64;
    let done = execute!(
        db,
        "DELETE FROM sign_in_locks
         WHERE window_start < $1 AND (locked_until IS NULL OR locked_until < $1)",
        (cutoff)
    )?;
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_double_up_to_a_day() {
        assert_eq!(lock_length(0), SignedDuration::from_mins(15));
        assert_eq!(lock_length(1), SignedDuration::from_mins(30));
        assert_eq!(lock_length(6), SignedDuration::from_hours(16));
        assert_eq!(lock_length(7), SignedDuration::from_hours(24));
        assert_eq!(lock_length(60), SignedDuration::from_hours(24));
    }
}
