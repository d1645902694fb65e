//! The self-hosted interviewer's runtime: what a serving instance holds (its provider
//! storage, the speech sidecar, the language model) and the interviews in progress here. It
//! imports nothing above the voice domain's own parts, so the voice handle in the application
//! state can hold it; the WebSocket that drives an interview is [`super::engine`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use jiff::Timestamp;
use serde_json::Value;

use super::lines::Lines;
use super::llm::Llm;
use super::plan::Plan;
use super::provider::SelfHostedProvider;
use super::recording::Recording;
use super::speech::Speech;
use super::transcribing::{InterviewShare, Transcriptions};
use crate::config::SpeechSettings;

/// The self-hosted interviewer of a serving instance: its provider storage, the speech sidecar
/// and the interviews in progress here.
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
    pub(super) sessions: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Session>>>>,
}

/// An interview in progress.
#[derive(Debug)]
pub(super) struct Session {
    pub(super) call: Value,
    pub(super) plan: Plan,
    /// The step being run; it moves on only when the step finished.
    pub(super) step: usize,
    pub(super) recording: Recording,
    /// The conversation in the provider's shape (`artifact.messages`).
    pub(super) messages: Vec<Value>,
    /// The answer to each scripted question, and whether it was asked.
    pub(super) answers: Vec<String>,
    pub(super) asked: Vec<bool>,
    /// What a strong answer to each scripted question covers (empty: no follow-ups), and
    /// whether it has had its one follow-up.
    pub(super) key_points: Vec<Vec<String>>,
    pub(super) followed_up: Vec<bool>,
    /// Whether an answer to each scripted question could not be transcribed (kept as a turn
    /// marked so; its audio is in the recording).
    pub(super) not_transcribed: Vec<bool>,
    /// Its share of the transcription queue.
    pub(super) transcribing: InterviewShare,
    pub(super) started_at: Timestamp,
    /// The assistant's length cap: past it the interviewer goes straight to the closing.
    pub(super) max_seconds: f64,
    /// Which socket drives it: a reconnect takes over and the older one stops.
    pub(super) generation: u64,
    pub(super) finished: bool,
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
            sessions: Mutex::new(HashMap::new()),
        }
    }

    pub(super) fn sessions(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<String, Arc<tokio::sync::Mutex<Session>>>> {
        self.sessions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
