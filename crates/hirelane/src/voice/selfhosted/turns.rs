//! When the candidate has finished answering: an energy voice-activity detector over the 20 ms
//! frames the browser sends. Speech is a frame well above the room's noise floor (which it
//! learns from the quiet frames); an answer ends after enough quiet following speech, when it
//! reaches its length cap, or when nobody spoke for `give_up_after`.
//!
//! How much quiet is enough depends on the words so far, when a transcript of them is at hand
//! ([`Words`]; the engine transcribes the answer at each pause, `super::answering`): a finished
//! sentence ends the answer after [`FINISHED_QUIET`], words that trail off ("…and", "so,") only
//! after twice `end_after`, and words not yet transcribed after `end_after`, as people leave a
//! shorter gap after a complete thought and a longer one mid-thought.

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
/// Quiet that ends an answer whose words so far form a finished sentence.
pub const FINISHED_QUIET: Duration = Duration::from_millis(300);
/// Words after which a speaker is still going, whatever the punctuation the transcriber chose.
const CONTINUING: [&str; 16] = [
    "and", "so", "but", "or", "because", "cause", "plus", "um", "uh", "er", "the", "a", "an",
    "which", "if", "although",
];

/// What the words of an answer so far say about whether it is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Words {
    /// Not transcribed yet (or nothing heard): the configured quiet decides.
    Unknown,
    /// A finished sentence: a short quiet ends the answer.
    Finished,
    /// Trailing off mid-thought ("…and", "so,"): a longer quiet is waited for.
    Trailing,
}

impl Words {
    /// Reads a transcript of the answer so far.
    pub fn of(text: &str) -> Words {
        let text = text.trim_end();
        let Some(last) = text.split_whitespace().next_back() else {
            return Words::Unknown;
        };
        let bare = last
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        if CONTINUING.contains(&bare.as_str()) || text.ends_with("...") || text.ends_with('…') {
            return Words::Trailing;
        }
        match text.chars().next_back() {
            Some('.' | '?' | '!') => Words::Finished,
            Some(',' | ';' | ':' | '-') => Words::Trailing,
            _ => Words::Unknown,
        }
    }
}

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
    /// The number of the last frame that was speech (the candidate's last word so far).
    last_voiced: u32,
    words: Words,
}

impl TurnDetector {
    pub fn new(end_after: Duration, cap: Duration, give_up_after: Duration) -> TurnDetector {
        TurnDetector {
            end_after_frames: frames_of(end_after),
            cap_frames: frames_of(cap),
            give_up_frames: frames_of(give_up_after),
            floor_db: ABSOLUTE_SILENCE_DBFS,
            loud_run: 0,
            quiet_run: 0,
            frames: 0,
            spoke: false,
            last_voiced: 0,
            words: Words::Unknown,
        }
    }

    /// The number of the last frame heard as speech (0: none yet). It changes only when the
    /// candidate speaks again, so it names the words a transcript was made of.
    pub fn last_voiced(&self) -> u32 {
        self.last_voiced
    }

    /// The quiet that ends an answer whose words are not known yet.
    pub fn end_after(&self) -> Duration {
        Duration::from_millis(20 * u64::from(self.end_after_frames))
    }

    /// Frames taken so far.
    pub fn frames(&self) -> u32 {
        self.frames
    }

    /// How long it has been quiet since the last speech (zero while speaking or before any).
    pub fn quiet(&self) -> Duration {
        if self.spoke {
            Duration::from_millis(20 * u64::from(self.quiet_run))
        } else {
            Duration::ZERO
        }
    }

    /// A transcript of the answer up to frame `voiced` says this; it counts only if the
    /// candidate has not spoken since. Returns whether the answer is now over.
    pub fn words_heard(&mut self, voiced: u32, words: Words) -> bool {
        if voiced != self.last_voiced || !self.spoke {
            return false;
        }
        self.words = words;
        self.over()
    }

    /// The quiet that ends the answer, given its words so far.
    fn quiet_needed(&self) -> u32 {
        match self.words {
            Words::Unknown => self.end_after_frames,
            Words::Finished => frames_of(FINISHED_QUIET).min(self.end_after_frames),
            Words::Trailing => self.end_after_frames.saturating_mul(2),
        }
    }

    fn over(&self) -> bool {
        self.spoke && (self.quiet_run >= self.quiet_needed() || self.frames >= self.cap_frames)
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
                self.last_voiced = self.frames;
                // More words: what a transcript said of the earlier ones no longer holds.
                self.words = Words::Unknown;
            }
        } else {
            self.loud_run = 0;
            self.quiet_run += 1;
            // The floor follows the quiet frames: fast down, slowly up, so speech does not
            // raise it.
            let rate = if level < self.floor_db { 0.5 } else { 0.02 };
            self.floor_db += (level.max(-90.0) - self.floor_db) * rate;
        }
        if self.over() {
            Heard::Finished
        } else if !self.spoke && self.frames >= self.give_up_frames {
            Heard::NoAnswer
        } else {
            Heard::Listening
        }
    }
}

/// Whole 20 ms frames in `d`, at least one.
fn frames_of(d: Duration) -> u32 {
    u32::try_from(d.as_millis() / 20).unwrap_or(u32::MAX).max(1)
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
    fn a_finished_sentence_ends_the_answer_after_a_short_quiet() {
        let mut d = detector();
        feed(&mut d, &tone(0.001, 25));
        feed(&mut d, &tone(0.3, 50));
        let voiced = d.last_voiced();
        assert_eq!(voiced, 75, "the last frame of speech");
        let quiet = feed(&mut d, &tone(0.001, 10));
        assert!(quiet.iter().all(|h| *h == Heard::Listening));
        assert_eq!(d.quiet(), Duration::from_millis(200));
        // Heard "… every week." after 200 ms: 100 ms more of quiet ends it.
        assert!(!d.words_heard(voiced, Words::Finished));
        let after = feed(&mut d, &tone(0.001, 10));
        assert_eq!(after.iter().position(|h| *h == Heard::Finished), Some(4));
    }

    #[test]
    fn a_transcript_that_arrives_after_the_short_quiet_ends_the_answer_at_once() {
        let mut d = detector();
        feed(&mut d, &tone(0.3, 50));
        feed(&mut d, &tone(0.001, 20));
        assert!(d.words_heard(d.last_voiced(), Words::Finished));
    }

    #[test]
    fn trailing_words_wait_twice_the_quiet() {
        let mut d = detector();
        feed(&mut d, &tone(0.3, 50));
        feed(&mut d, &tone(0.001, 10));
        assert!(!d.words_heard(d.last_voiced(), Words::Trailing));
        // 800 ms would end an answer of unknown words; after "…and" it takes 1.6 s.
        let after = feed(&mut d, &tone(0.001, 100));
        assert_eq!(after.iter().position(|h| *h == Heard::Finished), Some(69));
    }

    #[test]
    fn a_transcript_of_words_since_overtaken_changes_nothing() {
        let mut d = detector();
        feed(&mut d, &tone(0.3, 50));
        feed(&mut d, &tone(0.001, 15));
        let stale = d.last_voiced();
        feed(&mut d, &tone(0.3, 20));
        feed(&mut d, &tone(0.001, 20));
        assert!(!d.words_heard(stale, Words::Finished), "spoken since");
        let after = feed(&mut d, &tone(0.001, 20));
        assert_eq!(after.iter().position(|h| *h == Heard::Finished), Some(19));
        // Speaking again forgets what a transcript said of the earlier words.
        let mut d = detector();
        feed(&mut d, &tone(0.3, 50));
        feed(&mut d, &tone(0.001, 5));
        d.words_heard(d.last_voiced(), Words::Finished);
        feed(&mut d, &tone(0.3, 20));
        let after = feed(&mut d, &tone(0.001, 40));
        assert_eq!(after.iter().position(|h| *h == Heard::Finished), Some(39));
    }

    #[test]
    fn no_speech_means_no_transcript_counts_and_no_quiet() {
        let mut d = detector();
        feed(&mut d, &tone(0.001, 30));
        assert_eq!(d.quiet(), Duration::ZERO);
        assert!(!d.words_heard(0, Words::Finished));
    }

    #[test]
    fn words_read_finished_trailing_or_unknown() {
        for (text, words) in [
            ("I deploy it with Docker every week.", Words::Finished),
            ("Is that what you mean?", Words::Finished),
            ("Yes!", Words::Finished),
            ("I turn on the slow query log, and", Words::Trailing),
            ("I turn on the slow query log and.", Words::Trailing),
            ("So.", Words::Trailing),
            ("First I read the plan,", Words::Trailing),
            ("Then I would, um...", Words::Trailing),
            ("and then…", Words::Trailing),
            ("I would add the index", Words::Unknown),
            ("", Words::Unknown),
            ("   ", Words::Unknown),
            ("...", Words::Trailing),
        ] {
            assert_eq!(Words::of(text), words, "{text:?}");
        }
    }

    #[test]
    fn levels_are_in_dbfs() {
        assert_eq!(level_dbfs(&[0; FRAME]), -120.0);
        let full = vec![i16::MAX; FRAME];
        assert!(level_dbfs(&full).abs() < 0.01);
    }
}
