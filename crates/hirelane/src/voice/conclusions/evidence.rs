//! The evidence behind an interview's scores: the conversation as turns with their times, and a
//! per-question breakdown that links every scripted question to the turns it was asked and
//! answered in. Built from whatever the provider sent; a missing part leaves a gap the verdict
//! names, never an invented value.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// Who speaks in a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Speaker {
    Interviewer,
    Candidate,
}

/// One utterance of the conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Turn {
    pub speaker: Speaker,
    pub text: String,
    /// Seconds from the start of the call (and of its recording); null when the provider gave
    /// no time.
    pub start_seconds: Option<f64>,
    pub end_seconds: Option<f64>,
    /// The candidate said something here that could not be transcribed (the text is empty):
    /// listen to the recording between `startSeconds` and `endSeconds`.
    #[serde(default)]
    pub not_transcribed: bool,
}

/// The provider's message list (`artifact.messages`) as turns: the interviewer's (`bot`,
/// `assistant`) and the candidate's (`user`) utterances, in order. System prompts and tool
/// traffic are not part of the conversation.
pub fn turns(messages: &Value) -> Vec<Turn> {
    let Some(items) = messages.as_array() else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|m| {
            let speaker = match m["role"].as_str()? {
                "bot" | "assistant" => Speaker::Interviewer,
                "user" | "customer" => Speaker::Candidate,
                _ => return None,
            };
            // A turn kept without its words (the self-hosted interviewer could not transcribe
            // it) stays, empty and marked, so its span of the recording is not lost.
            let not_transcribed = m["notTranscribed"] == true;
            let text = m["message"]
                .as_str()
                .or_else(|| m["content"].as_str())
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .or(not_transcribed.then_some(""))?;
            let start = seconds(&m["secondsFromStart"]);
            let span = seconds(&m["duration"]).map(|ms| ms / 1000.0).or_else(|| {
                Some((seconds(&m["endTime"])? - seconds(&m["time"])?) / 1000.0)
                    .filter(|s| *s >= 0.0)
            });
            Some(Turn {
                speaker,
                text: if not_transcribed { "" } else { text }.to_owned(),
                start_seconds: start,
                end_seconds: start.zip(span).map(|(s, d)| round2(s + d)),
                not_transcribed,
            })
        })
        .collect()
}

/// How many system messages the provider's list holds: our prompt is one; more means an
/// instruction was added while the call ran.
pub fn system_messages(messages: &Value) -> usize {
    messages.as_array().map_or(0, |items| {
        items
            .iter()
            .filter(|m| m["role"].as_str() == Some("system"))
            .count()
    })
}

fn seconds(value: &Value) -> Option<f64> {
    value.as_f64().filter(|s| s.is_finite() && *s >= 0.0)
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// One scripted question and what the interview shows of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionEvidence {
    /// 1-based, in the assistant's order.
    pub number: usize,
    pub question: String,
    /// Whether the interviewer asked it: found in the transcript, or so said the analysis.
    pub asked: bool,
    /// The candidate's answer, quoted by the analysis.
    pub answer_excerpt: Option<String>,
    /// 1 (no or wrong answer) to 5 (excellent, with specific evidence); null when the question
    /// was not asked or the analysis gave no score.
    #[schema(minimum = 1, maximum = 5)]
    pub score: Option<u8>,
    /// One line, quoting the answer.
    pub justification: Option<String>,
    /// Index in `turns` of the interviewer's turn that asked it.
    pub question_turn: Option<usize>,
    /// Index in `turns` of the candidate's turn that answered it.
    pub answer_turn: Option<usize>,
}

/// How many of the scripted questions were asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Coverage {
    pub asked: usize,
    pub total: usize,
}

impl Coverage {
    pub fn of(questions: &[QuestionEvidence]) -> Coverage {
        Coverage {
            asked: questions.iter().filter(|q| q.asked).count(),
            total: questions.len(),
        }
    }
}

/// Every scripted question (or, for an assistant we did not script, every question the
/// analysis lists) with the analysis's judgement of it (`structuredData.questions`) and the
/// turns it happened in.
pub fn question_breakdown(
    scripted: &[String],
    structured: &Value,
    turns: &[Turn],
) -> Vec<QuestionEvidence> {
    let items: Vec<&Value> = structured["questions"]
        .as_array()
        .map(|a| a.iter().filter(|v| v.is_object()).collect())
        .unwrap_or_default();
    let questions: Vec<String> = if scripted.is_empty() {
        items
            .iter()
            .filter_map(|i| i["question"].as_str())
            .map(str::to_owned)
            .collect()
    } else {
        scripted.to_vec()
    };
    questions
        .iter()
        .enumerate()
        .map(|(i, question)| {
            let number = i + 1;
            let item = items
                .iter()
                .find(|it| it["number"].as_u64() == Some(number as u64))
                .or_else(|| {
                    items.iter().find(|it| {
                        it["question"]
                            .as_str()
                            .is_some_and(|q| words(q) == words(question))
                    })
                })
                .copied();
            breakdown_of(number, question, item, turns)
        })
        .collect()
}

fn breakdown_of(
    number: usize,
    question: &str,
    item: Option<&Value>,
    turns: &[Turn],
) -> QuestionEvidence {
    let question_turn = find_turn(turns, Speaker::Interviewer, 0, question);
    let said_asked = item.and_then(|i| i["asked"].as_bool());
    let asked = question_turn.is_some() || said_asked == Some(true);
    let text = |key: &str| {
        item.and_then(|i| i[key].as_str())
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| t.chars().take(400).collect::<String>())
    };
    let answer_excerpt = text("answerExcerpt").filter(|_| asked);
    let answer_turn = answer_excerpt
        .as_deref()
        .and_then(|excerpt| find_turn(turns, Speaker::Candidate, 0, excerpt))
        .or_else(|| {
            let after = question_turn? + 1;
            turns
                .iter()
                .enumerate()
                .skip(after)
                .take_while(|(_, t)| t.speaker == Speaker::Candidate)
                .map(|(i, _)| i)
                .next()
        });
    let score = item
        .and_then(|i| i["score"].as_f64())
        .filter(|s| s.is_finite() && asked)
        .map(|s| s.round().clamp(1.0, 5.0) as u8);
    QuestionEvidence {
        number,
        question: question.to_owned(),
        asked,
        answer_excerpt,
        score,
        justification: text("justification").filter(|_| asked),
        question_turn,
        answer_turn,
    }
}

/// The first turn of `speaker` from `from` on whose words contain `needle`'s.
fn find_turn(turns: &[Turn], speaker: Speaker, from: usize, needle: &str) -> Option<usize> {
    let needle = words(needle);
    if needle.is_empty() {
        return None;
    }
    turns
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, t)| t.speaker == speaker && words(&t.text).contains(&needle))
        .map(|(i, _)| i)
}

/// Lower-case words joined by single spaces: what two renderings of one sentence share.
fn words(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn conversation() -> Vec<Turn> {
        turns(&json!([
            {"role": "system", "message": "You are an interviewer.", "secondsFromStart": 0},
            {"role": "bot", "message": "Hello Jane, ready?", "secondsFromStart": 1.0, "duration": 2500},
            {"role": "user", "message": "Yes, ready.", "secondsFromStart": 4.5, "duration": 1000},
            {"role": "bot", "message": "How do you handle errors in Rust?", "secondsFromStart": 6.0, "duration": 3000},
            {"role": "user", "message": "With Result and the question mark operator. I add context.", "time": 1000, "endTime": 5000, "secondsFromStart": 10.0},
            {"role": "tool_calls", "message": "x"},
            {"role": "bot", "message": "Thank you, goodbye."}
        ]))
    }

    #[test]
    fn messages_become_timed_turns() {
        let turns = conversation();
        assert_eq!(turns.len(), 5);
        assert_eq!(turns[0].speaker, Speaker::Interviewer);
        assert_eq!(turns[0].start_seconds, Some(1.0));
        assert_eq!(turns[0].end_seconds, Some(3.5));
        assert_eq!(turns[3].end_seconds, Some(14.0), "endTime - time");
        assert_eq!(turns[4].start_seconds, None, "no time is no time, not zero");
        assert!(super::turns(&json!("garbage")).is_empty());
        assert!(super::turns(&json!([{"role": "bot"}, {"message": "x"}])).is_empty());
    }

    #[test]
    fn an_answer_kept_without_its_words_stays_a_turn_with_its_span() {
        let turns = turns(&json!([
            {"role": "user", "message": "", "notTranscribed": true, "secondsFromStart": 4.5, "duration": 7250},
            {"role": "user", "message": "", "secondsFromStart": 12.0, "duration": 1000},
        ]));
        assert_eq!(
            turns.len(),
            1,
            "an empty turn not so marked is still nothing"
        );
        assert!(turns[0].not_transcribed);
        assert_eq!(turns[0].text, "");
        assert_eq!(
            (turns[0].start_seconds, turns[0].end_seconds),
            (Some(4.5), Some(11.75))
        );
    }

    #[test]
    fn every_scripted_question_is_listed_and_linked_to_its_turns() {
        let turns = conversation();
        let scripted = vec![
            "How do you handle errors in Rust?".to_owned(),
            "What is an index in PostgreSQL?".to_owned(),
        ];
        let structured = json!({"questions": [
            {"number": 1, "question": "How do you handle errors in Rust?", "asked": true,
             "answerExcerpt": "With Result and the question mark operator.", "score": 4.4,
             "justification": "Names Result and ?: \"With Result\""},
            {"number": 2, "asked": true, "score": 5}
        ]});
        let breakdown = question_breakdown(&scripted, &structured, &turns);
        assert_eq!(breakdown.len(), 2);
        assert_eq!(breakdown[0].question_turn, Some(2));
        assert_eq!(breakdown[0].answer_turn, Some(3));
        assert_eq!(breakdown[0].score, Some(4));
        assert!(
            breakdown[1].asked,
            "the analysis says so, though no turn matches"
        );
        assert_eq!(breakdown[1].question_turn, None);
        assert_eq!(Coverage::of(&breakdown), Coverage { asked: 2, total: 2 });
    }

    #[test]
    fn without_an_analysis_the_transcript_still_says_what_was_asked() {
        let turns = conversation();
        let scripted = vec![
            "How do you handle errors in Rust?".to_owned(),
            "What is an index in PostgreSQL?".to_owned(),
        ];
        let breakdown = question_breakdown(&scripted, &json!({}), &turns);
        assert!(breakdown[0].asked);
        assert_eq!(
            breakdown[0].answer_turn,
            Some(3),
            "the answer after the question"
        );
        assert_eq!(breakdown[0].score, None, "no invented score");
        assert!(!breakdown[1].asked);
        assert_eq!(Coverage::of(&breakdown), Coverage { asked: 1, total: 2 });
    }

    #[test]
    fn hostile_scores_are_bounded_and_unasked_questions_get_none() {
        let structured = json!({"questions": [
            {"number": 1, "question": "Q one here?", "asked": false, "score": 5, "answerExcerpt": "x"},
            {"number": 2, "question": "Q two here?", "asked": true, "score": 99},
            {"number": 3, "question": "Q three here?", "asked": true, "score": "5"},
            "not an object"
        ]});
        let breakdown = question_breakdown(&[], &structured, &[]);
        assert_eq!(breakdown.len(), 3);
        assert_eq!(breakdown[0].score, None);
        assert_eq!(breakdown[0].answer_excerpt, None);
        assert_eq!(breakdown[1].score, Some(5));
        assert_eq!(breakdown[2].score, None, "a score must be a number");
    }
}
