//! The board of a JD: its candidates by stage, with counts, the first cards of every column
//! and more on request.

use std::collections::HashMap;

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::stages::{self, ALL, Stage};
use crate::auth::Recruiter;
use crate::candidates::repo::CandidateRow;
use crate::candidates::status::{AnalysisStatus, Recommendation, Source};
use crate::error::{ErrorBody, Result};
use crate::fetch_as;
use crate::http::{Json, Query, within};
use crate::interviews::rules::InviteState;
use crate::jobs::ids::JdId;
use crate::jobs::lookup::active_job;
use crate::state::AppState;
use crate::voice::conclusions::analysis::InterviewStatus;

/// Cards per column unless `limit` asks otherwise (1-200).
const CARDS: i64 = 50;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct BoardParams {
    /// The JD (integer id or folder id).
    #[serde(default)]
    #[param(required = true, inline)]
    jd_id: JdId,
    /// Only this column (for "show more").
    #[serde(default)]
    stage: Option<Stage>,
    /// Cards to skip in each column (for "show more").
    #[serde(default)]
    #[param(minimum = 0, maximum = 1000000)]
    offset: Option<i64>,
    /// Cards per column (default 50).
    #[serde(default)]
    #[param(minimum = 1, maximum = 200)]
    limit: Option<i64>,
}

/// A candidate's card.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct BoardCard {
    #[sqlx(rename = "id")]
    pub resume_id: i64,
    pub candidate_name: String,
    pub candidate_email: String,
    pub ats_score: Option<i64>,
    /// How the candidate entered the JD (uploaded, CSV list, applied).
    #[sqlx(try_from = "String")]
    pub source: Source,
    #[sqlx(skip)]
    pub recommendation: Option<Recommendation>,
    #[sqlx(skip)]
    pub interview_status: Option<InterviewStatus>,
    #[sqlx(try_from = "String")]
    pub stage: Stage,
    /// Where the system's steps put the candidate (their analysis and invite): the stage a
    /// person may send them back to from Shortlisted, Offer, Rejected or Withdrawn.
    #[sqlx(skip)]
    pub system_stage: Stage,
    /// Why the candidacy ended (Rejected, Withdrawn).
    pub stage_reason: Option<String>,
    #[sqlx(skip)]
    pub stage_changed_at: Option<String>,
    /// The call whose analysis the candidate page shows.
    pub call_id: Option<String>,
}

/// One stage's column.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardColumn {
    pub stage: Stage,
    /// "Shortlisted", as the board's heading shows it.
    pub label: String,
    /// Every candidate in the stage (the cards may be fewer).
    pub count: i64,
    /// Newest first, from `offset`.
    pub cards: Vec<BoardCard>,
}

/// A JD's board.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Board {
    pub job_desc_id: i64,
    pub jdid: String,
    pub jdname: String,
    pub total: i64,
    /// Every stage in order (or the one asked for).
    pub columns: Vec<BoardColumn>,
}

#[derive(sqlx::FromRow)]
struct CardRow {
    #[sqlx(flatten)]
    card: BoardCard,
    recommendation: Option<Recommendation>,
    interview_status: Option<String>,
    stage_changed_at: Option<i64>,
    #[sqlx(try_from = "String")]
    analysis_status: AnalysisStatus,
    invite_state: Option<InviteState>,
}

/// The board of a JD: every stage with its count and its newest cards.
#[utoipa::path(
    get, path = "/Pipeline/Board", tag = "pipeline", security(("bearer" = [])),
    params(BoardParams),
    responses(
        (status = 200, body = Board, description = "The JD's stages with counts and cards"),
        (status = 400, body = ErrorBody, description = "A malformed JD id: 'Invalid JD ID.' (`invalid_id`)"),
        (status = 404, body = ErrorBody, description = "No such JD outside the bin: 'Invalid JD ID.' (`invalid_id`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn board(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<BoardParams>,
) -> Result<Json<Board>> {
    let job = active_job(&state, &params.jd_id.0).await?;
    let counts = stage_counts(&state, job.id).await?;
    let limit = within("limit", params.limit.unwrap_or(CARDS), 1..=200)?;
    let offset = within("offset", params.offset.unwrap_or(0), 0..=1_000_000)?;
    let stages: Vec<Stage> = match params.stage {
        Some(stage) => vec![stage],
        None => ALL.to_vec(),
    };
    let mut columns = Vec::with_capacity(stages.len());
    for stage in stages {
        let count = counts.get(&stage).copied().unwrap_or(0);
        let cards = if count > offset {
            cards(&state, job.id, stage, limit, offset).await?
        } else {
            Vec::new()
        };
        columns.push(BoardColumn {
            stage,
            label: stage.label().to_owned(),
            count,
            cards,
        });
    }
    Ok(Json(Board {
        job_desc_id: job.id,
        jdid: job.jdid,
        jdname: job.jdname,
        total: counts.values().sum(),
        columns,
    }))
}

async fn stage_counts(state: &AppState, job_id: i64) -> Result<HashMap<Stage, i64>> {
    let rows: Vec<(String, i64)> = fetch_as!(
        &state.db,
        fetch_all,
        "SELECT stage, COUNT(*) FROM candidates WHERE job_id = $1 GROUP BY stage",
        (job_id)
    )?;
    let mut counts = HashMap::new();
    for (stage, count) in rows {
        let stage = Stage::parse(&stage).map_err(anyhow::Error::from)?;
        *counts.entry(stage).or_insert(0) += count;
    }
    Ok(counts)
}

async fn cards(
    state: &AppState,
    job_id: i64,
    stage: Stage,
    limit: i64,
    offset: i64,
) -> Result<Vec<BoardCard>> {
    // The (job_id, stage, created_on, id) index gives each column in order without a sort.
    let rows: Vec<CardRow> = fetch_as!(
        &state.db,
        fetch_all,
        "SELECT c.id, c.candidate_name, c.candidate_email, c.ats_score, c.source, c.recommendation,
            c.interview_status, c.stage, c.stage_reason, c.stage_changed_at, c.call_id,
            c.analysis_status, i.state AS invite_state
         FROM candidates c LEFT JOIN interview_invites i ON i.candidate_id = c.id
         WHERE c.job_id = $1 AND c.stage = $2
         ORDER BY c.created_on DESC, c.id DESC LIMIT $3 OFFSET $4",
        (job_id, stage.as_str(), limit, offset)
    )?;
    Ok(rows
        .into_iter()
        .map(|row| {
            finished(
                row.card,
                &Facts {
                    recommendation: row.recommendation,
                    interview_status: row.interview_status.as_deref(),
                    stage_changed_at: row.stage_changed_at,
                    analysis_status: row.analysis_status,
                    invite_state: row.invite_state,
                },
            )
        })
        .collect())
}

/// The stored values a card shows read into its own words.
struct Facts<'a> {
    recommendation: Option<Recommendation>,
    interview_status: Option<&'a str>,
    stage_changed_at: Option<i64>,
    analysis_status: AnalysisStatus,
    invite_state: Option<InviteState>,
}

fn finished(card: BoardCard, facts: &Facts<'_>) -> BoardCard {
    BoardCard {
        recommendation: facts.recommendation,
        interview_status: facts.interview_status.and_then(InterviewStatus::parse),
        stage_changed_at: facts.stage_changed_at.map(|m| to_iso(from_millis(m))),
        system_stage: stages::from_facts(
            facts.analysis_status == AnalysisStatus::Done,
            facts.invite_state,
        ),
        ..card
    }
}

/// A candidate's card as the board would show it, from their record: the candidate page's
/// stage bar reads it with the record instead of searching the board's columns.
pub fn card_of(row: &CandidateRow) -> BoardCard {
    let card = BoardCard {
        resume_id: row.id,
        candidate_name: row.candidate_name.clone(),
        candidate_email: row.candidate_email.clone(),
        ats_score: row.ats_score,
        source: row.source,
        recommendation: None,
        interview_status: None,
        stage: row.stage,
        system_stage: row.stage,
        stage_reason: row.stage_reason.clone(),
        stage_changed_at: None,
        call_id: row.call_id.clone(),
    };
    finished(
        card,
        &Facts {
            recommendation: row.recommendation,
            interview_status: row.interview_status.as_deref(),
            stage_changed_at: row.stage_changed_at,
            analysis_status: row.analysis_status,
            invite_state: row.invite_state,
        },
    )
}
