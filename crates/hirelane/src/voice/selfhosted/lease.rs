//! Who runs an interview: a lease in its session row, so that two instances (or two sockets on
//! one) never both speak in it. Every socket that opens the interview bumps its generation: the
//! newest socket wins. It starts only once it holds the lease, which it gets when the lease is
//! free (released, or expired: its holder died), and keeps by renewing it every second. A
//! holder whose renewal finds a newer generation, or that cannot renew for a while, stops and
//! lets go; the newer socket then takes the interview from where it was stored.

use std::time::Duration;

use hirelane_core::clock::{SharedClock, to_millis};
use jiff::SignedDuration;
use tokio::sync::watch;

use crate::error::Result;
use crate::store::Db;
use crate::{execute, fetch_scalar};

/// How long an interview waits for its page to come back after the socket went away, on any
/// instance; after that, it ends with what was stored.
pub const COME_BACK_WITHIN: SignedDuration = SignedDuration::from_secs(60);
/// How long a lease lasts without renewal: how soon an interview whose instance died can be
/// taken over.
pub(super) const LEASE_FOR: SignedDuration = SignedDuration::from_secs(5);
/// How often a holder renews its lease (and so how soon it notices a newer socket).
const RENEW_EVERY: Duration = Duration::from_secs(1);
/// How often a socket waiting for the lease looks again.
const WAIT_STEP: Duration = Duration::from_millis(200);
/// A holder that could not renew for this long stops: its lease may be someone else's soon.
const RENEW_FAILING_FOR: Duration = Duration::from_millis(2_500);

/// One socket's claim on an interview.
#[derive(Debug, Clone)]
pub(super) struct Lease {
    db: Db,
    clock: SharedClock,
    call_id: String,
    /// The instance, for whoever reads the row.
    instance: String,
    pub generation: i64,
}

/// Why a holder lost its lease.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lost {
    /// A newer socket opened the interview (or it ended elsewhere).
    Superseded,
    /// Its renewals failed for long enough that the lease may have expired.
    Unrenewable,
}

/// How waiting for the lease ended.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Waited {
    Held,
    /// A newer socket opened the interview meanwhile.
    Superseded,
    /// The holder neither let go nor stopped renewing in time.
    Busy,
}

impl Lease {
    /// Opens the interview for a new socket: its generation is the newest, so the current
    /// holder stops at its next renewal. `None` when the interview has no session.
    pub async fn claim(
        db: &Db,
        clock: &SharedClock,
        call_id: &str,
        instance: &str,
    ) -> Result<Option<Lease>> {
        let generation: Option<i64> = fetch_scalar!(
            db,
            fetch_optional,
            "UPDATE selfhosted_sessions SET generation = generation + 1 WHERE call_id = $1
             RETURNING generation",
            (call_id)
        )?;
        Ok(generation.map(|generation| Lease {
            db: db.clone(),
            clock: clock.clone(),
            call_id: call_id.to_owned(),
            instance: instance.to_owned(),
            generation,
        }))
    }

    /// Waits, at most `at_most`, until this socket holds the lease.
    pub async fn wait(&self, at_most: Duration) -> Result<Waited> {
        let deadline = tokio::time::Instant::now() + at_most;
        loop {
            let now = self.clock.now();
            let taken = execute!(
                &self.db,
                "UPDATE selfhosted_sessions SET held_generation = $2, held_by = $3,
                    lease_expires = $4
                 WHERE call_id = $1 AND generation = $2
                   AND (held_generation IS NULL OR held_generation = $2 OR lease_expires < $5)",
                (
                    &self.call_id,
                    self.generation,
                    &self.instance,
                    to_millis(now + LEASE_FOR),
                    to_millis(now)
                )
            )?;
            if taken == 1 {
                return Ok(Waited::Held);
            }
            if self.superseded().await? {
                return Ok(Waited::Superseded);
            }
            if tokio::time::Instant::now() >= deadline {
                return Ok(Waited::Busy);
            }
            tokio::time::sleep(WAIT_STEP).await;
        }
    }

    async fn superseded(&self) -> Result<bool> {
        let newest: Option<i64> = fetch_scalar!(
            &self.db,
            fetch_optional,
            "SELECT generation FROM selfhosted_sessions WHERE call_id = $1",
            (&self.call_id)
        )?;
        Ok(newest != Some(self.generation))
    }

    /// Extends the lease; `false` when this socket no longer holds it.
    async fn renew(&self) -> Result<bool> {
        let now = self.clock.now();
        let renewed = execute!(
            &self.db,
            "UPDATE selfhosted_sessions SET lease_expires = $3
             WHERE call_id = $1 AND generation = $2 AND held_generation = $2",
            (&self.call_id, self.generation, to_millis(now + LEASE_FOR))
        )?;
        Ok(renewed == 1)
    }

    /// Lets go of the lease (if still held): the interview's last run ends now.
    pub async fn release(&self) {
        let released = execute!(
            &self.db,
            "UPDATE selfhosted_sessions SET held_generation = NULL, held_by = NULL,
                lease_expires = $3
             WHERE call_id = $1 AND held_generation = $2",
            (&self.call_id, self.generation, to_millis(self.clock.now()))
        );
        if let Err(err) = released {
            tracing::warn!(error = %err, call_id = %self.call_id, "self-hosted interview: the lease was not released; it expires");
        }
    }

    /// Whether the interview is still this socket's to finish after it went away: no newer
    /// socket opened it since.
    pub async fn still_last(&self) -> Result<bool> {
        Ok(!self.superseded().await?)
    }

    /// Renews the lease every second until it is lost (a newer socket, or renewals failing
    /// long enough that it may have expired); then says why on `lost`.
    pub async fn keep(self, lost: watch::Sender<Option<Lost>>) {
        let mut last_renewed = tokio::time::Instant::now();
        let why = loop {
            tokio::time::sleep(RENEW_EVERY).await;
            match self.renew().await {
                Ok(true) => last_renewed = tokio::time::Instant::now(),
                Ok(false) => break Lost::Superseded,
                Err(err) => {
                    tracing::warn!(error = %err, call_id = %self.call_id, "self-hosted interview: cannot renew its lease");
                    if last_renewed.elapsed() >= RENEW_FAILING_FOR {
                        break Lost::Unrenewable;
                    }
                }
            }
        };
        lost.send_replace(Some(why));
    }

    pub fn call_id(&self) -> &str {
        &self.call_id
    }
}
