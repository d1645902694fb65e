//! Listening to one answer, with its transcription under way before it ends. Each time the
//! candidate pauses ([`SPECULATE_AFTER`] of quiet after new speech), the answer so far is sent
//! to the transcription queue in the background while listening goes on. Its transcript tells
//! the [`TurnDetector`] whether the words form a finished answer ([`Words`]), which decides how
//! much more quiet ends the turn; and if the candidate says nothing more, it *is* the answer's
//! transcript, so at the end of the turn nothing is left to transcribe. If they speak again it
//! is dropped (the sidecar stops on a closed connection) and the next pause starts another.
//!
//! The whole answer is always transcribed in one piece, as it was before this ran early, so the
//! transcript is as good as one made after the quiet: Whisper encodes a fixed 30 s window
//! whatever the audio's length, so transcribing only a tail would save little of the work and
//! would cut the context the decoder reads the words in.

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

type Transcribing<'a> =
    Pin<Box<dyn Future<Output = Result<Transcript, NotTranscribed>> + Send + 'a>>;

/// How a listening step ended.
pub(super) enum Listened {
    /// Another socket took the interview over.
    TakenOver,
    /// The answer was heard (`None`: nobody spoke, so there is no turnaround to measure).
    Heard(Option<Turnaround>),
}

/// A transcription of the answer up to the detector's frame `voiced`.
struct Early<'a> {
    voiced: u32,
    progress: Progress<'a>,
}

enum Progress<'a> {
    Running(Transcribing<'a>),
    Done(Result<Transcript, NotTranscribed>),
}

/// One answer being listened to.
pub(super) struct Answer<'a> {
    runtime: &'a Runtime,
    share: InterviewShare,
    detector: TurnDetector,
    /// Where the answer starts in the recording, in seconds.
    start: f64,
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
            last_word: None,
            early: None,
        }
    }

    /// Takes the next frame, just added to `recording`.
    pub(super) fn push(&mut self, frame: &[i16], recording: &Recording) -> Heard {
        let voiced = self.detector.last_voiced();
        let heard = self.detector.push(frame);
        if self.detector.last_voiced() != voiced {
            self.last_word = Some((Instant::now(), recording.seconds()));
        }
        let voiced = self.detector.last_voiced();
        let fresh = self.early.as_ref().is_none_or(|e| e.voiced != voiced);
        if heard == Heard::Listening && fresh && self.detector.quiet() >= SPECULATE_AFTER {
            // A transcription of earlier words is dropped first: it frees the interview's place
            // in the queue for this one.
            self.early = None;
            let audio = recording
                .candidate_between(self.start, recording.seconds())
                .to_vec();
            self.early = Some(Early {
                voiced,
                progress: Progress::Running(self.transcribe(audio)),
            });
        }
        heard
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

    /// Resolves when a transcription of the answer so far is ready, to whether its words (and
    /// the quiet since) end the answer; never while none is running. Safe to drop and call
    /// again: the transcription goes on in the meantime.
    pub(super) async fn transcribed(&mut self) -> bool {
        let Some(early) = self.early.as_mut() else {
            return std::future::pending().await;
        };
        let Progress::Running(running) = &mut early.progress else {
            return std::future::pending().await;
        };
        let result = running.as_mut().await;
        let words = result
            .as_ref()
            .map_or(Words::Unknown, |t| Words::of(&t.text));
        early.progress = Progress::Done(result);
        let voiced = early.voiced;
        self.detector.words_heard(voiced, words)
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

    /// The answer's transcript and its span in the recording: the early one when the candidate
    /// has said nothing since it began, otherwise the whole answer transcribed now.
    pub(super) async fn transcript(
        mut self,
        session: &tokio::sync::Mutex<Session>,
    ) -> (Result<Transcript, NotTranscribed>, (f64, f64)) {
        let (audio, end) = {
            let s = session.lock().await;
            let end = s.recording.seconds();
            (s.recording.candidate_between(self.start, end).to_vec(), end)
        };
        let span = (self.start, end);
        let voiced = self.detector.last_voiced();
        let heard = match self.early.take() {
            Some(early) if early.voiced == voiced => match early.progress {
                Progress::Running(running) => running.await,
                Progress::Done(done) => done,
            },
            _ => self.transcribe(audio).await,
        };
        (heard, span)
    }
}
