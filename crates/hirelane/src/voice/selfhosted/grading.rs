//! The interview's analysis without a language model: for each scripted question, the answer's
//! words, how many there are and which of the assistant's topics and tools it names, and a
//! 1-5 score from those two alone, labelled as a heuristic everywhere it shows. It never
//! decides: there is no pass/fail evaluation and no overall scores, so the verdict is Needs
//! Review and a person reads the answers (the transcript and recording are the evidence).

use serde_json::{Value, json};

/// One scripted question and the candidate's answer to it (empty when none was heard).
#[derive(Debug, Clone)]
pub struct Answered<'a> {
    pub question: &'a str,
    pub asked: bool,
    pub answer: &'a str,
    /// An answer was said but could not be transcribed: nothing to score, listen instead.
    pub not_transcribed: bool,
}

/// An answer this long or longer gets the full length points.
const FULL_LENGTH_WORDS: usize = 60;

/// The heuristic score of one answer: 1 for none, then up to 2 points for length and up to 2
/// for naming the expected keywords (all of them when there are few).
pub fn score(answer: &str, keywords: &[String]) -> (u8, usize, Vec<String>) {
    let words = answer.split_whitespace().count();
    if words == 0 {
        return (1, 0, Vec::new());
    }
    let lower = answer.to_lowercase();
    let named: Vec<String> = keywords
        .iter()
        .filter(|k| lower.contains(&k.to_lowercase()))
        .cloned()
        .collect();
    let length_points =
        (2.0 * (words.min(FULL_LENGTH_WORDS) as f64) / FULL_LENGTH_WORDS as f64).round();
    let wanted = keywords.len().min(3);
    let keyword_points = if wanted == 0 {
        // Nothing to look for: length alone, on the same scale.
        length_points
    } else {
        (2.0 * (named.len().min(wanted) as f64) / wanted as f64).round()
    };
    let total = (1.0 + length_points + keyword_points).clamp(1.0, 5.0);
    (total as u8, words, named)
}

/// The analysis in the provider's shape (`analysis` of a call): a summary and structured data
/// with the per-question breakdown; no success evaluation.
pub fn analysis(answers: &[Answered<'_>], keywords: &[String]) -> Value {
    let mut questions = Vec::with_capacity(answers.len());
    let mut answered = 0;
    for (i, a) in answers.iter().enumerate() {
        let (score, words, named) = score(a.answer, keywords);
        let excerpt: String = a.answer.chars().take(160).collect();
        if !a.answer.trim().is_empty() {
            answered += 1;
        }
        let names = if named.is_empty() {
            "none of the topics".to_owned()
        } else {
            named.join(", ")
        };
        // Nothing heard of an answer that was said is no ground for a score of 1.
        let unheard = a.not_transcribed && words == 0;
        let justification = if unheard {
            "Not transcribed: listen to the recording.".to_owned()
        } else {
            format!("Heuristic score (no language model): {words} words, naming {names}.")
        };
        questions.push(json!({
            "number": i + 1,
            "question": a.question,
            "asked": a.asked,
            "answerExcerpt": (!excerpt.is_empty()).then_some(excerpt),
            "score": (a.asked && !unheard).then_some(score),
            "justification": a.asked.then_some(justification),
        }));
    }
    let summary = format!(
        "The candidate answered {answered} of {} scripted questions. Scores are heuristics from \
         each answer's length and the topics it names, not a judgement of its content: read the \
         answers or listen to the recording before deciding.",
        answers.len()
    );
    json!({
        "summary": summary,
        "structuredData": {
            "questions": questions,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keywords() -> Vec<String> {
        vec!["Python".into(), "AWS".into(), "Docker".into()]
    }

    #[test]
    fn no_answer_scores_one_and_a_full_answer_five() {
        assert_eq!(score("", &keywords()).0, 1);
        let full = "I built Python services on AWS and shipped them with Docker. ".repeat(6);
        assert_eq!(score(&full, &keywords()).0, 5);
        let (short, words, named) = score("Mostly Python.", &keywords());
        assert_eq!((short, words, named), (2, 2, vec!["Python".to_owned()]));
    }

    #[test]
    fn the_analysis_labels_its_scores_and_never_decides() {
        let answers = [
            Answered {
                question: "What do you run?",
                asked: true,
                answer: "Python on AWS.",
                not_transcribed: false,
            },
            Answered {
                question: "How do you test?",
                asked: true,
                answer: "",
                not_transcribed: false,
            },
            Answered {
                question: "How do you deploy?",
                asked: true,
                answer: "",
                not_transcribed: true,
            },
        ];
        let analysis = analysis(&answers, &keywords());
        assert!(analysis.get("successEvaluation").is_none());
        let q = &analysis["structuredData"]["questions"];
        assert_eq!(q[0]["score"], 2);
        assert!(
            q[0]["justification"]
                .as_str()
                .is_some_and(|j| j.starts_with("Heuristic score"))
        );
        assert_eq!(q[1]["answerExcerpt"], Value::Null);
        assert_eq!(q[1]["score"], 1);
        assert_eq!(
            q[2]["score"],
            Value::Null,
            "not transcribed is not a wrong answer"
        );
        assert_eq!(
            q[2]["justification"],
            "Not transcribed: listen to the recording."
        );
        assert!(
            analysis["summary"]
                .as_str()
                .is_some_and(|s| s.contains("1 of 3"))
        );
    }
}
