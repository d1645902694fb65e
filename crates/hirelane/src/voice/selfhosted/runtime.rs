//! The self-hosted interviewer's runtime: what a serving instance holds (its provider
//! storage, the speech sidecar, the language model) and the interviews running here. It
//! imports nothing above the voice domain's own parts, so the voice handle in the application
//! state can hold it; the WebSocket that drives an interview is [`super::engine`].
//!
//! An interview's state lives in the database ([`super::session_store`]), not here: an
//! instance holds only the step in progress of the interviews it runs, under a lease
//! ([`super::lease`]), so any instance can take an interview over.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use hirelane_core::keys::random_token;
use serde_json::Value;
use tokio::sync::watch;

use super::lines::Lines;
use super::llm::Llm;
use super::provider::SelfHostedProvider;
use super::recording::Recording;
use super::session_store::Durable;
use super::speech::Speech;
use super::transcribing::{InterviewShare, Transcriptions};
use crate::config::SpeechSettings;

/// How long stopping waits for the interviews running here to hand over.
const DRAIN_WAIT: Duration = Duration::from_secs(5);

/// The self-hosted interviewer of a serving instance: its provider storage, the speech sidecar
/// and how many interviews run here.
#[derive(Debug)]
pub struct Runtime {
    pub provider: Arc<SelfHostedProvider>,
    pub speech: Speech,
    /// The interviewer's lines, made before they are needed.
    pub lines: Lines,
    /// Every answer's transcription goes through it (bounded overall and per interview).
    pub transcriptions: Transcriptions,
    /// The language model that analyses interviews, when one is configured.
    pub(super) llm: Option<Llm>,
    pub(super) timing: SpeechSettings,
    /// This instance, as its leases name it.
    pub(super) instance: String,
    /// Set when the instance stops: its interviews hand over at once.
    pub(super) draining: watch::Sender<bool>,
    running: Arc<AtomicUsize>,
}

/// An interview running on one socket: what was stored of it and the step in progress.
#[derive(Debug)]
pub(super) struct Session {
    pub(super) state: Durable,
    /// The step in progress's stretch of the recording.
    pub(super) recording: Recording,
    /// The step in progress's turns (`artifact.messages`) and the words heard in its answer.
    pub(super) messages: Vec<Value>,
    pub(super) words: Vec<Value>,
    /// Its share of the transcription queue.
    pub(super) transcribing: InterviewShare,
}

/// Counts an interview as running here while it is held.
pub(super) struct Running(Arc<AtomicUsize>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Runtime {
    pub fn new(
        provider: Arc<SelfHostedProvider>,
        speech: Speech,
        llm: Option<Llm>,
        timing: SpeechSettings,
    ) -> Self {
        Runtime {
            provider,
            speech,
            lines: Lines::new(&timing.tts_voice),
            transcriptions: Transcriptions::new(&timing),
            llm,
            timing,
            // The process id names the instance in its leases (for an operator, and the
            // multi-instance test); the random part keeps a restarted process apart.
            instance: format!("{}-{}", std::process::id(), random_token(8)),
            draining: watch::Sender::new(false),
            running: Arc::new(AtomicUsize::new(0)),
        }
    }

    pub(super) fn running(&self) -> Running {
        self.running.fetch_add(1, Ordering::SeqCst);
        Running(self.running.clone())
    }

    /// The instance is stopping: every interview running here tells its page to reconnect at
    /// once (to another instance) and lets go of its lease; waits a few seconds for them.
    pub async fn drain(&self) {
        self.draining.send_replace(true);
        let deadline = tokio::time::Instant::now() + DRAIN_WAIT;
        while self.running.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let left = self.running.load(Ordering::SeqCst);
        if left > 0 {
            tracing::warn!(
                left,
                "stopped with self-hosted interviews still handing over; their leases expire"
            );
        }
    }
}
