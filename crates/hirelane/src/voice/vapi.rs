//! Vapi's wire shapes: the request bodies we send (current 2026 shapes: single `customer`,
//! `schedulePlan`, `assistantOverrides.metadata`, nested analysis plan) and tolerant readers of
//! what comes back, in both the mid-2024 shape (top-level `metadata`, `transcript`,
//! `recordingUrl`, flat `analysisPlan`) and the current one.

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::conclusions::analysis;
use super::integrity::CallOrigin;
use crate::config::VoiceSettings;

/// The create-assistant form, validated.
#[derive(Debug, Clone)]
pub struct AssistantForm {
    pub assistant_name: String,
    pub candidate_name: String,
    pub role: String,
    pub experience: String,
    pub interview_time: String,
    pub topics: Vec<String>,
    pub questions: Vec<String>,
    pub tools: Vec<String>,
}

/// Where the provider posts our webhooks, and the secret it sends back.
#[derive(Debug, Clone)]
pub struct WebhookTarget<'a> {
    pub url: &'a str,
    pub secret: &'a str,
}

/// Recruiter text placed inside a template: Liquid markup in it would be read as markup.
fn plain(text: &str) -> String {
    text.replace("{{", "{ {")
        .replace("}}", "} }")
        .replace("{%", "{ %")
        .replace("%}", "% }")
}

/// A template variable with the form's value as its default, for calls that set none.
fn variable(name: &str, default: &str) -> String {
    let default: String = default
        .chars()
        .filter(|c| !matches!(c, '"' | '{' | '}' | '%'))
        .collect();
    format!("{{{{ {name} | default: \"{default}\" }}}}")
}

/// A scripted question as the interviewer is given it: trimmed, with the recruiter's own
/// punctuation ("Walk me through a project you shipped end to end." stays a sentence; a '?'
/// appended to it made "….?").
pub fn as_question(text: &str) -> String {
    text.trim().to_owned()
}

/// The first number of minutes in a text such as "30", "45 minutes" or "about 20 min".
fn minutes_in(text: &str) -> Option<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .find(|part| !part.is_empty())
        .and_then(|digits| digits.parse::<u32>().ok())
        .filter(|m| *m > 0)
}

/// The system prompt: the interviewer's brief, reusable for any candidate. The candidate, the
/// role and the length are template variables the server fills per call; the form's values
/// are their defaults. Questions go one per line under `Questions, in order:`, and topics on a
/// `Topics:` line (the simulator scripts its interview from the questions kept in the
/// assistant's metadata, and from this prompt for an assistant that has none).
pub fn system_prompt(form: &AssistantForm, minutes: u32) -> String {
    let mut prompt = format!(
        "You are {name}, a friendly and structured AI interviewer screening {candidate} for the \
         role of {role} (experience sought: {experience}). The interview lasts about {minutes} \
         minutes. Ask one question at a time, listen, ask a short follow-up when an answer is \
         vague, and keep your own turns under 30 words. Do not give feedback on answers.",
        name = plain(&form.assistant_name),
        candidate = variable("candidateName", &form.candidate_name),
        role = variable("jobTitle", &form.role),
        experience = plain(&form.experience),
        minutes = variable("interviewMinutes", &minutes.to_string()),
    );
    if !form.topics.is_empty() {
        prompt.push_str(&format!("\nTopics: {}", plain(&form.topics.join(", "))));
    }
    if !form.tools.is_empty() {
        prompt.push_str(&format!(
            "\nTools and technologies to probe: {}",
            plain(&form.tools.join(", "))
        ));
    }
    if !form.questions.is_empty() {
        prompt.push_str("\nQuestions, in order:");
        for q in &form.questions {
            prompt.push_str(&format!("\n{}", plain(&as_question(q))));
        }
    }
    prompt.push_str("\nWhen every question has been asked, thank the candidate and end the call.");
    prompt
}

/// The interview's length in minutes: the form's interview time, else the configured maximum's.
pub fn interview_minutes(interview_time: &str, max_duration_seconds: u32) -> u32 {
    minutes_in(interview_time).unwrap_or(max_duration_seconds / 60)
}

/// `maxDurationSeconds`: the interview time in minutes (when it reads as a number) plus five
/// minutes, else the configured value; within Vapi's 10..43200.
pub fn max_duration(form: &AssistantForm, settings: &VoiceSettings) -> u32 {
    let seconds = match minutes_in(&form.interview_time) {
        Some(m) => m.saturating_mul(60).saturating_add(300),
        None => settings.max_duration_seconds,
    };
    seconds.clamp(600, 43_200)
}

/// What every analysis prompt is told about the interview: the role comes from the brief, and
/// the scripted questions are numbered as the per-question breakdown numbers them.
fn analysis_focus(form: &AssistantForm) -> String {
    let mut focus = String::from(
        "The interviewer's brief, with the role and the candidate, is: {{systemPrompt}}",
    );
    if !form.topics.is_empty() {
        focus.push_str(&format!("\nTopics: {}.", plain(&form.topics.join(", "))));
    }
    if !form.tools.is_empty() {
        focus.push_str(&format!("\nTools: {}.", plain(&form.tools.join(", "))));
    }
    if !form.questions.is_empty() {
        focus.push_str("\nScripted questions:");
        for (i, q) in form.questions.iter().enumerate() {
            focus.push_str(&format!("\n{}. {}", i + 1, plain(&as_question(q))));
        }
    }
    focus
}

/// `POST /assistant` body (`CreateAssistantDTO`).
pub fn assistant_body(
    form: &AssistantForm,
    settings: &VoiceSettings,
    webhook: &WebhookTarget<'_>,
) -> Value {
    let minutes = interview_minutes(&form.interview_time, settings.max_duration_seconds);
    let prompt = system_prompt(form, minutes);
    let focus = analysis_focus(form);
    json!({
        "name": form.assistant_name,
        "firstMessage": format!(
            "Hello {}, I'm {}, and I'll be interviewing you for the {} role today. Are you ready to begin?",
            variable("candidateName", &form.candidate_name),
            plain(&form.assistant_name),
            variable("jobTitle", &form.role),
        ),
        "voicemailMessage": "Hello, this is an interview call from Hirelane. We will try to reach you again later.",
        "endCallMessage": "Thank you for your time. The hiring team will be in touch. Goodbye!",
        // Dropped from Vapi's generated schema in 2025 but still the documented API field.
        "silenceTimeoutSeconds": settings.silence_timeout_seconds,
        "maxDurationSeconds": max_duration(form, settings),
        "voice": { "provider": settings.voice_provider, "voiceId": settings.assistant_voice },
        "model": {
            "provider": settings.model_provider,
            "model": settings.assistant_model,
            "temperature": settings.temperature,
            "messages": [{ "role": "system", "content": prompt }],
        },
        "analysisPlan": {
            "summaryPlan": {
                "enabled": true,
                "messages": [{ "role": "system", "content": format!(
                    "Summarise this job interview in 3-5 sentences for the hiring team. {focus}") }],
            },
            "structuredDataPlan": {
                "enabled": true,
                "schema": analysis::structured_data_schema(),
                "messages": [{ "role": "system", "content": format!(
                    "Extract the interview assessment as JSON following {{{{schema}}}}. Scores are 0-10. \
                     In `questions`, give every scripted question, in order, with its number; `asked` \
                     says whether the interviewer asked it; `answerExcerpt` quotes the candidate's \
                     answer word for word (at most 160 characters); `score` rates the answer from 1 \
                     (no or wrong answer) to 5 (excellent, with specific evidence); `justification` \
                     is one line that quotes the answer. Never score a question that was not asked. \
                     {focus}") }],
            },
            "successEvaluationPlan": {
                "enabled": true,
                "rubric": "PassFail",
                "messages": [{ "role": "system", "content": format!(
                    "Answer 'true' if the candidate meets the bar for the role, else 'false'. {focus}") }],
            },
        },
        "server": {
            "url": webhook.url,
            "timeoutSeconds": 20,
            // The 2026 shape of the legacy shared secret: a static header on every delivery.
            "headers": { "x-vapi-secret": webhook.secret },
        },
        "serverMessages": ["status-update", "end-of-call-report"],
        // Kept with the assistant so its detail page can show what it asks.
        "metadata": {
            "candidateName": form.candidate_name,
            "role": form.role,
            "experience": form.experience,
            "interviewTime": form.interview_time,
            "topics": form.topics,
            "questions": form.questions,
            "tools": form.tools,
        },
    })
}

/// Everything a call is created with besides its assistant.
#[derive(Debug, Clone)]
pub struct CallSetup {
    /// `assistantOverrides.variableValues`.
    pub variables: Map<String, Value>,
    /// `assistantOverrides.metadata`, sealed.
    pub metadata: Map<String, Value>,
    /// The assistant's scripted questions.
    pub questions: Vec<String>,
}

/// `POST /call` body (`CreateCallDTO`) for one scheduled outbound call.
pub fn call_body(
    assistant_id: &str,
    phone_number_id: &str,
    number: &str,
    earliest_at: &str,
    setup: &CallSetup,
) -> Value {
    let candidate_name = setup.variables["candidateName"]
        .as_str()
        .unwrap_or_default();
    json!({
        "assistantId": assistant_id,
        "phoneNumberId": phone_number_id,
        "name": truncate(&format!("Interview: {candidate_name}"), 40),
        "customer": { "number": number, "name": truncate(candidate_name, 40) },
        "schedulePlan": { "earliestAt": earliest_at },
        "assistantOverrides": overrides(setup),
    })
}

/// `POST /call/web` body (`CreateWebCallDTO`). The room survives a dropped connection, so the
/// candidate's page can rejoin the same call; the assistant's silence timeout ends an
/// abandoned one.
pub fn web_call_body(assistant_id: &str, setup: &CallSetup) -> Value {
    json!({
        "assistantId": assistant_id,
        "assistantOverrides": overrides(setup),
        "roomDeleteOnUserLeaveEnabled": false,
    })
}

/// The only overrides we ever send: the call's variables and its sealed metadata.
pub fn overrides(setup: &CallSetup) -> Value {
    json!({ "variableValues": setup.variables, "metadata": setup.metadata })
}

fn truncate(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// A call as the provider describes it. Every field but `id` is optional: the provider adds
/// fields constantly and older answers lack the newer ones.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Call {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub status: Option<String>,
    pub ended_reason: Option<String>,
    pub assistant_id: Option<String>,
    pub name: Option<String>,
    pub created_at: Option<String>,
    pub started_at: Option<String>,
    pub ended_at: Option<String>,
    /// Mid-2024 calls carried metadata at the top level.
    pub metadata: Option<Value>,
    pub assistant_overrides: Option<Value>,
    pub assistant: Option<Value>,
    pub customer: Option<Value>,
    pub schedule_plan: Option<Value>,
    pub artifact: Option<Value>,
    pub analysis: Option<Value>,
    /// Mid-2024 top-level copies of the artifact and analysis.
    pub transcript: Option<String>,
    pub recording_url: Option<String>,
    pub summary: Option<String>,
    pub web_call_url: Option<String>,
    pub transport: Option<Value>,
}

/// The answer of `POST /call`: a call, or a batch when `customers` was sent.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum CreateCallAnswer {
    // First: `results` tells a batch apart; a single call would match anything.
    Batch { results: Vec<Call> },
    Single(Box<Call>),
}

impl CreateCallAnswer {
    pub fn into_first(self) -> Option<Call> {
        match self {
            CreateCallAnswer::Batch { results } => results.into_iter().next(),
            CreateCallAnswer::Single(call) => Some(*call),
        }
    }
}

/// What the analysis of a call holds, read from either shape.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    pub ended_reason: Option<String>,
    pub started_at: Option<String>,
    pub ended_at: Option<String>,
    pub transcript: Option<String>,
    pub recording_url: Option<String>,
    pub summary: Option<String>,
    pub success_evaluation: Option<String>,
    pub structured_data: Option<Value>,
    /// The conversation (`artifact.messages`).
    pub messages: Option<Value>,
    /// What the provider says the call ran with, for the integrity check.
    pub origin: CallOrigin,
}

fn str_at(value: &Value, pointer: &str) -> Option<String> {
    value
        .pointer(pointer)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

impl Call {
    /// Per-call metadata: `metadata` (2024), then `assistantOverrides.metadata` (current),
    /// then the transient assistant's.
    pub fn metadata_value(&self, key: &str) -> Option<String> {
        [
            self.metadata.as_ref(),
            self.assistant_overrides.as_ref().map(|o| &o["metadata"]),
            self.assistant.as_ref().map(|a| &a["metadata"]),
        ]
        .into_iter()
        .flatten()
        .find_map(|m| m.get(key).and_then(Value::as_str).map(str::to_owned))
    }

    pub fn candidate_name(&self) -> Option<String> {
        self.metadata_value("candidateName")
            .or_else(|| self.customer.as_ref().and_then(|c| str_at(c, "/name")))
    }

    pub fn phone(&self) -> Option<String> {
        self.customer.as_ref().and_then(|c| str_at(c, "/number"))
    }

    pub fn earliest_at(&self) -> Option<String> {
        self.schedule_plan
            .as_ref()
            .and_then(|p| str_at(p, "/earliestAt"))
    }

    pub fn is_ended(&self) -> bool {
        self.status.as_deref() == Some("ended")
    }

    /// The report as far as the call has one.
    pub fn report(&self) -> Report {
        let artifact = self.artifact.clone().unwrap_or(Value::Null);
        let analysis = self.analysis.clone().unwrap_or(Value::Null);
        Report {
            ended_reason: self.ended_reason.clone(),
            started_at: self.started_at.clone(),
            ended_at: self.ended_at.clone(),
            transcript: str_at(&artifact, "/transcript").or_else(|| self.transcript.clone()),
            recording_url: recording_url(&artifact).or_else(|| self.recording_url.clone()),
            summary: str_at(&analysis, "/summary").or_else(|| self.summary.clone()),
            success_evaluation: analysis::success_evaluation(&analysis["successEvaluation"]),
            structured_data: analysis
                .get("structuredData")
                .filter(|v| v.is_object())
                .cloned(),
            messages: artifact.get("messages").filter(|m| m.is_array()).cloned(),
            origin: self.origin(),
        }
    }

    /// The assistant and overrides the call ran with, as the provider records them.
    pub fn origin(&self) -> CallOrigin {
        CallOrigin {
            assistant_id: self.assistant_id.clone(),
            overrides: self.assistant_overrides.clone(),
            transient_assistant: self
                .assistant
                .as_ref()
                .and_then(Value::as_object)
                .is_some_and(|a| !a.is_empty()),
            system_messages: 0,
        }
    }
}

fn recording_url(artifact: &Value) -> Option<String> {
    str_at(artifact, "/recordingUrl").or_else(|| str_at(artifact, "/recording/mono/combinedUrl"))
}

/// Reads an `end-of-call-report` message: its own fields first, the embedded call's after,
/// and the legacy top-level copies (`recordingUrl`, `transcript`, `summary`) last.
pub fn report_from_message(message: &Value, call: &Call) -> Report {
    let from_call = call.report();
    let artifact = &message["artifact"];
    let analysis = &message["analysis"];
    Report {
        ended_reason: str_at(message, "/endedReason").or(from_call.ended_reason),
        started_at: str_at(message, "/startedAt").or(from_call.started_at),
        ended_at: str_at(message, "/endedAt").or(from_call.ended_at),
        transcript: str_at(artifact, "/transcript")
            .or_else(|| str_at(message, "/transcript"))
            .or(from_call.transcript),
        recording_url: recording_url(artifact)
            .or_else(|| str_at(message, "/recordingUrl"))
            .or(from_call.recording_url),
        summary: str_at(analysis, "/summary")
            .or_else(|| str_at(message, "/summary"))
            .or(from_call.summary),
        success_evaluation: analysis::success_evaluation(&analysis["successEvaluation"])
            .or(from_call.success_evaluation),
        structured_data: analysis
            .get("structuredData")
            .filter(|v| v.is_object())
            .cloned()
            .or(from_call.structured_data),
        messages: artifact
            .get("messages")
            .or_else(|| message.get("messages"))
            .filter(|m| m.is_array())
            .cloned()
            .or(from_call.messages),
        origin: from_call.origin,
    }
}

/// What an assistant's analysis plan asks for, read from the flat (2024) or nested shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlanSummary {
    pub summary: bool,
    pub structured_data: bool,
    pub success_evaluation: bool,
}

pub fn analysis_plan(assistant: &Value) -> PlanSummary {
    let plan = &assistant["analysisPlan"];
    if !plan.is_object() {
        return PlanSummary {
            summary: true,
            structured_data: false,
            success_evaluation: true,
        };
    }
    let flat_on = |key: &str| match plan.get(key).and_then(Value::as_str) {
        Some(p) => !(p.is_empty() || p.eq_ignore_ascii_case("off")),
        None => true,
    };
    let nested = |key: &str, default: bool| {
        plan.get(key)
            .map(|p| p.get("enabled").and_then(Value::as_bool).unwrap_or(default))
    };
    PlanSummary {
        summary: nested("summaryPlan", true).unwrap_or_else(|| flat_on("summaryPrompt")),
        structured_data: nested("structuredDataPlan", false).unwrap_or_else(|| {
            plan.get("structuredDataPrompt").is_some() || plan.get("structuredDataSchema").is_some()
        }),
        success_evaluation: nested("successEvaluationPlan", true)
            .unwrap_or_else(|| flat_on("successEvaluationPrompt")),
    }
}

/// The provider's assistant as the browser may see it (SPEC section 3): never the webhook
/// secret, the server block or credentials.
pub fn public_assistant(assistant: &Value) -> Value {
    let model = &assistant["model"];
    let plan = analysis_plan(assistant);
    json!({
        "id": assistant["id"],
        "name": assistant["name"],
        "createdAt": assistant["createdAt"],
        "updatedAt": assistant["updatedAt"],
        "model": {
            "provider": model["provider"],
            "model": model["model"],
            "temperature": model["temperature"],
            "messages": model["messages"],
        },
        "voice": {
            "provider": assistant["voice"]["provider"],
            "voiceId": assistant["voice"]["voiceId"],
        },
        "firstMessage": assistant["firstMessage"],
        "maxDurationSeconds": assistant["maxDurationSeconds"],
        "silenceTimeoutSeconds": assistant["silenceTimeoutSeconds"],
        "metadata": assistant["metadata"],
        "analysisPlan": {
            "summary": plan.summary,
            "structuredData": plan.structured_data,
            "successEvaluation": plan.success_evaluation,
        },
    })
}
