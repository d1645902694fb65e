//! When the candidate has finished answering: an energy voice-activity detector over the 20 ms
//! frames the browser sends. Speech is a frame well above the room's noise floor (which it
//! learns from the quiet frames); an answer ends after `end_after` of quiet following speech,
//! when it reaches its length cap, or when nobody spoke for `give_up_after`. The speech model
//! decides what was said; this only decides when to stop listening.

use std::time::Duration;

use super::speech::SAMPLE_RATE;

/// Samples in one 20 ms frame at 16 kHz.
pub const FRAME: usize = (SAMPLE_RATE as usize) / 50;

/// A frame this far above the noise floor is speech.
const SPEECH_ABOVE_FLOOR_DB: f64 = 12.0;
/// Quieter than this is silence whatever the floor (digital silence, a muted microphone).
const ABSOLUTE_SILENCE_DBFS: f64 = -55.0;
/// Speech needs this many loud frames in a row (60 ms), so a click does not start an answer.
const SPEECH_START_FRAMES: u32 = 3;

/// What a frame changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heard {
    /// Still listening.
    Listening,
    /// The answer is over: quiet after speech, or the length cap.
    Finished,
    /// Nobody spoke for the whole wait.
    NoAnswer,
}

/// Listens to one answer.
#[derive(Debug, Clone)]
pub struct TurnDetector {
    end_after_frames: u32,
    cap_frames: u32,
    give_up_frames: u32,
    floor_db: f64,
    loud_run: u32,
    quiet_run: u32,
    frames: u32,
    spoke: bool,
}

impl TurnDetector {
    pub fn new(end_after: Duration, cap: Duration, give_up_after: Duration) -> TurnDetector {
        let frames = |d: Duration| u32::try_from(d.as_millis() / 20).unwrap_or(u32::MAX).max(1);
        TurnDetector {
            end_after_frames: frames(end_after),
            cap_frames: frames(cap),
            give_up_frames: frames(give_up_after),
            floor_db: ABSOLUTE_SILENCE_DBFS,
            loud_run: 0,
            quiet_run: 0,
            frames: 0,
            spoke: false,
        }
    }

    /// Whether speech was heard in this answer.
    pub fn spoke(&self) -> bool {
        self.spoke
    }

    /// Takes the next frame.
    pub fn push(&mut self, frame: &[i16]) -> Heard {
        self.frames += 1;
        let level = level_dbfs(frame);
        let loud = level > ABSOLUTE_SILENCE_DBFS && level > self.floor_db + SPEECH_ABOVE_FLOOR_DB;
        if loud {
            self.loud_run += 1;
            if self.loud_run >= SPEECH_START_FRAMES {
                self.spoke = true;
                self.quiet_run = 0;
            }
        } else {
            self.loud_run = 0;
            self.quiet_run += 1;
            // The floor follows the quiet frames: fast down, slowly up, so speech does not
            // raise it.
            let rate = if level < self.floor_db { 0.5 } else { 0.02 };
            self.floor_db += (level.max(-90.0) - self.floor_db) * rate;
        }
        if self.spoke && (self.quiet_run >= self.end_after_frames || self.frames >= self.cap_frames)
        {
            Heard::Finished
        } else if !self.spoke && self.frames >= self.give_up_frames {
            Heard::NoAnswer
        } else {
            Heard::Listening
        }
    }
}

/// A frame's loudness (RMS) in dB below full scale; -inf dB reads as -120.
pub fn level_dbfs(frame: &[i16]) -> f64 {
    if frame.is_empty() {
        return -120.0;
    }
    let mean_square = frame
        .iter()
        .map(|&s| f64::from(s) * f64::from(s))
        .sum::<f64>()
        / frame.len() as f64;
    if mean_square <= 0.0 {
        -120.0
    } else {
        10.0 * (mean_square / (32768.0 * 32768.0)).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(amplitude: f64, frames: usize) -> Vec<Vec<i16>> {
        (0..frames)
            .map(|f| {
                (0..FRAME)
                    .map(|i| {
                        let t = (f * FRAME + i) as f64 / f64::from(SAMPLE_RATE);
                        (amplitude * 32767.0 * (2.0 * std::f64::consts::PI * 220.0 * t).sin())
                            as i16
                    })
                    .collect()
            })
            .collect()
    }

    fn detector() -> TurnDetector {
        TurnDetector::new(
            Duration::from_millis(800),
            Duration::from_secs(10),
            Duration::from_secs(5),
        )
    }

    fn feed(detector: &mut TurnDetector, frames: &[Vec<i16>]) -> Vec<Heard> {
        frames.iter().map(|f| detector.push(f)).collect()
    }

    #[test]
    fn an_answer_ends_after_the_quiet_that_follows_it() {
        let mut d = detector();
        let noise = tone(0.001, 25);
        assert!(feed(&mut d, &noise).iter().all(|h| *h == Heard::Listening));
        assert!(
            feed(&mut d, &tone(0.3, 50))
                .iter()
                .all(|h| *h == Heard::Listening)
        );
        assert!(d.spoke());
        // A short pause inside the answer (a breath) does not end it.
        assert!(
            feed(&mut d, &tone(0.001, 20))
                .iter()
                .all(|h| *h == Heard::Listening)
        );
        feed(&mut d, &tone(0.3, 10));
        let after = feed(&mut d, &tone(0.001, 40));
        assert_eq!(after.iter().position(|h| *h == Heard::Finished), Some(39));
    }

    #[test]
    fn clicks_are_not_speech_and_silence_gives_up() {
        let mut d = detector();
        let mut frames = Vec::new();
        for _ in 0..100 {
            frames.extend(tone(0.5, 1));
            frames.extend(tone(0.0, 4));
        }
        let heard = feed(&mut d, &frames[..249]);
        assert!(!d.spoke());
        assert!(heard.iter().all(|h| *h == Heard::Listening));
        assert_eq!(d.push(&frames[249]), Heard::NoAnswer);
    }

    #[test]
    fn a_long_answer_is_capped() {
        let mut d = detector();
        let heard = feed(&mut d, &tone(0.3, 500));
        assert_eq!(heard.iter().position(|h| *h == Heard::Finished), Some(499));
    }

    #[test]
    fn levels_are_in_dbfs() {
        assert_eq!(level_dbfs(&[0; FRAME]), -120.0);
        let full = vec![i16::MAX; FRAME];
        assert!(level_dbfs(&full).abs() < 0.01);
    }
}
