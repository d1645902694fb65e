//! Microphone audio is accepted at most at about the pace it can be spoken. A page that sends
//! minutes of audio in a second would otherwise make one answer cost minutes of transcription,
//! slowing every other interview on the instance; what arrives ahead of the clock is refused,
//! and the page is told once per answer.

use std::time::Duration;

use super::speech::SAMPLE_RATE;

/// Audio a page may send ahead of real time: the browser's buffers after a stall, a reconnect
/// replaying its queue.
const AHEAD_ALLOWED: Duration = Duration::from_secs(10);

/// The audio budget of one answer.
#[derive(Debug, Default)]
pub struct Pacing {
    accepted: u64,
    refused: bool,
}

/// What to do with the samples offered.
#[derive(Debug, PartialEq, Eq)]
pub struct Admitted {
    /// How many of them to keep (the first ones).
    pub samples: usize,
    /// Some were refused, for the first time in this answer: tell the page.
    pub first_refusal: bool,
}

impl Pacing {
    /// Admits what fits in the time listened so far (`elapsed`) plus the allowance.
    pub fn admit(&mut self, elapsed: Duration, offered: usize) -> Admitted {
        let budget = ((elapsed + AHEAD_ALLOWED).as_secs_f64() * f64::from(SAMPLE_RATE)) as u64;
        let room = budget.saturating_sub(self.accepted);
        let samples = usize::try_from(room).unwrap_or(usize::MAX).min(offered);
        self.accepted += samples as u64;
        let first_refusal = samples < offered && !self.refused;
        self.refused |= samples < offered;
        Admitted {
            samples,
            first_refusal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: usize = SAMPLE_RATE as usize;

    #[test]
    fn real_time_audio_is_all_accepted() {
        let mut pacing = Pacing::default();
        for s in 0..120 {
            let admitted = pacing.admit(Duration::from_secs(s), SECOND);
            assert_eq!(admitted.samples, SECOND, "second {s}");
            assert!(!admitted.first_refusal);
        }
    }

    #[test]
    fn audio_far_ahead_of_the_clock_is_refused_and_said_once() {
        let mut pacing = Pacing::default();
        // 125 s of speech sent within the first second.
        let first = pacing.admit(Duration::from_millis(500), 125 * SECOND);
        assert_eq!(first.samples, 10 * SECOND + SECOND / 2);
        assert!(first.first_refusal);
        let again = pacing.admit(Duration::from_millis(900), SECOND);
        assert_eq!(again.samples, 6_400, "only what the clock allows since");
        assert!(!again.first_refusal, "the page is told once");
        // Once the clock catches up, audio flows again.
        let later = pacing.admit(Duration::from_secs(30), SECOND);
        assert_eq!(later.samples, SECOND);
    }
}
