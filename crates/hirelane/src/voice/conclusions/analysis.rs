//! From the provider's call analysis to what we store and show: scores 0-100 and the interview
//! status (its rule is in `verdict.rs`, documented in `docs/interviews.md`).

use serde_json::{Value, json};

/// The structured-data schema our assistants ask the provider to fill (the analysis plan's
/// `structuredDataPlan.schema`). Scores are 0-10; we store them ×10.
pub fn structured_data_schema() -> Value {
    let score = json!({ "type": "number", "minimum": 0, "maximum": 10 });
    let text = json!({ "type": "string" });
    let texts = json!({ "type": "array", "items": { "type": "string" } });
    json!({
        "type": "object",
        "properties": {
            "candidateInformation": {
                "type": "object",
                "properties": { "fullName": text, "yearsOfExperience": { "type": "number" } }
            },
            "additionalInterviewMetrics": {
                "type": "object",
                "properties": {
                    "technicalScore": score,
                    "communicationScore": score,
                    "problemSolvingScore": score,
                    "culturalFitScore": score
                }
            },
            "summaryInsights": {
                "type": "object",
                "properties": {
                    "keyInsights": text,
                    "areasForImprovement": text,
                    "recommendations": text
                }
            },
            "interviewPerformance": {
                "type": "object",
                "properties": { "strengths": texts, "weaknesses": texts }
            },
            "keySkills": texts,
            "keyTakeaways": text,
            "experience": text,
            "questions": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "number": { "type": "integer", "minimum": 1 },
                        "question": text,
                        "asked": { "type": "boolean" },
                        "answerExcerpt": text,
                        "score": { "type": "integer", "minimum": 1, "maximum": 5 },
                        "justification": text
                    }
                }
            }
        }
    })
}

/// The outcome of an interview.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
pub enum InterviewStatus {
    Pass,
    Fail,
    #[serde(rename = "Needs Review")]
    NeedsReview,
}

impl InterviewStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            InterviewStatus::Pass => "Pass",
            InterviewStatus::Fail => "Fail",
            InterviewStatus::NeedsReview => "Needs Review",
        }
    }

    /// The stored text back to the status.
    pub fn parse(text: &str) -> Option<InterviewStatus> {
        [Self::Pass, Self::Fail, Self::NeedsReview]
            .into_iter()
            .find(|status| status.as_str() == text)
    }
}

/// The four scores on our 0-100 scale; absent when the provider gave none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scores {
    pub technical: Option<i64>,
    pub communication: Option<i64>,
    pub problem_solving: Option<i64>,
    pub cultural_fit: Option<i64>,
}

impl Scores {
    /// Reads `additionalInterviewMetrics` of the structured data.
    pub fn from_structured(data: &Value) -> Scores {
        let metrics = &data["additionalInterviewMetrics"];
        Scores {
            technical: score(&metrics["technicalScore"]),
            communication: score(&metrics["communicationScore"]),
            problem_solving: score(&metrics["problemSolvingScore"]),
            cultural_fit: score(&metrics["culturalFitScore"]),
        }
    }

    /// Mean of the three main scores (technical, communication, problem solving) that exist.
    pub fn main_mean(&self) -> Option<f64> {
        let present: Vec<i64> = [self.technical, self.communication, self.problem_solving]
            .into_iter()
            .flatten()
            .collect();
        if present.is_empty() {
            None
        } else {
            Some(present.iter().sum::<i64>() as f64 / present.len() as f64)
        }
    }
}

/// A 0-10 score (number or numeric text) as 0-100, clamped; anything else is absent.
pub fn score(value: &Value) -> Option<i64> {
    let raw = match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    }?;
    if !raw.is_finite() {
        return None;
    }
    Some((raw.clamp(0.0, 10.0) * 10.0).round() as i64)
}

/// `successEvaluation` normalised: Vapi sends a string ("true"/"false" with the PassFail
/// rubric), some payloads a JSON boolean.
pub fn success_evaluation(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Text from a string, a number, or an array of strings (joined with ", ").
pub fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().filter_map(text).collect();
            (!parts.is_empty()).then(|| parts.join(", "))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_scale_and_clamp() {
        assert_eq!(score(&json!(7)), Some(70));
        assert_eq!(score(&json!(8.46)), Some(85));
        assert_eq!(score(&json!("6")), Some(60));
        assert_eq!(score(&json!(12)), Some(100));
        assert_eq!(score(&json!(-1)), Some(0));
        assert_eq!(score(&json!(null)), None);
        assert_eq!(score(&json!("n/a")), None);
    }

    #[test]
    fn reads_metrics_and_texts() {
        let data = json!({"additionalInterviewMetrics": {"technicalScore": 8, "communicationScore": "7",
            "problemSolvingScore": 9, "culturalFitScore": 6}, "keySkills": ["Rust", "SQL"]});
        let s = Scores::from_structured(&data);
        assert_eq!(s.technical, Some(80));
        assert_eq!(s.cultural_fit, Some(60));
        assert_eq!(s.main_mean(), Some(80.0));
        assert_eq!(text(&data["keySkills"]).as_deref(), Some("Rust, SQL"));
        assert_eq!(success_evaluation(&json!(true)).as_deref(), Some("true"));
    }
}
