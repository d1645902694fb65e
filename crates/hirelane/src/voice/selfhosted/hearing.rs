//! What an answer becomes once it has been listened to and transcribed through the instance's
//! queue ([`super::answering`], [`super::transcribing`]): kept as the candidate's turn of the
//! conversation. An answer the queue could not transcribe (it timed out, the sidecar failed) is
//! kept too, as a turn marked `notTranscribed` with the answer's span of the recording, so a
//! reviewer can listen to it and the grader does not read it as an answer missing.

use jiff::Timestamp;
use serde_json::{Value, json};

use super::plan::StepKind;
use super::runtime::{Runtime, Session};
use super::speech::Transcript;
use super::transcribing::NotTranscribed;

/// The transcript's line for an answer that could not be transcribed.
pub(super) const NOT_TRANSCRIBED: &str = "[not transcribed]";

impl Runtime {
    /// Keeps what was heard of the answer recorded from `start` to `end` (seconds of the
    /// recording) as a turn; returns the text heard, if any, for the page.
    pub(super) async fn keep(
        &self,
        session: &tokio::sync::Mutex<Session>,
        kind: &StepKind,
        (start, end): (f64, f64),
        heard: Result<Transcript, NotTranscribed>,
    ) -> Option<String> {
        let started = session.lock().await.state.started_at();
        let question = match kind {
            StepKind::Question(n) | StepKind::FollowUp(n) => Some(n - 1),
            _ => None,
        };
        let heard = match heard {
            Ok(heard) => heard,
            Err(err) => {
                tracing::error!(error = %err, start, end, "self-hosted interview: an answer could not be transcribed; kept as not transcribed");
                let mut s = session.lock().await;
                let mut turn = message("user", "", started, start, end - start);
                turn["notTranscribed"] = json!(true);
                s.messages.push(turn);
                if let Some(i) = question {
                    s.state.not_transcribed[i] = true;
                }
                return None;
            }
        };
        if heard.text.trim().is_empty() {
            return None;
        }
        let first = heard.words.first().map_or(0.0, |w| w.start);
        let last = heard.words.last().map_or(end - start, |w| w.end);
        let mut s = session.lock().await;
        s.messages.push(message(
            "user",
            &heard.text,
            started,
            start + first,
            last - first,
        ));
        s.words = heard
            .words
            .iter()
            .map(|w| json!({ "word": w.word, "start": start + w.start, "end": start + w.end }))
            .collect();
        let answers = &mut s.state.answers;
        match kind {
            StepKind::Question(n) => answers[n - 1] = heard.text.clone(),
            StepKind::FollowUp(n) => answers[n - 1] = format!("{} {}", answers[n - 1], heard.text),
            _ => {}
        }
        Some(heard.text)
    }
}

/// A turn of the conversation in the provider's shape: who, what, and when (epoch ms and
/// seconds from the start of the recording).
pub(super) fn message(role: &str, text: &str, started: Timestamp, at: f64, seconds: f64) -> Value {
    let round2 = |x: f64| (x * 100.0).round() / 100.0;
    let time = started.as_millisecond() + (at * 1000.0) as i64;
    let duration = (seconds.max(0.0) * 1000.0).round() as i64;
    json!({
        "role": role,
        "message": text,
        "time": time,
        "endTime": time + duration,
        "secondsFromStart": round2(at),
        "duration": duration,
    })
}
