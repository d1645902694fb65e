//! A follow-up question for an answer that misses most of what a strong answer covers: it names
//! one covered point's words ("You mentioned ...") and asks about the first missing point's
//! topic words, never its claim, so the question does not give the answer away.

use crate::lexical::content_stems;
use crate::text::words;
use crate::{Flag, Grade, Rubric};

/// Ask a follow-up when fewer than this share of the key points are covered.
pub const FOLLOW_UP_BELOW_COVERED: f64 = 0.5;
/// ... or when the answer is this short (the length signal: about three content words).
const SHORT_ANSWER_LENGTH: f64 = 0.38;
/// The follow-up names at most this many topic words.
const TOPIC_WORDS: usize = 3;

/// A follow-up question and the key points it asks about.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FollowUp {
    /// What the interviewer says.
    pub question: String,
    /// Indices of the key points it targets (in [`Grade::key_points`]).
    pub targets: Vec<usize>,
}

/// The follow-up to ask after `grade` (of an answer to `rubric`'s question), if the answer calls
/// for one: the rubric has key points, and the answer covers under half of them or is very
/// short. It names the missing point's own words, not those the question already used. Grading
/// the answer together with the reply to the follow-up (the two texts joined) counts what the
/// reply adds.
pub fn follow_up(rubric: &Rubric, grade: &Grade) -> Option<FollowUp> {
    if grade.flags.contains(&Flag::NoKeyPoints) || grade.key_points.is_empty() {
        return None;
    }
    let covered = grade.covered.len() as f64 / grade.key_points.len() as f64;
    if covered >= FOLLOW_UP_BELOW_COVERED && grade.features.length >= SHORT_ANSWER_LENGTH {
        return None;
    }
    let target = grade.missing.first()?;
    let said: Vec<String> = grade
        .covered
        .iter()
        .flat_map(|c| c.matched_words.iter().map(|w| w.text.to_lowercase()))
        .collect();
    let question_words = words(&rubric.question);
    let asked = content_stems(&question_words);
    let chars: Vec<char> = target.point.chars().collect();
    // The point's own casing (TCP, Redis), except a capital that only starts its sentence.
    let shown = |w: &crate::text::Word| {
        let word: String = chars[w.start..w.end].iter().collect();
        let capitalised = word.chars().skip(1).all(|c| !c.is_uppercase());
        if w.start == 0 && capitalised {
            w.lower.clone()
        } else {
            word
        }
    };
    // Content words next to each other in the point stay one phrase ("error rate", "query
    // plan"), so the question names things rather than a list of words.
    let mut topic: Vec<String> = Vec::new();
    // Where the last phrase's last word ends, while the next word may extend it.
    let mut extends: Option<usize> = None;
    for w in words(&target.point) {
        if !w.is_content() || said.contains(&w.lower) || asked.contains(w.stem.as_str()) {
            extends = None;
            continue;
        }
        let word = shown(&w);
        let next_to_last =
            extends.is_some_and(|end| chars[end..w.start].iter().all(|c| c.is_whitespace()));
        if next_to_last && let Some(phrase) = topic.last_mut() {
            phrase.push(' ');
            phrase.push_str(&word);
        } else if topic.len() == TOPIC_WORDS {
            break;
        } else if topic.contains(&word) {
            extends = None;
            continue;
        } else {
            topic.push(word);
        }
        extends = Some(w.end);
    }
    let topic = join(&topic)?;
    let mentioned = grade
        .covered
        .iter()
        .max_by(|a, b| {
            a.strength
                .total_cmp(&b.strength)
                .then(b.index.cmp(&a.index))
        })
        .and_then(|c| c.matched_words.first())
        .map(|w| w.text.clone());
    let question = match mentioned {
        Some(m) => format!("You mentioned {m}. How would you handle {topic}?"),
        None => format!("Could you walk me through {topic}?"),
    };
    Some(FollowUp {
        question,
        targets: vec![target.index],
    })
}

/// "a", "a and b", "a, b and c".
fn join(items: &[String]) -> Option<String> {
    let (last, rest) = items.split_last()?;
    Some(if rest.is_empty() {
        last.clone()
    } else {
        format!("{} and {last}", rest.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grader;

    #[test]
    fn words_next_to_each_other_in_the_point_are_asked_about_as_one_phrase() {
        let rubric = Rubric {
            question: "How do you keep a service reliable?".into(),
            reference: None,
            key_points: vec!["Alert on the error rate with dashboards".into()],
        };
        let grade = Grader::lexical()
            .grade(&rubric, "I write clean code and review every pull request.")
            .expect("graded");
        let asked = follow_up(&rubric, &grade).expect("a follow-up");
        assert_eq!(
            asked.question,
            "Could you walk me through alert, error rate and dashboards?"
        );
    }
}
