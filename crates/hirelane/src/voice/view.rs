//! The API's views of the provider's objects (SPEC section 3): an assistant without secrets,
//! and a call built from what we stored and what the provider knows.

use hirelane_core::clock::{from_millis, to_iso};
use hirelane_core::keys::Keys;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};
use utoipa::ToSchema;

use super::client::recording_link;
use super::conclusions::analysis::{self, InterviewStatus};
use super::conclusions::reports;
use super::repo::CallRow;
use super::vapi::{self, Call};
use crate::error::{Error, Result};

/// An assistant as the provider describes it, without secrets.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssistantView {
    pub id: String,
    pub name: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub model: AssistantModel,
    pub voice: AssistantVoice,
    pub first_message: Option<String>,
    #[schema(value_type = Option<f64>)]
    pub max_duration_seconds: Option<Number>,
    #[schema(value_type = Option<f64>)]
    pub silence_timeout_seconds: Option<Number>,
    /// The form the assistant was created from; null for an assistant made elsewhere.
    #[serde(deserialize_with = "ours_or_none")]
    pub metadata: Option<AssistantMetadata>,
    pub analysis_plan: AnalysisPlanView,
}

/// The Create Interview Assistant form, as stored with the assistant at the provider.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssistantMetadata {
    pub candidate_name: Option<String>,
    pub role: Option<String>,
    pub experience: Option<String>,
    pub interview_time: Option<String>,
    pub topics: Option<Vec<String>>,
    pub questions: Option<Vec<String>>,
    pub tools: Option<Vec<String>>,
}

/// Metadata in our form's shape, or none: an assistant made in the provider's dashboard may
/// carry anything there, and must not break the list.
fn ours_or_none<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> std::result::Result<Option<AssistantMetadata>, D::Error> {
    let value = Value::deserialize(deserializer)?;
    Ok(serde_json::from_value(value).ok())
}

/// The language model behind an assistant and its system prompt.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AssistantModel {
    pub provider: Option<String>,
    pub model: Option<String>,
    #[schema(value_type = Option<f64>)]
    pub temperature: Option<Number>,
    pub messages: Option<Vec<AssistantMessage>>,
}

/// One message of the model's prompt.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AssistantMessage {
    pub role: Option<String>,
    pub content: Option<String>,
}

/// The synthesised voice an assistant speaks with.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssistantVoice {
    pub provider: Option<String>,
    pub voice_id: Option<String>,
}

/// Which analyses the provider runs after a call.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisPlanView {
    pub summary: bool,
    pub structured_data: bool,
    pub success_evaluation: bool,
}

impl AssistantView {
    /// The public parts of the provider's assistant.
    pub fn of(assistant: &Value) -> Result<AssistantView> {
        serde_json::from_value(vapi::public_assistant(assistant)).map_err(|e| {
            Error::Internal(anyhow::anyhow!(
                "the provider's assistant has an unexpected shape: {e}"
            ))
        })
    }
}

/// A call in the provider's shape. `artifact.recordingUrl` is our signed proxy link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallView {
    pub id: String,
    /// `outboundPhoneCall` or `webCall`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub assistant_id: Option<String>,
    pub name: Option<String>,
    /// The provider's call status (`scheduled`, `queued`, `in-progress`, `ended`, …).
    pub status: Option<String>,
    pub ended_reason: Option<String>,
    pub created_at: Option<String>,
    pub started_at: Option<String>,
    pub ended_at: Option<String>,
    pub scheduled_at: Option<String>,
    pub customer: CallCustomer,
    pub metadata: CallViewMetadata,
    pub artifact: CallArtifact,
    pub analysis: CallAnalysis,
    /// Set once the call's report is in.
    pub interview_status: Option<InterviewStatus>,
    pub scores: CallScores,
}

/// Whom an outbound call rings.
#[derive(Debug, Serialize, ToSchema)]
pub struct CallCustomer {
    pub number: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallViewMetadata {
    pub candidate_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallArtifact {
    pub transcript: Option<String>,
    pub recording_url: Option<String>,
}

/// The provider's analysis; each part null until it exists.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallAnalysis {
    pub summary: Option<String>,
    pub success_evaluation: Option<String>,
    /// The answers to the assistant's structured-data plan.
    pub structured_data: Option<serde_json::Map<String, Value>>,
}

/// The four scores on our 0-100 scale.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallScores {
    pub technical_score: Option<i64>,
    pub communication_score: Option<i64>,
    pub problem_solving_score: Option<i64>,
    pub cultural_fit_score: Option<i64>,
}

/// An instant stored as Unix milliseconds, as the API writes it.
fn ms_iso(ms: Option<i64>) -> Option<String> {
    ms.map(|m| to_iso(from_millis(m)))
}

/// Builds the API's view of a call from the stored row (authoritative once the report is in)
/// and the provider's call.
pub fn call_view(
    keys: &Keys,
    row: Option<&CallRow>,
    call: Option<&Call>,
    now: Timestamp,
) -> CallView {
    let remote_report = call.filter(|c| c.is_ended()).map(Call::report);
    let reported = row.is_some_and(|r| r.report_received_at.is_some());
    let id = row
        .map(|r| r.id.clone())
        .or_else(|| call.map(|c| c.id.clone()))
        .unwrap_or_default();
    let (summary, success, structured, transcript, has_recording) = match (row, &remote_report) {
        (Some(r), _) if reported => (
            r.summary.clone(),
            r.success_evaluation.clone(),
            r.structured_data
                .as_deref()
                .and_then(|s| serde_json::from_str::<Value>(s).ok()),
            r.transcript.clone(),
            r.recording_url.is_some(),
        ),
        (_, Some(rep)) => (
            rep.summary.clone(),
            rep.success_evaluation.clone(),
            rep.structured_data.clone(),
            rep.transcript.clone(),
            rep.recording_url.is_some(),
        ),
        _ => (None, None, None, None, false),
    };
    let (scores, interview_status) = match (row, &remote_report) {
        (Some(r), _) if reported => (
            r.scores(),
            r.interview_status
                .as_deref()
                .and_then(InterviewStatus::parse),
        ),
        (_, Some(report)) => {
            let assessment = reports::assess_unstored(keys, report, now);
            (assessment.scores, Some(assessment.verdict.status))
        }
        _ => (analysis::Scores::default(), None),
    };
    let stored_or_remote = |stored: Option<i64>, remote: Option<&String>| {
        if stored.is_some() {
            ms_iso(stored)
        } else {
            remote.cloned()
        }
    };
    let started_at = stored_or_remote(
        row.and_then(|r| r.started_at),
        remote_report.as_ref().and_then(|r| r.started_at.as_ref()),
    );
    let ended_at = stored_or_remote(
        row.and_then(|r| r.ended_at),
        remote_report.as_ref().and_then(|r| r.ended_at.as_ref()),
    );
    let created_at = match (row, call.and_then(|c| c.created_at.as_ref())) {
        (_, Some(remote)) => Some(remote.clone()),
        (Some(r), None) => ms_iso(Some(r.created_at)),
        (None, None) => None,
    };
    CallView {
        kind: call
            .and_then(|c| c.kind.clone())
            .or_else(|| row.map(|r| r.kind.clone())),
        assistant_id: row
            .and_then(|r| r.assistant_id.clone())
            .or_else(|| call.and_then(|c| c.assistant_id.clone())),
        name: call.and_then(|c| c.name.clone()),
        status: call
            .and_then(|c| c.status.clone())
            .or_else(|| row.map(|r| r.status.clone())),
        ended_reason: row
            .and_then(|r| r.ended_reason.clone())
            .or_else(|| call.and_then(|c| c.ended_reason.clone())),
        created_at,
        started_at,
        ended_at,
        scheduled_at: ms_iso(row.and_then(|r| r.scheduled_at))
            .or_else(|| call.and_then(Call::earliest_at)),
        customer: CallCustomer {
            number: row
                .and_then(|r| r.phone.clone())
                .or_else(|| call.and_then(Call::phone)),
        },
        metadata: CallViewMetadata {
            candidate_name: row
                .map(|r| r.candidate_name.clone())
                .filter(|n| !n.is_empty())
                .or_else(|| call.and_then(Call::candidate_name)),
        },
        artifact: CallArtifact {
            transcript,
            recording_url: has_recording.then(|| recording_link(keys, &id, now)),
        },
        analysis: CallAnalysis {
            summary,
            success_evaluation: success,
            structured_data: structured.and_then(|s| match s {
                Value::Object(map) => Some(map),
                _ => None,
            }),
        },
        interview_status,
        scores: CallScores {
            technical_score: scores.technical,
            communication_score: scores.communication,
            problem_solving_score: scores.problem_solving,
            cultural_fit_score: scores.cultural_fit,
        },
        id,
    }
}
