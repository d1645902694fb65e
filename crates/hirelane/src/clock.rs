//! Time as the rules see it. Every rule reads an injected [`Clock`] so tests move time instead
//! of sleeping; the movable clock exists only in builds with the `test-clock` feature.

use std::sync::Arc;

use jiff::Timestamp;

/// A source of the current instant.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> Timestamp;
}

/// The machine's clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        Timestamp::now()
    }
}

/// Shared handle to the clock used by the application.
pub type SharedClock = Arc<dyn Clock>;

/// Milliseconds since the unix epoch, the form instants take in the database.
pub fn to_millis(t: Timestamp) -> i64 {
    t.as_millisecond()
}

/// The inverse of [`to_millis`]; out-of-range values clamp to the representable range.
pub fn from_millis(ms: i64) -> Timestamp {
    Timestamp::from_millisecond(ms).unwrap_or(if ms < 0 {
        Timestamp::MIN
    } else {
        Timestamp::MAX
    })
}

/// ISO-8601 UTC text with second precision, as the API sends instants (`2026-11-21T10:00:00Z`).
pub fn to_iso(t: Timestamp) -> String {
    t.round(jiff::Unit::Second)
        .unwrap_or(t)
        .strftime("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

#[cfg(feature = "test-clock")]
pub use manual::ManualClock;

#[cfg(feature = "test-clock")]
mod manual {
    use std::sync::Mutex;

    use jiff::{SignedDuration, Timestamp};

    use super::Clock;

    /// A clock that stands still until a test moves it.
    #[derive(Debug)]
    pub struct ManualClock(Mutex<Timestamp>);

    impl ManualClock {
        pub fn new(start: Timestamp) -> Self {
            Self(Mutex::new(start))
        }

        pub fn advance(&self, by: SignedDuration) {
            let mut now = self.0.lock().unwrap_or_else(|poison| poison.into_inner());
            *now = now.saturating_add(by).unwrap_or(*now);
        }

        pub fn set(&self, to: Timestamp) {
            *self.0.lock().unwrap_or_else(|poison| poison.into_inner()) = to;
        }
    }

    impl Clock for ManualClock {
        fn now(&self) -> Timestamp {
            *self.0.lock().unwrap_or_else(|poison| poison.into_inner())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_has_seconds_and_zulu() {
        let t = from_millis(1_763_719_200_123);
        assert_eq!(to_iso(t), "2025-11-21T10:00:00Z");
        assert_eq!(to_millis(from_millis(42)), 42);
    }
}
