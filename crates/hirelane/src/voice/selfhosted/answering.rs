//! Listening to one answer, with its transcription under way while it is spoken. Each time the
//! candidate pauses ([`SPECULATE_AFTER`] of quiet after new speech), the part of the answer not
//! yet transcribed is sent to the transcription queue in the background while listening goes
//! on (one such transcription at a time; a pause during one waits for it). When it is back:
//!
//! - if the candidate has said nothing since, its words tell the [`TurnDetector`] whether the
//!   answer sounds finished ([`Words`]), which decides how much more quiet ends the turn, and
//!   if the turn ends it *is* the rest of the transcript: nothing is left to do at the end;
//! - if they went on, it is kept as the answer's beginning (it ends in a pause, so no word is
//!   cut in two), and only what follows is transcribed later: at the end of the turn only the
//!   tail since the last pause is left.
//!
//! Pieces are cut only in a pause of at least [`SPECULATE_AFTER`], where Whisper's own voice
//! filter would split the audio too, so the transcript reads as one made of the whole answer
//! (the end-to-end test keeps its word error rate).

use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, Instant};

use super::latency::Turnaround;
use super::recording::Recording;
use super::runtime::{Runtime, Session};
use super::speech::Transcript;
use super::transcribing::{InterviewShare, NotTranscribed};
use super::turns::{Heard, TurnDetector, Words};

/// Quiet after new speech that starts a transcription of the answer so far.
pub const SPECULATE_AFTER: Duration = Duration::from_millis(200);

type Outcome = Result<Transcript, NotTranscribed>;
type Transcribing<'a> = Pin<Box<dyn Future<Output = Outcome> + Send + 'a>>;

/// A transcription of the answer from `from` to `until` (seconds of the recording), made when
/// the detector's last frame of speech was `voiced`.
struct Early<'a> {
    voiced: u32,
    from: f64,
    until: f64,
    progress: Progress<'a>,
}

enum Progress<'a> {
    Running(Transcribing<'a>),
    Done(Outcome),
}

/// One answer being listened to.
pub(super) struct Answer<'a> {
    runtime: &'a Runtime,
    share: InterviewShare,
    detector: TurnDetector,
    /// Where the answer starts in the recording, in seconds.
    start: f64,
    /// What was heard of it up to a pause it went on after (times from `start`), and where
    /// that pause is.
    beginning: Option<(Transcript, f64)>,
    /// When the last frame of speech arrived, and where it ends in the recording.
    last_word: Option<(Instant, f64)>,
    early: Option<Early<'a>>,
}

impl<'a> Answer<'a> {
    pub(super) fn new(
        runtime: &'a Runtime,
        share: InterviewShare,
        detector: TurnDetector,
        start: f64,
    ) -> Answer<'a> {
        Answer {
            runtime,
            share,
            detector,
            start,
            beginning: None,
            last_word: None,
            early: None,
        }
    }

    /// Where the part of the answer not yet transcribed starts.
    fn untranscribed_from(&self) -> f64 {
        self.beginning
            .as_ref()
            .map_or(self.start, |(_, until)| *until)
    }

    /// Takes the next frame, just added to `recording`.
    pub(super) fn push(&mut self, frame: &[i16], recording: &Recording) -> Heard {
        let voiced = self.detector.last_voiced();
        let heard = self.detector.push(frame);
        if self.detector.last_voiced() != voiced {
            self.last_word = Some((Instant::now(), recording.seconds()));
        }
        let voiced = self.detector.last_voiced();
        let idle = match &self.early {
            None => true,
            Some(e) => e.voiced != voiced && matches!(e.progress, Progress::Done(_)),
        };
        if heard == Heard::Listening
            && idle
            && self.detector.quiet() >= SPECULATE_AFTER
            && self.pays_to_transcribe_early()
        {
            let (from, until) = (self.untranscribed_from(), recording.seconds());
            let audio = recording.candidate_between(from, until).to_vec();
            self.early = Some(Early {
                voiced,
                from,
                until,
                progress: Progress::Running(self.transcribe(audio)),
            });
        }
        heard
    }

    /// Whether a transcription started in this pause can be back before the quiet ends the
    /// answer anyway, so its words can end it sooner. Each piece costs a whole Whisper window
    /// however short it is; where one takes longer than that (a small or busy machine), early
    /// pieces would only add work, and the answer is transcribed once, when it is over.
    fn pays_to_transcribe_early(&self) -> bool {
        SPECULATE_AFTER + self.runtime.transcriptions.recently() < self.detector.end_after()
    }

    fn transcribe(&self, audio: Vec<i16>) -> Transcribing<'a> {
        let runtime = self.runtime;
        let share = self.share.clone();
        Box::pin(async move {
            runtime
                .transcriptions
                .transcribe(&runtime.speech, &share, &audio)
                .await
        })
    }

    /// Resolves when a transcription under way is back, to whether its words (and the quiet
    /// since) end the answer; never while none is running. Safe to drop and call again: the
    /// transcription goes on in the meantime.
    pub(super) async fn transcribed(&mut self) -> bool {
        let Some(early) = self.early.as_mut() else {
            return std::future::pending().await;
        };
        let Progress::Running(running) = &mut early.progress else {
            return std::future::pending().await;
        };
        let result = running.as_mut().await;
        if early.voiced != self.detector.last_voiced() {
            // The candidate went on: this is the answer's beginning.
            if let Some(early) = self.early.take() {
                self.keep_beginning(early.from, early.until, result);
            }
            return false;
        }
        let words = match &result {
            Ok(t) if !t.text.trim().is_empty() => Words::of(&t.text),
            _ => self
                .beginning
                .as_ref()
                .map_or(Words::Unknown, |(t, _)| Words::of(&t.text)),
        };
        early.progress = Progress::Done(result);
        let voiced = early.voiced;
        self.detector.words_heard(voiced, words)
    }

    /// Adds what was heard from `from` to `until` to the answer's beginning (a failure keeps
    /// that audio in the part still to transcribe).
    fn keep_beginning(&mut self, from: f64, until: f64, heard: Outcome) {
        if let Ok(heard) = heard {
            let joined = join(
                self.beginning.take().map(|(t, _)| t),
                heard,
                from - self.start,
            );
            self.beginning = Some((joined, until));
        }
    }

    /// Once listening stopped: the turnaround's start (`None` when nobody spoke).
    pub(super) fn over(&self) -> Option<Turnaround> {
        if !self.detector.spoke() {
            return None;
        }
        let now = Instant::now();
        let (at, seconds) = self.last_word.unwrap_or((now, self.start));
        Some(Turnaround::new(at, seconds, now))
    }

    /// The answer's transcript (word times from its start), the answer ending `end` seconds
    /// into the recording: its beginning and the transcription under way when the candidate
    /// has said nothing since it began, otherwise its beginning and the rest transcribed now.
    pub(super) async fn transcript(
        mut self,
        session: &tokio::sync::Mutex<Session>,
        end: f64,
    ) -> Outcome {
        let voiced = self.detector.last_voiced();
        let mut last = None;
        if let Some(early) = self.early.take() {
            let heard = match early.progress {
                Progress::Running(running) => running.await,
                Progress::Done(done) => done,
            };
            if early.voiced == voiced {
                last = Some((heard, early.from));
            } else {
                self.keep_beginning(early.from, early.until, heard);
            }
        }
        let (tail, from) = match last {
            Some(last) => last,
            None => {
                let from = self.untranscribed_from();
                let audio = {
                    let s = session.lock().await;
                    s.recording.candidate_between(from, end).to_vec()
                };
                (self.transcribe(audio).await, from)
            }
        };
        tail.map(|tail| {
            let mut whole = join(
                self.beginning.take().map(|(t, _)| t),
                tail,
                from - self.start,
            );
            whole.duration = end - self.start;
            whole
        })
    }
}

/// `beginning` followed by `rest`, whose times are from `offset` seconds after the beginning's
/// start.
fn join(beginning: Option<Transcript>, rest: Transcript, offset: f64) -> Transcript {
    let mut rest = rest;
    for word in &mut rest.words {
        word.start += offset;
        word.end += offset;
    }
    let Some(mut whole) = beginning else {
        return rest;
    };
    if !rest.text.trim().is_empty() {
        whole.text = [whole.text.trim(), rest.text.trim()]
            .into_iter()
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
    }
    whole.no_speech &= rest.no_speech;
    whole.duration = offset + rest.duration;
    whole.words.extend(rest.words);
    whole
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::voice::selfhosted::speech::Word;

    fn heard(text: &str, words: &[(&str, f64, f64)], duration: f64) -> Transcript {
        Transcript {
            text: text.into(),
            no_speech: text.is_empty(),
            duration,
            words: words
                .iter()
                .map(|&(word, start, end)| Word {
                    word: word.into(),
                    start,
                    end,
                    probability: 0.9,
                })
                .collect(),
        }
    }

    #[test]
    fn a_beginning_and_its_rest_read_as_one_answer() {
        let first = heard(
            "I run a billing service,",
            &[("I", 0.1, 0.2), ("service,", 1.0, 1.4)],
            1.7,
        );
        let rest = heard(
            " and I deploy it.",
            &[("and", 0.2, 0.3), ("it.", 1.1, 1.3)],
            1.5,
        );
        let whole = join(Some(first), rest, 1.7);
        assert_eq!(whole.text, "I run a billing service, and I deploy it.");
        let times: Vec<(f64, f64)> = whole.words.iter().map(|w| (w.start, w.end)).collect();
        assert_eq!(times, [(0.1, 0.2), (1.0, 1.4), (1.9, 2.0), (2.8, 3.0)]);
        assert!((whole.duration - 3.2).abs() < 1e-9);
        assert!(!whole.no_speech);
    }

    #[test]
    fn silence_after_a_beginning_adds_nothing_and_no_beginning_is_the_rest_alone() {
        let first = heard("Yes.", &[("Yes.", 0.1, 0.4)], 0.8);
        let whole = join(Some(first.clone()), heard("", &[], 1.0), 0.8);
        assert_eq!(whole.text, "Yes.");
        assert_eq!(whole.words.len(), 1);
        assert!(!whole.no_speech);
        let alone = join(None, first.clone(), 0.0);
        assert_eq!(alone, first);
    }
}
