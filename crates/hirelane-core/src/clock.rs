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
/// The fraction is cut, never rounded up: an instant sent must not lie in the future (a JD
/// deleted at .6 s once showed "31 days left" in the bin).
pub fn to_iso(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

#[cfg(feature = "test-clock")]
pub use manual::{ManualClock, OffsetClock, test_clock};

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

    /// The machine's clock shifted by an offset a browser test can move
    /// (`HIRELANE_TEST_CLOCK=1 hirelane serve`, then `POST /_test/clock`): time keeps flowing,
    /// so timers and timeouts behave, and a test can jump to an interview's join window.
    #[derive(Debug, Default)]
    pub struct OffsetClock(std::sync::atomic::AtomicI64);

    impl OffsetClock {
        pub fn advance(&self, by: SignedDuration) {
            let ms = i64::try_from(by.as_millis()).unwrap_or(0);
            self.0.fetch_add(ms, std::sync::atomic::Ordering::SeqCst);
        }

        pub fn set(&self, to: Timestamp) {
            let offset = to.as_millisecond() - Timestamp::now().as_millisecond();
            self.0.store(offset, std::sync::atomic::Ordering::SeqCst);
        }
    }

    impl Clock for OffsetClock {
        fn now(&self) -> Timestamp {
            let offset = self.0.load(std::sync::atomic::Ordering::SeqCst);
            Timestamp::now()
                .saturating_add(SignedDuration::from_millis(offset))
                .unwrap_or_else(|_| Timestamp::now())
        }
    }

    static TEST_CLOCK: std::sync::OnceLock<std::sync::Arc<OffsetClock>> =
        std::sync::OnceLock::new();

    /// The movable clock, when this process was started with `HIRELANE_TEST_CLOCK=1`.
    pub fn test_clock() -> Option<std::sync::Arc<OffsetClock>> {
        if std::env::var("HIRELANE_TEST_CLOCK").as_deref() != Ok("1") {
            return None;
        }
        Some(TEST_CLOCK.get_or_init(Default::default).clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_has_seconds_and_zulu() {
        let t = from_millis(1_763_719_200_123);
        assert_eq!(to_iso(t), "2025-11-21T10:00:00Z");
        assert_eq!(
            to_iso(from_millis(1_763_719_200_999)),
            "2025-11-21T10:00:00Z"
        );
        assert_eq!(to_millis(from_millis(42)), 42);
    }
}
