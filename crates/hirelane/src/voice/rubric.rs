//! What a strong answer to each of an assistant's questions covers (its key points) and which
//! competency the question measures, set by a recruiter on the assistant's page. The grader
//! (`conclusions/grading`) reads them when an interview with that assistant ends.
//!
//! They are kept by the question's text, not its position: reordering an assistant's questions,
//! or a second assistant asking the same question, keeps what was written for it.

use std::collections::HashMap;

use axum::extract::{Path as UrlPath, State};
use hirelane_core::clock::to_millis;
use hirelane_core::keys::token_digest;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::provider_errors::provider_error;
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::jobs::ids::JdId;
use crate::jobs::lookup::active_job_id;
use crate::jobs::repo::{self as jobs, JobKey};
use crate::jobs::rules::key_skills;
use crate::state::AppState;
use crate::store::Db;
use crate::{fetch_as, with_tx};

/// At most this many suggestions per question.
const MAX_SUGGESTIONS: usize = 8;

/// What a question measures; the interview's Technical and Problem solving bars are the mean
/// grade of the questions of each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Competency {
    #[default]
    Technical,
    ProblemSolving,
}

impl Competency {
    fn as_str(self) -> &'static str {
        match self {
            Competency::Technical => "technical",
            Competency::ProblemSolving => "problemSolving",
        }
    }

    /// A stored value; anything else is a damaged row, reported rather than guessed.
    fn parse(stored: &str) -> Result<Competency> {
        match stored {
            "technical" => Ok(Competency::Technical),
            "problemSolving" => Ok(Competency::ProblemSolving),
            other => Err(Error::Internal(anyhow::anyhow!(
                "question_rubrics holds an unknown competency {other:?}"
            ))),
        }
    }
}

/// What a strong answer to one question covers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuestionRubric {
    pub key_points: Vec<String>,
    pub competency: Competency,
}

/// The key under which a question's rubric is kept: its words, lowercased, hashed.
pub fn question_key(question: &str) -> String {
    let words: Vec<String> = question
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    token_digest(&words.join(" "))
}

/// Every rubric kept for an assistant, by [`question_key`].
pub async fn of_assistant(db: &Db, assistant_id: &str) -> Result<HashMap<String, QuestionRubric>> {
    let rows: Vec<(String, String, String)> = fetch_as!(
        db,
        fetch_all,
        "SELECT question_key, key_points, competency FROM question_rubrics
         WHERE assistant_id = $1",
        (assistant_id)
    )?;
    rows.into_iter()
        .map(|(key, points, competency)| {
            let key_points =
                serde_json::from_str(&points).map_err(|e| Error::Internal(e.into()))?;
            Ok((
                key,
                QuestionRubric {
                    key_points,
                    competency: Competency::parse(&competency)?,
                },
            ))
        })
        .collect()
}

/// Keeps the rubrics of the given questions, replacing what was kept for them.
async fn save(
    db: &Db,
    assistant_id: &str,
    rubrics: &[(&str, QuestionRubric)],
    recruiter_id: i64,
    now: Timestamp,
) -> Result<()> {
    let mut tx = db.begin_write().await?;
    for (question, rubric) in rubrics {
        let points =
            serde_json::to_string(&rubric.key_points).map_err(|e| Error::Internal(e.into()))?;
        with_tx!(&mut tx, |conn| {
            sqlx::query(
                "INSERT INTO question_rubrics
                   (assistant_id, question_key, question, key_points, competency, updated_by, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (assistant_id, question_key) DO UPDATE SET
                   question = excluded.question, key_points = excluded.key_points,
                   competency = excluded.competency, updated_by = excluded.updated_by,
                   updated_at = excluded.updated_at",
            )
            .bind(assistant_id)
            .bind(question_key(question))
            .bind(*question)
            .bind(&points)
            .bind(rubric.competency.as_str())
            .bind(recruiter_id)
            .bind(to_millis(now))
            .execute(&mut **conn)
            .await
            .map(|done| done.rows_affected())
        })?;
    }
    tx.commit().await?;
    Ok(())
}

/// One question of the assistant and what a strong answer to it covers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RubricQuestion {
    /// 1-based, in the assistant's order.
    number: usize,
    question: String,
    key_points: Vec<String>,
    competency: Competency,
    /// The JD's key skills that fit this question (those it names, else all of them, at most
    /// eight), for the recruiter to pick from; empty without `jdId`.
    suggestions: Vec<String>,
}

/// An assistant's questions with their key points.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssistantRubric {
    assistant_id: String,
    /// At most this many key points per question.
    max_key_points: usize,
    /// At most this many characters per key point.
    max_key_point_chars: usize,
    questions: Vec<RubricQuestion>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RubricParams {
    /// A JD (integer id or folder id) whose key skills are offered as key points.
    #[serde(default)]
    #[param(inline)]
    jd_id: Option<JdId>,
}

/// An assistant's questions, what a strong answer to each covers, and suggestions from a JD.
#[utoipa::path(
    get, path = "/Voice/assistants/{id}/rubric", tag = "voice", security(("bearer" = [])),
    params(("id" = String, Path, description = "The provider's assistant id"), RubricParams),
    responses(
        (status = 200, body = AssistantRubric, description = "The assistant's questions and their key points"),
        (status = 400, body = ErrorBody, description = "`jdId` cannot name a JD (`invalid_id`)"),
        (status = 404, body = ErrorBody, description = "The provider has no such assistant, or `jdId` names no JD in use (`invalid_id`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 502, body = ErrorBody, description = "The voice provider failed or cannot be reached (`provider_unavailable`)"),
    )
)]
pub async fn get_rubric(
    _: Recruiter,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
    Query(params): Query<RubricParams>,
) -> Result<Json<AssistantRubric>> {
    let skills = match params.jd_id {
        Some(jd) => jd_skills(&state, &jd.0).await?,
        None => Vec::new(),
    };
    let questions = questions_of(&state, &id).await?;
    rubric_of(&state, &id, questions, &skills).await.map(Json)
}

/// What a strong answer to one question covers, as the recruiter set it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RubricQuestionBody {
    /// Which of the assistant's questions (1-based).
    #[schema(minimum = 1)]
    number: usize,
    /// At most 20 non-blank points of at most 400 characters each (blank entries are ignored).
    #[serde(default)]
    key_points: Vec<String>,
    #[serde(default)]
    competency: Competency,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RubricBody {
    #[serde(default)]
    questions: Vec<RubricQuestionBody>,
}

/// Sets what a strong answer covers for some of an assistant's questions. Interviews already
/// graded keep the grade they got; the next ones are graded against these points.
#[utoipa::path(
    put, path = "/Voice/assistants/{id}/rubric", tag = "voice", security(("bearer" = [])),
    params(("id" = String, Path, description = "The provider's assistant id")),
    request_body = RubricBody,
    responses(
        (status = 200, body = AssistantRubric, description = "The assistant's questions and their key points, as stored"),
        (status = 400, body = ErrorBody, description = "Too many or too long key points, or a number that is not one of the assistant's questions (`validation`)"),
        (status = 404, body = ErrorBody, description = "The provider has no such assistant"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 502, body = ErrorBody, description = "The voice provider failed or cannot be reached (`provider_unavailable`)"),
    )
)]
pub async fn put_rubric(
    recruiter: Recruiter,
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
    Json(body): Json<RubricBody>,
) -> Result<Json<AssistantRubric>> {
    let questions = questions_of(&state, &id).await?;
    let rubrics = body
        .questions
        .into_iter()
        .map(|q| {
            let question = q
                .number
                .checked_sub(1)
                .and_then(|i| questions.get(i))
                .ok_or_else(|| invalid(format!("The assistant has no question {}.", q.number)))?;
            Ok((question.as_str(), valid_points(q.key_points, q.competency)?))
        })
        .collect::<Result<Vec<_>>>()?;
    save(&state.db, &id, &rubrics, recruiter.id, state.clock.now()).await?;
    tracing::info!(assistant_id = %id, recruiter_id = recruiter.id, questions = rubrics.len(), "key points saved");
    rubric_of(&state, &id, questions, &[]).await.map(Json)
}

/// The trimmed, non-blank points, within the grader's caps.
fn valid_points(points: Vec<String>, competency: Competency) -> Result<QuestionRubric> {
    let key_points: Vec<String> = points
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect();
    if key_points.len() > assess::MAX_KEY_POINTS {
        return Err(invalid(format!(
            "A question can have at most {} key points.",
            assess::MAX_KEY_POINTS
        )));
    }
    if key_points
        .iter()
        .any(|p| p.chars().count() > assess::MAX_KEY_POINT_CHARS)
    {
        return Err(invalid(format!(
            "A key point can be at most {} characters.",
            assess::MAX_KEY_POINT_CHARS
        )));
    }
    Ok(QuestionRubric {
        key_points,
        competency,
    })
}

fn invalid(message: String) -> Error {
    Error::bad_request(ErrorCode::Validation, message)
}

/// The assistant's scripted questions, as its creation form stored them with the provider.
async fn questions_of(state: &AppState, id: &str) -> Result<Vec<String>> {
    let assistant = crate::voice::client::of(state)?
        .provider
        .get_assistant(id)
        .await
        .map_err(|e| provider_error(e, "Failed to load the assistant.", "Assistant not found"))?;
    // The form's questions as the provider keeps them (`metadata.questions`); an assistant made
    // elsewhere has none.
    Ok(assistant["metadata"]["questions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|q| q.as_str())
        .map(str::trim)
        .filter(|q| !q.is_empty())
        .map(str::to_owned)
        .collect())
}

/// The assistant's `questions` with what is kept for them.
async fn rubric_of(
    state: &AppState,
    id: &str,
    questions: Vec<String>,
    skills: &[String],
) -> Result<AssistantRubric> {
    let kept = of_assistant(&state.db, id).await?;
    Ok(AssistantRubric {
        assistant_id: id.to_owned(),
        max_key_points: assess::MAX_KEY_POINTS,
        max_key_point_chars: assess::MAX_KEY_POINT_CHARS,
        questions: questions
            .into_iter()
            .enumerate()
            .map(|(i, question)| {
                let rubric = kept
                    .get(&question_key(&question))
                    .cloned()
                    .unwrap_or_default();
                RubricQuestion {
                    number: i + 1,
                    suggestions: suggestions(&question, skills),
                    question,
                    key_points: rubric.key_points,
                    competency: rubric.competency,
                }
            })
            .collect(),
    })
}

/// A JD's key skills, for suggestions: a JD id that cannot name a JD is a bad request, one that
/// names no JD in use is not found.
async fn jd_skills(state: &AppState, raw: &str) -> Result<Vec<String>> {
    let id = active_job_id(state, raw).await?;
    let job = jobs::find(&state.db, &JobKey::Id(id))
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::InvalidId, "Invalid JD ID"))?;
    Ok(key_skills(&job.key_skills)
        .into_iter()
        .map(str::to_owned)
        .collect())
}

/// The skills the question names (by word stem), else every skill: the recruiter picks.
fn suggestions(question: &str, skills: &[String]) -> Vec<String> {
    let asked: Vec<String> = assess::text::words(question)
        .into_iter()
        .filter(|w| w.is_content())
        .map(|w| w.stem)
        .collect();
    let named: Vec<String> = skills
        .iter()
        .filter(|skill| {
            assess::text::words(skill)
                .iter()
                .filter(|w| w.is_content())
                .any(|w| asked.contains(&w.stem))
        })
        .cloned()
        .collect();
    let chosen = if named.is_empty() {
        skills.to_vec()
    } else {
        named
    };
    chosen.into_iter().take(MAX_SUGGESTIONS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_keeps_its_key_whatever_its_case_and_punctuation() {
        assert_eq!(
            question_key("How would you design a cache?"),
            question_key("  how would YOU design a cache ")
        );
        assert_ne!(
            question_key("Design a cache"),
            question_key("Design a queue")
        );
    }

    #[test]
    fn suggestions_are_the_skills_a_question_names_else_all() {
        let skills: Vec<String> = ["PostgreSQL", "Kubernetes", "Rust"]
            .map(str::to_owned)
            .to_vec();
        assert_eq!(
            suggestions("How do you deploy services on Kubernetes?", &skills),
            ["Kubernetes"]
        );
        assert_eq!(suggestions("Tell me about a hard bug.", &skills), skills);
        assert!(suggestions("Anything", &[]).is_empty());
    }

    #[test]
    fn key_points_are_trimmed_and_capped() {
        let rubric = valid_points(
            vec![" a point ".into(), "   ".into()],
            Competency::ProblemSolving,
        )
        .expect("valid");
        assert_eq!(rubric.key_points, ["a point"]);
        let too_many = vec!["p".to_owned(); assess::MAX_KEY_POINTS + 1];
        assert!(valid_points(too_many, Competency::Technical).is_err());
        let too_long = vec!["x".repeat(assess::MAX_KEY_POINT_CHARS + 1)];
        assert!(valid_points(too_long, Competency::Technical).is_err());
    }
}
