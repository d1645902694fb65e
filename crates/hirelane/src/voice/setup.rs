//! Setting up one call of a reusable assistant: the template variables that make it personal
//! (`{{candidateName}}`, `{{jobTitle}}`, `{{interviewMinutes}}`, `{{yearsOfExperience}}`), the
//! scripted questions it will be judged on, and the seal that lets us check afterwards that it
//! ran exactly so. Only the server sets these; nothing the browser sends reaches them.

use serde_json::{Map, Value, json};

use super::integrity::{self, SEAL_KEY};
use super::provider::ProviderError;
use super::provider_errors::provider_error;
use super::vapi::{self, CallSetup};
use crate::error::Result;
use crate::state::AppState;

/// Whom a call is for.
#[derive(Debug, Clone, Default)]
pub struct CallFor<'a> {
    pub candidate_name: &'a str,
    /// The role interviewed for (the JD's title for an invite); the assistant's role otherwise.
    pub job_title: Option<&'a str>,
    pub years_of_experience: Option<f64>,
    /// The invite the call is an attempt of.
    pub invite_id: Option<i64>,
}

/// Reads the assistant and sets up a call of it for `who`; `metadata` is the caller's own
/// (the invite reference, say). The seal covers the assistant, the variables and the metadata.
pub async fn prepare(
    state: &AppState,
    assistant_id: &str,
    who: &CallFor<'_>,
    mut metadata: Map<String, Value>,
    fallback: &str,
) -> Result<CallSetup> {
    // An assistant the provider does not know gets no defaults here: creating the call then
    // fails with the provider's own words.
    let assistant = match crate::voice::client::of(state)?
        .provider
        .get_assistant(assistant_id)
        .await
    {
        Ok(assistant) => assistant,
        Err(ProviderError::NotFound) => Value::Null,
        Err(e) => return Err(provider_error(e, fallback, "Assistant not found")),
    };
    let variables = variables(&assistant, who, state.settings.voice.max_duration_seconds);
    metadata.insert("candidateName".into(), json!(variables["candidateName"]));
    let now = state.clock.now();
    let seal = integrity::seal(
        &state.keys,
        who.invite_id,
        assistant_id,
        &variables,
        &metadata,
        now,
    );
    metadata.insert(SEAL_KEY.into(), json!(seal));
    Ok(CallSetup {
        questions: scripted_questions(&assistant),
        variables,
        metadata,
    })
}

/// The template variables of a call, all as text (a provider may re-encode numbers, and the
/// seal covers their exact form).
pub fn variables(
    assistant: &Value,
    who: &CallFor<'_>,
    max_duration_seconds: u32,
) -> Map<String, Value> {
    let form = &assistant["metadata"];
    let text = |v: &Value| {
        v.as_str()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let candidate = Some(who.candidate_name.trim().to_owned())
        .filter(|s| !s.is_empty())
        .or_else(|| text(&form["candidateName"]))
        .unwrap_or_else(|| "there".to_owned());
    let job_title = who
        .job_title
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .or_else(|| text(&form["role"]))
        .or_else(|| text(&assistant["name"]))
        .unwrap_or_else(|| "this".to_owned());
    let interview_time = form["interviewTime"].as_str().unwrap_or_default();
    let minutes = vapi::interview_minutes(interview_time, max_duration_seconds);
    let mut variables = Map::new();
    variables.insert("candidateName".into(), json!(candidate));
    variables.insert("jobTitle".into(), json!(job_title));
    variables.insert("interviewMinutes".into(), json!(minutes.to_string()));
    if let Some(years) = who
        .years_of_experience
        .filter(|y| y.is_finite() && *y >= 0.0)
    {
        variables.insert("yearsOfExperience".into(), json!(years_text(years)));
    }
    variables
}

/// Years as people write them: 10.9, 3 (not 3.0).
pub fn years_text(years: f64) -> String {
    let rounded = (years * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        format!("{rounded:.1}")
    }
}

/// The questions the assistant's form scripted (kept in its metadata), if it is ours.
fn scripted_questions(assistant: &Value) -> Vec<String> {
    assistant["metadata"]["questions"]
        .as_array()
        .map(|qs| {
            qs.iter()
                .filter_map(Value::as_str)
                .map(vapi::as_question)
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_come_from_the_call_then_the_assistant() {
        let assistant = json!({"name": "Ava", "metadata": {"candidateName": "Aditi Singh",
            "role": "Backend Engineer", "interviewTime": "45 minutes",
            "questions": ["  Why Rust?", "Walk me through a project you shipped end to end. "]}});
        let who = CallFor {
            candidate_name: "Carlos Diaz",
            job_title: Some("Platform Engineer"),
            years_of_experience: Some(10.94),
            invite_id: Some(3),
        };
        let v = variables(&assistant, &who, 1800);
        assert_eq!(v["candidateName"], "Carlos Diaz");
        assert_eq!(v["jobTitle"], "Platform Engineer");
        assert_eq!(v["interviewMinutes"], "45");
        assert_eq!(v["yearsOfExperience"], "10.9");
        let v = variables(&assistant, &CallFor::default(), 1800);
        assert_eq!(
            v["candidateName"], "Aditi Singh",
            "the form's name is the default"
        );
        assert_eq!(v["jobTitle"], "Backend Engineer");
        assert!(v.get("yearsOfExperience").is_none());
        let v = variables(&json!({}), &CallFor::default(), 1800);
        assert_eq!(v["interviewMinutes"], "30");
        // Each keeps its own punctuation: a statement is not turned into "….?".
        assert_eq!(
            scripted_questions(&assistant),
            [
                "Why Rust?",
                "Walk me through a project you shipped end to end."
            ]
        );
        assert_eq!(years_text(3.0), "3");
    }
}
