//! The transcription queue: every answer of every interview on this instance is transcribed
//! through it, at most `transcriptions_at_once` at a time overall and
//! `transcriptions_per_interview` for one interview, so one interview's answers (however long,
//! however many) cannot take the speech model from the others. An answer that waits and runs
//! longer than `transcription_timeout_seconds` is given up: its request to the sidecar is
//! dropped (the sidecar sees the connection close and stops working on it) and the caller
//! keeps the answer as "not transcribed".

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::speech::{Speech, SpeechError, Transcript};
use crate::config::SpeechSettings;

/// Why an answer has no transcript.
#[derive(Debug, thiserror::Error)]
pub enum NotTranscribed {
    /// It waited and ran past the timeout (the instance's transcriptions were all busy, or
    /// the model took too long).
    #[error("the transcription took longer than {0:?}")]
    TimedOut(Duration),
    #[error(transparent)]
    Failed(#[from] SpeechError),
}

/// The instance's transcription queue.
#[derive(Debug)]
pub struct Transcriptions {
    overall: Arc<Semaphore>,
    per_interview: usize,
    timeout: Duration,
    /// How long a transcription has been taking lately, queue included (a moving average, in
    /// ms): what an early transcription of an answer can expect.
    recent_ms: AtomicU64,
}

/// One interview's share of the queue (held by its session).
#[derive(Debug, Clone)]
pub struct InterviewShare(Arc<Semaphore>);

impl Transcriptions {
    pub fn new(settings: &SpeechSettings) -> Transcriptions {
        let at_once = match settings.transcriptions_at_once {
            0 => std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
            n => n as usize,
        };
        Transcriptions {
            overall: Arc::new(Semaphore::new(at_once)),
            per_interview: (settings.transcriptions_per_interview as usize).max(1),
            timeout: Duration::from_secs(settings.transcription_timeout_seconds),
            recent_ms: AtomicU64::new(0),
        }
    }

    /// A new interview's share.
    pub fn share(&self) -> InterviewShare {
        InterviewShare(Arc::new(Semaphore::new(self.per_interview)))
    }

    /// One of the instance's transcription slots, when one is free. The queue takes one for
    /// every answer; whoever holds it keeps it from them until it is dropped. (None only if
    /// the semaphore were closed, which nothing does.)
    pub async fn slot(&self) -> Option<OwnedSemaphorePermit> {
        self.overall.clone().acquire_owned().await.ok()
    }

    /// What is said in `pcm`, transcribed when the interview's share and then an instance's
    /// slot are free (in that order, so an interview waiting for its own earlier answer holds
    /// no slot another interview could use), within the timeout.
    pub async fn transcribe(
        &self,
        speech: &Speech,
        share: &InterviewShare,
        pcm: &[i16],
    ) -> Result<Transcript, NotTranscribed> {
        let queued = async {
            let started = Instant::now();
            let _mine = share.0.acquire().await;
            let _slot = self.slot().await;
            let heard = speech.transcribe(pcm).await;
            self.took(started.elapsed());
            heard
        };
        // Dropping the future on time out drops the sidecar connection with it.
        match tokio::time::timeout(self.timeout, queued).await {
            Ok(heard) => Ok(heard?),
            Err(_) => Err(NotTranscribed::TimedOut(self.timeout)),
        }
    }
}

impl Transcriptions {
    /// How long a transcription has been taking lately (zero before the first).
    pub fn recently(&self) -> Duration {
        Duration::from_millis(self.recent_ms.load(Ordering::Relaxed))
    }

    fn took(&self, elapsed: Duration) {
        let sample = elapsed.as_millis() as u64;
        // A quarter of each new sample: one slow transcription moves it, a run of them sets it.
        let _ = self
            .recent_ms
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
                Some(if old == 0 {
                    sample
                } else {
                    (old * 3 + sample) / 4
                })
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_once_defaults_to_the_cores_and_one_interview_gets_at_least_one() {
        let settings = SpeechSettings {
            transcriptions_at_once: 0,
            transcriptions_per_interview: 0,
            ..SpeechSettings::default()
        };
        let queue = Transcriptions::new(&settings);
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        assert_eq!(queue.overall.available_permits(), cores);
        assert_eq!(queue.share().0.available_permits(), 1);
    }

    #[test]
    fn the_recent_time_starts_at_the_first_and_follows_a_run() {
        let queue = Transcriptions::new(&SpeechSettings::default());
        assert_eq!(queue.recently(), Duration::ZERO);
        queue.took(Duration::from_millis(400));
        assert_eq!(queue.recently(), Duration::from_millis(400));
        queue.took(Duration::from_millis(1600));
        assert_eq!(queue.recently(), Duration::from_millis(700));
        for _ in 0..20 {
            queue.took(Duration::from_millis(1600));
        }
        assert!(queue.recently() > Duration::from_millis(1590));
    }
}
