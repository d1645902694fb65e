//! Self-identification from the candidate's own page: the deployment's questions with the
//! candidate's answers, changing them and deleting them. Only the candidate reaches these
//! answers; recruiters see them nowhere (the bias audit counts them, never shows one).

use axum::extract::{Path, State};
use serde::Serialize;
use utoipa::ToSchema;

use super::portal::candidate_of;
use crate::error::{ErrorBody, Result};
use crate::fairness::self_id::{self, Answers, Question};
use crate::http::Json;
use crate::state::AppState;

/// The questions and the candidate's answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct MySelfIdentification {
    /// Whether this employer asks (it is off in some deployments: then `questions` is empty).
    enabled: bool,
    /// Why it is asked and how it is used, for the page to show above the questions.
    explanation: &'static str,
    questions: Vec<Question>,
    answers: Answers,
}

/// Shown with the questions wherever they are asked.
pub const EXPLANATION: &str = "Answering is voluntary and never affects your application. \
    Your answers are kept apart from your application: no recruiter sees them and no automated \
    score reads them. They are used only, added up with everyone else's, to check that our \
    hiring tools treat every group fairly. You can change or delete them here at any time.";

async fn page(state: &AppState, candidate_id: i64) -> Result<MySelfIdentification> {
    let set = self_id::category_set(state.settings.fairness.self_identification);
    Ok(MySelfIdentification {
        enabled: set.is_some(),
        explanation: EXPLANATION,
        questions: set.map(self_id::questions).unwrap_or_default(),
        answers: match set {
            Some(set) => self_id::of_candidate(&state.db, candidate_id, set).await?,
            None => Answers::default(),
        },
    })
}

/// The self-identification questions and the candidate's answers.
#[utoipa::path(
    get, path = "/Application/{token}/SelfIdentification", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    responses(
        (status = 200, body = MySelfIdentification, description = "The questions and the answers given"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
    )
)]
pub(super) async fn my_self_identification(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<MySelfIdentification>> {
    let candidate = candidate_of(&state, &token).await?;
    page(&state, candidate.id).await.map(Json)
}

/// Gives or changes the answers (each optional; blank questions stay unanswered).
#[utoipa::path(
    put, path = "/Application/{token}/SelfIdentification", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    request_body = Answers,
    responses(
        (status = 200, body = MySelfIdentification, description = "The answers, saved"),
        (status = 400, body = ErrorBody, description = "An answer that is not one of the listed ones, or self-identification is off (`validation`)"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
    )
)]
pub(super) async fn put_self_identification(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Json(answers): Json<Answers>,
) -> Result<Json<MySelfIdentification>> {
    let candidate = candidate_of(&state, &token).await?;
    let set = self_id::category_set(state.settings.fairness.self_identification);
    answers.check(set)?;
    if let Some(set) = set {
        self_id::save(&state.db, candidate.id, set, &answers, state.clock.now()).await?;
    }
    page(&state, candidate.id).await.map(Json)
}

/// Deletes the answers.
#[utoipa::path(
    delete, path = "/Application/{token}/SelfIdentification", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    responses(
        (status = 200, body = MySelfIdentification, description = "No answers are kept"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
    )
)]
pub(super) async fn delete_self_identification(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<MySelfIdentification>> {
    let candidate = candidate_of(&state, &token).await?;
    self_id::delete(&state.db, candidate.id).await?;
    page(&state, candidate.id).await.map(Json)
}
