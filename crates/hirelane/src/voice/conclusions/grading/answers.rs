//! Each scripted question's answer cut out of the conversation, and a quote of an answer traced
//! back to the turn and the second of the recording it came from.

use super::super::evidence::{QuestionEvidence, Speaker, Turn};
use super::QuoteRef;

/// One question's answer: every candidate turn from the question to the next scripted question
/// (so the reply to a follow-up counts), joined by spaces, and where each turn sits in it.
#[derive(Debug, Default, PartialEq)]
pub struct Answer {
    pub text: String,
    /// (turn index, first char of that turn in `text`, its length in chars).
    pieces: Vec<(usize, usize, usize)>,
    /// Part of it (or all) was said but could not be transcribed.
    pub not_transcribed: bool,
}

/// The answer to `questions[i]`; empty when nothing of it was heard.
pub fn answer_to(turns: &[Turn], questions: &[QuestionEvidence], i: usize) -> Answer {
    let q = &questions[i];
    let Some(start) = q.question_turn.map(|t| t + 1).or(q.answer_turn) else {
        return Answer::default();
    };
    // Questions are usually asked in order, but not always: the answer ends at the first turn
    // after it where any other scripted question was asked.
    let end = questions
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .filter_map(|(_, other)| other.question_turn)
        .filter(|t| *t >= start)
        .min()
        .unwrap_or(turns.len());
    let mut answer = Answer::default();
    for (index, turn) in turns.iter().enumerate().take(end).skip(start) {
        if turn.speaker != Speaker::Candidate {
            continue;
        }
        if turn.not_transcribed {
            answer.not_transcribed = true;
            continue;
        }
        let mut first = answer.text.chars().count();
        if first > 0 {
            answer.text.push(' ');
            first += 1;
        }
        // The grader refuses answers over its cap; a longer one is graded on its beginning.
        let room = assess::MAX_ANSWER_CHARS.saturating_sub(first);
        if room == 0 {
            break;
        }
        let said: String = turn.text.chars().take(room).collect();
        answer.pieces.push((index, first, said.chars().count()));
        answer.text.push_str(&said);
    }
    answer
}

impl Answer {
    /// The quote of chars `start..end` of the answer, as a span of the turn it starts in (cut
    /// at that turn's end), with the second of the recording it starts at: the turn's start
    /// plus the share of the turn's duration its text comes before it.
    pub fn quote(&self, turns: &[Turn], start: usize, end: usize) -> Option<QuoteRef> {
        let &(turn, first, len) = self
            .pieces
            .iter()
            .find(|(_, first, len)| start >= *first && start < first + len)?;
        let local_start = start - first;
        let local_end = end.saturating_sub(first).min(len).max(local_start);
        let said = &turns[turn];
        let text: String = said
            .text
            .chars()
            .skip(local_start)
            .take(local_end - local_start)
            .collect();
        let seconds = said.start_seconds.map(|from| {
            let share = local_start as f64 / len.max(1) as f64;
            let span = said.end_seconds.map_or(0.0, |to| (to - from).max(0.0));
            ((from + share * span) * 10.0).floor() / 10.0
        });
        Some(QuoteRef {
            turn,
            start: local_start,
            end: local_end,
            text,
            seconds,
        })
    }
}
