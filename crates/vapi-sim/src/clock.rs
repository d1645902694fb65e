//! The simulator's notion of "now". Every call transition, webhook delay and timestamp reads a
//! [`SimClock`], so tests move time instead of sleeping.

use std::sync::{Arc, Mutex, PoisonError};

use jiff::{SignedDuration, Timestamp};
use tokio::sync::watch;

/// A clock shared by the simulator and whoever drives it (tests, the control endpoint).
///
/// It starts either *real* (the machine's clock, optionally shifted by an offset) or *manual*
/// (frozen until moved). Cloning is cheap and clones share the same time.
#[derive(Clone, Debug)]
pub struct SimClock {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    mode: Mutex<Mode>,
    /// Bumped on every change so the simulator's engine wakes up and runs due transitions.
    changed: watch::Sender<u64>,
}

#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Machine time plus an offset (moved by [`SimClock::advance`]).
    Real { offset: SignedDuration },
    /// Stands still at this instant.
    Manual { at: Timestamp },
}

/// What the control endpoint reports and accepts as the clock's mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockMode {
    /// Follows the machine's clock (plus any offset added by advancing).
    Real,
    /// Frozen until moved.
    Manual,
}

impl Default for SimClock {
    fn default() -> Self {
        Self::real()
    }
}

impl SimClock {
    fn with_mode(mode: Mode) -> Self {
        let (changed, _) = watch::channel(0);
        Self {
            inner: Arc::new(Inner {
                mode: Mutex::new(mode),
                changed,
            }),
        }
    }

    /// The machine's clock.
    pub fn real() -> Self {
        Self::with_mode(Mode::Real {
            offset: SignedDuration::ZERO,
        })
    }

    /// A clock frozen at `start` until a test moves it.
    pub fn manual(start: Timestamp) -> Self {
        Self::with_mode(Mode::Manual { at: start })
    }

    /// The current simulated instant.
    pub fn now(&self) -> Timestamp {
        match *self.lock() {
            Mode::Real { offset } => Timestamp::now().saturating_add(offset).unwrap_or_default(),
            Mode::Manual { at } => at,
        }
    }

    /// Whether the clock is frozen.
    pub fn mode(&self) -> ClockMode {
        match *self.lock() {
            Mode::Real { .. } => ClockMode::Real,
            Mode::Manual { .. } => ClockMode::Manual,
        }
    }

    /// Moves time forward (or back, for a negative duration). A real clock keeps running from
    /// the shifted instant; a manual one stays frozen there.
    pub fn advance(&self, by: SignedDuration) {
        {
            let mut mode = self.lock();
            *mode = match *mode {
                Mode::Real { offset } => Mode::Real {
                    offset: offset.saturating_add(by),
                },
                Mode::Manual { at } => Mode::Manual {
                    at: at.saturating_add(by).unwrap_or(at),
                },
            };
        }
        self.notify();
    }

    /// Freezes the clock at `at` (switching it to manual).
    pub fn set(&self, at: Timestamp) {
        *self.lock() = Mode::Manual { at };
        self.notify();
    }

    /// Freezes the clock where it is now.
    pub fn freeze(&self) {
        let now = self.now();
        self.set(now);
    }

    /// Lets the clock run again from the current simulated instant (keeping any lead over the
    /// machine's clock, so time never jumps backwards).
    pub fn resume(&self) {
        let now = self.now();
        *self.lock() = Mode::Real {
            offset: now.duration_since(Timestamp::now()),
        };
        self.notify();
    }

    /// A receiver that changes whenever the clock is moved or switched.
    pub(crate) fn subscribe(&self) -> watch::Receiver<u64> {
        self.inner.changed.subscribe()
    }

    fn notify(&self) {
        self.inner.changed.send_modify(|n| *n = n.wrapping_add(1));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Mode> {
        // The mode is a plain value, so a panic elsewhere cannot leave it half-written.
        self.inner
            .mode
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// ISO-8601 UTC with milliseconds, as Vapi writes instants (`2026-08-20T10:00:00.000Z`).
pub(crate) fn iso(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn manual_clock_moves_only_when_told() {
        let start: Timestamp = "2026-09-01T10:00:00Z".parse().unwrap();
        let clock = SimClock::manual(start);
        assert_eq!(clock.now(), start);
        clock.advance(SignedDuration::from_secs(90));
        assert_eq!(iso(clock.now()), "2026-09-01T10:01:30.000Z");
        assert_eq!(clock.mode(), ClockMode::Manual);
    }

    #[test]
    fn resuming_keeps_the_lead() {
        let clock = SimClock::real();
        clock.advance(SignedDuration::from_hours(2));
        clock.freeze();
        clock.resume();
        assert!(
            clock.now()
                > Timestamp::now()
                    .saturating_add(SignedDuration::from_mins(119))
                    .unwrap()
        );
    }
}
