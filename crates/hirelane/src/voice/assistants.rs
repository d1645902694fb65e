//! The AI interviewers (the provider's assistants): list, show, create from the recruiter's
//! form, delete. The provider keeps them; we show them without secrets.

use axum::extract::{Path as UrlPath, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::provider_errors::provider_error;
use super::view::AssistantView;
use super::{rules, vapi};
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, Result};
use crate::http::Json;
use crate::state::AppState;

/// Every assistant, newest first.
#[utoipa::path(
    get, path = "/Voice/assistants", tag = "voice", security(("bearer" = [])),
    responses(
        (status = 200, body = [AssistantView], description = "Every assistant, newest first"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 502, body = ErrorBody, description = "The voice provider failed or cannot be reached (`provider_unavailable`)"),
    )
)]
pub async fn list_assistants(
    _: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Vec<AssistantView>>> {
    let all = crate::voice::client::of(&state)?
        .provider
        .list_assistants()
        .await
        .map_err(|e| provider_error(e, "Failed to load assistants.", "Assistant not found"))?;
    all.iter()
        .map(AssistantView::of)
        .collect::<Result<_>>()
        .map(Json)
}

/// One assistant.
#[utoipa::path(
    get, path = "/Voice/assistants/{id}", tag = "voice", security(("bearer" = [])),
    params(("id" = String, Path, description = "The provider's assistant id")),
    responses(
        (status = 200, body = AssistantView, description = "The assistant"),
        (status = 404, body = ErrorBody, description = "The provider has no such assistant"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 502, body = ErrorBody, description = "The voice provider failed or cannot be reached (`provider_unavailable`)"),
    )
)]
pub async fn get_assistant(
    _: Recruiter,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<AssistantView>> {
    let assistant = crate::voice::client::of(&state)?
        .provider
        .get_assistant(&id)
        .await
        .map_err(|e| provider_error(e, "Failed to load the assistant.", "Assistant not found"))?;
    AssistantView::of(&assistant).map(Json)
}

/// The Create Interview Assistant form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateAssistantBody {
    /// At most 40 characters once trimmed.
    #[serde(default)]
    #[schema(required = true, pattern = r"\S", max_length = 40)]
    assistant_name: String,
    #[serde(default)]
    #[schema(required = true, pattern = r"\S")]
    candidate_name: String,
    #[serde(default)]
    #[schema(required = true, pattern = r"\S")]
    role: String,
    #[serde(default)]
    #[schema(required = true, pattern = r"\S")]
    experience: String,
    /// Interview length, e.g. "30" or "30 minutes".
    #[serde(default)]
    #[schema(required = true, pattern = r"\S")]
    interview_time: String,
    /// At most 4 non-blank topics (blank entries are ignored).
    #[serde(default)]
    topics: Vec<String>,
    /// At most 10 non-blank questions (blank entries are ignored).
    #[serde(default)]
    questions: Vec<String>,
    /// At most 4 non-blank tools (blank entries are ignored).
    #[serde(default)]
    tools: Vec<String>,
}

/// The provider's id of what was created.
#[derive(Debug, Serialize, ToSchema)]
pub struct IdAnswer {
    pub id: String,
}

/// Creates an interviewer: the topics, questions and tools go into its system prompt and its
/// analysis plan; the fixed values (SPEC section 9) come from the configuration.
#[utoipa::path(
    post, path = "/Voice/assistants", tag = "voice", security(("bearer" = [])),
    request_body = CreateAssistantBody,
    responses(
        (status = 200, body = IdAnswer, description = "The new assistant's id"),
        (status = 400, body = ErrorBody, description = "A field breaks a rule of the form (`validation`), or the provider refused the assistant (`provider_rejected`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 502, body = ErrorBody, description = "The voice provider failed or cannot be reached (`provider_unavailable`)"),
    )
)]
pub async fn create_assistant(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<CreateAssistantBody>,
) -> Result<Json<IdAnswer>> {
    let form = rules::validate_assistant(&rules::AssistantInput {
        assistant_name: body.assistant_name,
        candidate_name: body.candidate_name,
        role: body.role,
        experience: body.experience,
        interview_time: body.interview_time,
        topics: body.topics,
        questions: body.questions,
        tools: body.tools,
    })?;
    let request = vapi::assistant_body(
        &form,
        &state.settings.voice,
        &crate::voice::client::of(&state)?.webhook(),
    );
    let created = crate::voice::client::of(&state)?
        .provider
        .create_assistant(&request)
        .await
        .map_err(|e| provider_error(e, "Failed to create assistant.", "Assistant not found"))?;
    let id = created["id"]
        .as_str()
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("the provider answered no assistant id")))?
        .to_owned();
    tracing::info!(assistant_id = %id, recruiter_id = recruiter.id, "assistant created");
    Ok(Json(IdAnswer { id }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Done {
    success: bool,
    message: String,
}

/// Deletes an assistant at the provider.
#[utoipa::path(
    delete, path = "/Voice/assistants/{id}", tag = "voice", security(("bearer" = [])),
    params(("id" = String, Path, description = "The provider's assistant id")),
    responses(
        (status = 200, body = Done, description = "Deleted"),
        (status = 404, body = ErrorBody, description = "The provider has no such assistant"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 502, body = ErrorBody, description = "The voice provider failed or cannot be reached (`provider_unavailable`)"),
    )
)]
pub async fn delete_assistant(
    recruiter: Recruiter,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<Done>> {
    crate::voice::client::of(&state)?
        .provider
        .delete_assistant(&id)
        .await
        .map_err(|e| provider_error(e, "Failed to delete assistant", "Assistant not found"))?;
    tracing::info!(assistant_id = %id, recruiter_id = recruiter.id, "assistant deleted");
    Ok(Json(Done {
        success: true,
        message: "Assistant deleted successfully".into(),
    }))
}
