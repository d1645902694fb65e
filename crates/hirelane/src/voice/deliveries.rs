//! Webhook messages already processed, by the SHA-256 of their exact body. In the plain-secret
//! mode a captured delivery carries everything it needs to be sent again; remembering what was
//! processed means a replay changes nothing, even after the data it would bring back (a call of
//! an erased candidate) is gone. Only the digest is kept, never the message.

use hirelane_core::clock::to_millis;
use jiff::{SignedDuration, Timestamp};
use sha2::{Digest, Sha256};

use crate::error::Result;
use crate::store::Db;
use crate::{execute, fetch_scalar};

/// How long a processed message is remembered.
const REMEMBERED: SignedDuration = SignedDuration::from_hours(30 * 24);

pub fn digest(body: &[u8]) -> String {
    hex::encode(Sha256::digest(body))
}

/// Whether a message with this digest was processed already.
pub async fn seen(db: &Db, digest: &str) -> Result<bool> {
    let count: i64 = fetch_scalar!(
        db,
        fetch_one,
        "SELECT COUNT(*) FROM webhook_deliveries WHERE digest = $1",
        (digest)
    )?;
    Ok(count > 0)
}

/// Remembers a processed message (after its effects are stored, so a failure is retried).
pub async fn remember(db: &Db, digest: &str, now: Timestamp) -> Result<()> {
    execute!(
        db,
        "INSERT INTO webhook_deliveries (digest, received_at) VALUES ($1, $2)
         ON CONFLICT (digest) DO NOTHING",
        (digest, to_millis(now))
    )?;
    Ok(())
}

/// Forgets messages older than [`REMEMBERED`]; answers how many.
pub async fn prune(db: &Db, now: Timestamp) -> Result<u64> {
    let before = to_millis(now.saturating_sub(REMEMBERED).unwrap_or(now));
    Ok(execute!(
        db,
        "DELETE FROM webhook_deliveries WHERE received_at < $1",
        (before)
    )?)
}
