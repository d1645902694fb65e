//! The interviewer's acknowledgement of an answer ("Okay."), said the moment the answer is
//! over, while the answer is still being transcribed and what comes next decided.
//!
//! Transcribing an answer costs about as much however short it is (Whisper encodes a whole
//! 30 s window), over a second on a small machine, and the next line (a follow-up or the next
//! question) waits for it. People answer a turn within a fraction of a second, and hosted voice
//! agents fill that wait the same way. The acknowledgements are scripted and synthesized ahead
//! with the plan's lines ([`super::lines`]), so one goes out without any transcription or
//! synthesis: the voice-to-voice latency is the end of turn and the send. They carry no
//! judgement (no "Great answer."), so they cannot tell a candidate how they did.

use super::plan::StepKind;

/// Said after the answer to the greeting's "Are you ready to begin?".
const AFTER_GREETING: &str = "Great.";
/// Said after any other answer, in turn, so the interviewer does not repeat itself.
const AFTER_ANSWER: [&str; 3] = ["Okay.", "Alright.", "I see."];

/// What the interviewer says when the answer to step number `step` (0-based), of `kind`, is
/// over.
pub(super) fn after(kind: &StepKind, step: usize) -> &'static str {
    match kind {
        StepKind::Greeting => AFTER_GREETING,
        _ => AFTER_ANSWER[step % AFTER_ANSWER.len()],
    }
}

/// Every acknowledgement, for synthesizing them ahead.
pub fn all() -> impl Iterator<Item = &'static str> {
    std::iter::once(AFTER_GREETING).chain(AFTER_ANSWER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consecutive_answers_are_acknowledged_differently_and_each_is_made_ahead() {
        let said: Vec<&str> = (1..=4)
            .map(|step| after(&StepKind::Question(step), step))
            .collect();
        assert!(said.windows(2).all(|pair| pair[0] != pair[1]), "{said:?}");
        assert_eq!(after(&StepKind::Greeting, 0), "Great.");
        let ahead: Vec<&str> = all().collect();
        assert!(said.iter().all(|s| ahead.contains(s)));
    }
}
