//! The interview's analysis by a language model, when the operator configured one: any
//! OpenAI-compatible chat endpoint (Ollama, vLLM, llama.cpp's server, a hosted API). It reads
//! the transcript and the scripted questions and answers the same structured-data plan the
//! provider-run interviews are analysed with (per-question answers quoted and scored 1-5 with a
//! justification, scores 0-10, a summary and a pass/fail evaluation). Whatever it answers goes
//! through the same evidence and verdict rules; when it fails, the heuristic analysis stands in
//! and says so.

use std::time::Duration;

use serde_json::{Value, json};

use crate::config::LlmSettings;
use crate::voice::conclusions::analysis::structured_data_schema;

/// Why the model gave no analysis.
#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("the language model cannot be reached: {0}")]
    Unreachable(String),
    #[error("the language model answered {0}")]
    Refused(u16),
    #[error("the language model's answer is not the analysis: {0}")]
    Unreadable(String),
}

/// A client of the configured endpoint.
#[derive(Debug, Clone)]
pub struct Llm {
    http: reqwest::Client,
    settings: LlmSettings,
}

impl Llm {
    /// The configured model, if there is one.
    pub fn from_settings(settings: &LlmSettings) -> Option<Llm> {
        settings.base_url.as_ref()?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.timeout_seconds.max(1)))
            .build()
            .ok()?;
        Some(Llm {
            http,
            settings: settings.clone(),
        })
    }

    /// The analysis in the provider's shape (`analysis` of a call): summary, structured data
    /// and success evaluation.
    pub async fn analyse(
        &self,
        role: &str,
        questions: &[String],
        transcript: &str,
    ) -> Result<Value, LlmError> {
        let base = self.settings.base_url.as_deref().unwrap_or_default();
        let url = format!("{}/chat/completions", base.trim_end_matches('/'));
        let numbered: String = questions
            .iter()
            .enumerate()
            .map(|(i, q)| format!("{}. {q}\n", i + 1))
            .collect();
        let instructions = format!(
            "You assess a job interview for the role of {role}. Answer with one JSON object and \
             nothing else, with the keys \"summary\" (3-5 sentences for the hiring team), \
             \"successEvaluation\" (\"true\" if the candidate meets the bar for the role, else \
             \"false\") and \"structuredData\", which follows this JSON schema: {schema}. Scores \
             are 0-10. In \"questions\", give every scripted question below, in order, with its \
             number; \"asked\" says whether the interviewer asked it; \"answerExcerpt\" quotes the \
             candidate's answer word for word (at most 160 characters); \"score\" rates the answer \
             from 1 (no or wrong answer) to 5 (excellent, with specific evidence); \
             \"justification\" is one line that quotes the answer. Never score a question that \
             was not asked. Judge only what the candidate said.\n\nScripted questions:\n{numbered}",
            schema = structured_data_schema(),
        );
        let body = json!({
            "model": self.settings.model,
            "temperature": 0,
            "response_format": { "type": "json_object" },
            "messages": [
                { "role": "system", "content": instructions },
                { "role": "user", "content": format!("The interview's transcript:\n{transcript}") },
            ],
        });
        let mut request = self.http.post(&url).json(&body);
        if let Some(key) = &self.settings.api_key {
            request = request.bearer_auth(key.expose());
        }
        let response = request
            .send()
            .await
            .map_err(|e| LlmError::Unreachable(e.to_string()))?;
        if !response.status().is_success() {
            return Err(LlmError::Refused(response.status().as_u16()));
        }
        let answer: Value = response
            .json()
            .await
            .map_err(|e| LlmError::Unreadable(e.to_string()))?;
        let content = answer["choices"][0]["message"]["content"]
            .as_str()
            .ok_or_else(|| LlmError::Unreadable("no message content".into()))?;
        analysis_of(content)
    }
}

/// The analysis in a model's reply: the JSON object in it (models sometimes wrap it in a code
/// fence or a sentence), with the parts we use checked for their types.
pub fn analysis_of(content: &str) -> Result<Value, LlmError> {
    let start = content
        .find('{')
        .ok_or_else(|| LlmError::Unreadable("no JSON object".into()))?;
    let end = content
        .rfind('}')
        .ok_or_else(|| LlmError::Unreadable("no JSON object".into()))?;
    let parsed: Value = serde_json::from_str(&content[start..=end])
        .map_err(|e| LlmError::Unreadable(e.to_string()))?;
    if !parsed["structuredData"].is_object() {
        return Err(LlmError::Unreadable("no structuredData object".into()));
    }
    let evaluation = match &parsed["successEvaluation"] {
        Value::Bool(b) => Value::String(b.to_string()),
        Value::String(s) if s == "true" || s == "false" => Value::String(s.clone()),
        _ => Value::Null,
    };
    Ok(json!({
        "summary": parsed["summary"].as_str().unwrap_or_default(),
        "structuredData": parsed["structuredData"],
        "successEvaluation": evaluation,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_analysis_is_found_in_what_a_model_writes_around_it() {
        let reply = "Here it is:\n```json\n{\"summary\": \"Good.\", \"successEvaluation\": true, \
                     \"structuredData\": {\"questions\": []}}\n```";
        let analysis = analysis_of(reply).expect("an analysis");
        assert_eq!(analysis["successEvaluation"], "true");
        assert_eq!(analysis["summary"], "Good.");
        assert!(analysis_of("no json here").is_err());
        assert!(
            analysis_of("{\"summary\": \"x\"}").is_err(),
            "structured data is required"
        );
        let odd = analysis_of("{\"structuredData\": {}, \"successEvaluation\": \"maybe\"}")
            .expect("an analysis");
        assert_eq!(odd["successEvaluation"], Value::Null);
    }
}
