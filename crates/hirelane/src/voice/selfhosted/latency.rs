//! Voice-to-voice latency, as voice platforms report it: for each turn of the interviewer that
//! follows an answer, the time from the candidate's last word (the last frame the
//! [`super::turns::TurnDetector`] heard as speech, not the end of the quiet after it) to the
//! first audio sample of the turn sent on the socket, split into its stages in the order they
//! happen: deciding the answer is over, transcribing what is left of it, deciding what comes
//! next (a follow-up's grading), synthesizing the line (nothing when it was made beforehand:
//! [`super::lines`]) and sending (storing the answered step, [`super::session_store`], the
//! next step's bookkeeping, its caption and the first audio).
//! The stages are whole milliseconds that add up to the total exactly.

use std::time::Instant;

use axum::extract::ws::WebSocket;
use serde::Serialize;
use serde_json::{Value, json};

use super::runtime::Session;
use super::socket::send_json;

/// The marks of one turnaround, from the candidate's last word on.
#[derive(Debug, Clone)]
pub(super) struct Turnaround {
    last_word: Instant,
    /// Where the last word is in the recording, in seconds.
    last_word_at: f64,
    over: Instant,
    transcribed: Option<Instant>,
    decided: Option<Instant>,
    synthesis: Option<(Instant, Instant)>,
}

/// A turnaround's stages, stored on the interviewer's turn (`latency` of its message).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Breakdown {
    pub end_of_turn_ms: u64,
    pub transcription_ms: u64,
    pub decision_ms: u64,
    pub synthesis_ms: u64,
    pub send_ms: u64,
    pub total_ms: u64,
    /// Where the candidate's last word is in the recording (seconds from its start).
    pub last_word_seconds: f64,
}

impl Turnaround {
    /// The candidate's last word was heard at `last_word` (`last_word_at` seconds into the
    /// recording), and the answer was found over at `over`.
    pub(super) fn new(last_word: Instant, last_word_at: f64, over: Instant) -> Turnaround {
        Turnaround {
            last_word,
            last_word_at,
            over,
            transcribed: None,
            decided: None,
            synthesis: None,
        }
    }

    pub(super) fn transcribed(&mut self) {
        self.transcribed = Some(Instant::now());
    }

    pub(super) fn decided(mut self) -> Turnaround {
        self.decided = Some(Instant::now());
        self
    }

    pub(super) fn synthesized(&mut self, started: Instant) {
        self.synthesis = Some((started, Instant::now()));
    }

    /// The stages, with the turn's first audio sent at `sent`.
    pub(super) fn breakdown(&self, sent: Instant) -> Breakdown {
        // Offsets from the last word, rounded once each, so the stages add up exactly.
        let ms = |at: Instant| at.saturating_duration_since(self.last_word).as_millis() as u64;
        let total = ms(sent);
        let over = ms(self.over).min(total);
        let transcribed = self.transcribed.map_or(over, ms).clamp(over, total);
        let decided = self
            .decided
            .map_or(transcribed, ms)
            .clamp(transcribed, total);
        let synthesis = self.synthesis.map_or(0, |(from, to)| {
            (to.saturating_duration_since(from).as_millis() as u64).min(total - decided)
        });
        Breakdown {
            end_of_turn_ms: over,
            transcription_ms: transcribed - over,
            decision_ms: decided - transcribed,
            synthesis_ms: synthesis,
            send_ms: total - decided - synthesis,
            total_ms: total,
            last_word_seconds: (self.last_word_at * 1000.0).round() / 1000.0,
        }
    }

    /// Once the turn's first audio is on the socket: the breakdown goes on the turn's message
    /// (number `index` of the conversation) and to the page as `{"type":"latency",…}`.
    pub(super) async fn report(
        &self,
        session: &tokio::sync::Mutex<Session>,
        index: usize,
        socket: &mut WebSocket,
    ) -> Result<(), axum::Error> {
        let breakdown = self.breakdown(Instant::now());
        let stored = serde_json::to_value(breakdown).unwrap_or(Value::Null);
        if let Some(message) = session.lock().await.messages.get_mut(index) {
            message["latency"] = stored.clone();
        }
        tracing::debug!(?breakdown, "self-hosted interview: voice-to-voice latency");
        let mut page = json!({ "type": "latency" });
        if let (Some(page), Some(stages)) = (page.as_object_mut(), stored.as_object()) {
            page.extend(stages.clone());
        }
        send_json(socket, page).await
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_stages_follow_each_other_and_add_up_to_the_total() {
        let word = Instant::now();
        let mut t = Turnaround::new(word, 12.3456, word + ms(301));
        t.transcribed = Some(word + ms(402));
        let t = Turnaround {
            decided: Some(word + ms(450)),
            synthesis: Some((word + ms(460), word + ms(461))),
            ..t
        };
        let b = t.breakdown(word + ms(480));
        assert_eq!(
            b,
            Breakdown {
                end_of_turn_ms: 301,
                transcription_ms: 101,
                decision_ms: 48,
                synthesis_ms: 1,
                send_ms: 29,
                total_ms: 480,
                last_word_seconds: 12.346,
            }
        );
    }

    #[test]
    fn missing_marks_count_as_no_time_and_the_sum_still_holds() {
        let word = Instant::now();
        let t = Turnaround::new(word, 1.0, word + ms(800));
        let b = t.breakdown(word + ms(900));
        assert_eq!(
            (b.transcription_ms, b.decision_ms, b.synthesis_ms),
            (0, 0, 0)
        );
        assert_eq!(b.end_of_turn_ms + b.send_ms, b.total_ms);
        // A synthesis longer than what is left of the total is cut to it.
        let mut t = Turnaround::new(word, 1.0, word + ms(100));
        t.synthesis = Some((word, word + ms(500)));
        let b = t.breakdown(word + ms(300));
        let sum =
            b.end_of_turn_ms + b.transcription_ms + b.decision_ms + b.synthesis_ms + b.send_ms;
        assert_eq!(sum, b.total_ms);
    }
}
