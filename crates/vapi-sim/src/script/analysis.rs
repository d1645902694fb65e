//! The analysis Vapi's post-call model would write for the part of the interview that took
//! place: summary, success evaluation and structured data, honouring the assistant's plan.

use serde_json::{Map, Value, json};

use super::{Interview, Line, Outcome};
use crate::ids::{hash, pick};

impl Interview {
    /// `call.analysis` for the part of the conversation that took place, honouring the
    /// assistant's analysis plan in either shape (2024 flat prompts or 2026 nested plans).
    pub(crate) fn analysis(&self, heard: &[Line], ended_reason: &str) -> Value {
        let threshold = self
            .plan
            .as_ref()
            .and_then(|p| p.get("minMessagesThreshold"))
            .and_then(Value::as_u64)
            .unwrap_or(2) as usize;
        let mut out = Map::new();
        if heard.len() < threshold.max(1) || !self.outcome.answers() {
            return Value::Object(out);
        }
        let answered = heard.iter().filter(|l| !l.bot).count().saturating_sub(1);
        let asked = self.questions.len();
        let completed = answered >= asked;
        let h = self.call_hash;
        let score = |name: &str| -> u64 {
            let (lo, hi) = match self.outcome {
                Outcome::Pass => (7, 9),
                Outcome::Review => (5, 6),
                _ => (2, 4),
            };
            pick(hash(h, name), lo, hi)
        };
        let passed = matches!(self.outcome, Outcome::Pass | Outcome::Review);
        let skills_list = self.skills.join(", ");
        if self.enabled("summary") {
            let verdict = match self.outcome {
                Outcome::Pass => "gave specific, well-structured answers with concrete examples",
                Outcome::Review => "gave general answers with few concrete examples",
                _ => "struggled to answer most questions",
            };
            out.insert(
                "summary".into(),
                json!(format!(
                    "{} interviewed for {} and answered {answered} of {asked} questions. The candidate {verdict}, touching on {skills_list}. The call ended with reason {ended_reason}.",
                    self.candidate, self.role
                )),
            );
        }
        if self.enabled("successEvaluation") {
            out.insert("successEvaluation".into(), json!(passed.to_string()));
        }
        if self.enabled("structuredData") {
            let (strengths, weaknesses) = match self.outcome {
                Outcome::Pass => (
                    vec![
                        "Concrete examples from past work",
                        "Clear reasoning about trade-offs",
                        "Structured communication",
                    ],
                    vec!["Could go deeper on testing strategy"],
                ),
                Outcome::Review => (
                    vec!["Friendly and cooperative"],
                    vec![
                        "Answers lacked specific examples",
                        "Limited depth on core topics",
                    ],
                ),
                _ => (
                    vec!["Honest about gaps"],
                    vec![
                        "Could not explain core concepts",
                        "No concrete examples",
                        "Short answers",
                    ],
                ),
            };
            let mentioned: Vec<&String> = self
                .skills
                .iter()
                .take(if passed { 6 } else { 2 })
                .collect();
            out.insert(
                "structuredData".into(),
                json!({
                    "candidateInformation": {
                        "fullName": self.candidate,
                        // Whole years as an integer, as a model writes them.
                        "yearsOfExperience": if self.years.fract() == 0.0 { json!(self.years as u64) } else { json!(self.years) },
                    },
                    "additionalInterviewMetrics": {
                        "technicalScore": score("technicalScore"),
                        "communicationScore": score("communicationScore"),
                        "problemSolvingScore": score("problemSolvingScore"),
                        "culturalFitScore": score("culturalFitScore"),
                    },
                    "summaryInsights": {
                        "keyInsights": format!("{} answered {answered} of {asked} questions{}.", self.candidate, if completed { "" } else { " before the call ended" }),
                        "areasForImprovement": weaknesses.join("; "),
                        "recommendations": match self.outcome {
                            Outcome::Pass => "Proceed to the next round.",
                            Outcome::Review => "Review the recording before deciding.",
                            _ => "Do not proceed at this time.",
                        },
                    },
                    "interviewPerformance": { "strengths": strengths, "weaknesses": weaknesses },
                    "keySkills": mentioned,
                    "keyTakeaways": format!("{} for {}: {}.", match self.outcome { Outcome::Pass => "Strong candidate", Outcome::Review => "Mixed signals", _ => "Not a fit yet" }, self.role, strengths.join(", ")),
                    "experience": format!("{}, mainly with {skills_list}.", years_of_experience(self.years)),
                }),
            );
            if self.schema_asks_for("questions")
                && let Some(data) = out.get_mut("structuredData")
            {
                data["questions"] = self.question_scores(heard);
            }
        }
        Value::Object(out)
    }

    /// Whether the plan's structured-data schema (nested or the 2024 flat one) has `property`.
    fn schema_asks_for(&self, property: &str) -> bool {
        let Some(plan) = self.plan.as_ref() else {
            return false;
        };
        [
            plan.pointer("/structuredDataPlan/schema/properties"),
            plan.pointer("/structuredDataSchema/properties"),
        ]
        .into_iter()
        .flatten()
        .any(|p| p.get(property).is_some())
    }

    /// `structuredData.questions`: every scripted question, whether it was heard, the first
    /// sentence of the answer quoted exactly, a 1-5 score for the outcome and a line quoting it.
    fn question_scores(&self, heard: &[Line]) -> Value {
        let items: Vec<Value> = self
            .questions
            .iter()
            .enumerate()
            .map(|(i, question)| {
                let number = i + 1;
                let asked_at = heard.iter().position(|l| l.bot && l.text == *question);
                let Some(at) = asked_at else {
                    return json!({"number": number, "question": question, "asked": false,
                        "answerExcerpt": null, "score": null, "justification": null});
                };
                let answer = heard.get(at + 1).filter(|l| !l.bot);
                let Some(answer) = answer else {
                    return json!({"number": number, "question": question, "asked": true,
                        "answerExcerpt": null, "score": 1,
                        "justification": "The call ended before the candidate answered."});
                };
                let excerpt = first_sentence(&answer.text);
                let (lo, hi, verdict) = match self.outcome {
                    Outcome::Pass => (4, 5, "A specific example with a measured result"),
                    Outcome::Review => (3, 3, "A general answer without a concrete example"),
                    _ => (1, 2, "No working knowledge shown"),
                };
                json!({
                    "number": number,
                    "question": question,
                    "asked": true,
                    "answerExcerpt": excerpt,
                    "score": pick(hash(self.call_hash, &format!("question{number}")), lo, hi),
                    "justification": format!("{verdict}: \"{excerpt}\""),
                })
            })
            .collect();
        Value::Array(items)
    }

    /// Whether a part of the analysis is on: the 2024 flat prompts switch off with "" or
    /// "off"; the 2026 nested plans with `enabled: false` (summary and success evaluation are
    /// on by default), and structured data needs a prompt/schema or `enabled: true`, as in Vapi.
    fn enabled(&self, part: &str) -> bool {
        let Some(plan) = self.plan.as_ref() else {
            return part != "structuredData";
        };
        let off = |prompt: &str| {
            plan.get(prompt)
                .and_then(Value::as_str)
                .is_some_and(|p| p.is_empty() || p.eq_ignore_ascii_case("off"))
        };
        let nested = |key: &str| {
            plan.get(key)
                .and_then(|p| p.get("enabled"))
                .and_then(Value::as_bool)
        };
        match part {
            "summary" => !off("summaryPrompt") && nested("summaryPlan") != Some(false),
            "successEvaluation" => {
                !off("successEvaluationPrompt") && nested("successEvaluationPlan") != Some(false)
            }
            _ => {
                let flat = ["structuredDataPrompt", "structuredDataSchema"]
                    .iter()
                    .any(|k| plan.get(*k).is_some_and(|v| !v.is_null()) && !off(k));
                flat || nested("structuredDataPlan") == Some(true)
            }
        }
    }
}

/// "1 year", "10.9 years", "3 years" (never "3.0").
fn years_of_experience(years: f64) -> String {
    let number = if years.fract() == 0.0 {
        format!("{years:.0}")
    } else {
        format!("{years:.1}")
    };
    let unit = if years == 1.0 { "year" } else { "years" };
    format!("{number} {unit} of experience")
}

/// The first sentence of some substance (five words or more, else the first) of a text, at
/// most 160 characters, exactly as written.
fn first_sentence(text: &str) -> String {
    let mut sentences = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | '?' | '!') {
            let end = i + c.len_utf8();
            sentences.push(text[start..end].trim());
            start = end;
        }
    }
    sentences.push(text[start..].trim());
    sentences.retain(|s| !s.is_empty());
    let chosen = sentences
        .iter()
        .find(|s| s.split_whitespace().count() >= 5)
        .or(sentences.first())
        .copied()
        .unwrap_or_default();
    chosen.chars().take(160).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_read_as_a_person_writes_them() {
        assert_eq!(years_of_experience(1.0), "1 year of experience");
        assert_eq!(years_of_experience(10.9), "10.9 years of experience");
        assert_eq!(
            first_sentence("Sure. With Rust, I owned the design end to end. Then more."),
            "With Rust, I owned the design end to end."
        );
    }
}
