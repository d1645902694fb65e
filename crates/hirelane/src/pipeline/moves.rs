//! A recruiter's decision: moving candidates to a stage (one from the board, or many from a
//! list), optionally with an e-mail to each, rendered from the organisation's template.
//!
//! All of a move happens or none of it: a candidate who cannot make the move, or whose stage
//! changed since the recruiter saw it, refuses the whole request with nothing changed. The
//! e-mails go after the stages are committed (mail is not transactional); each one sent is
//! logged, and one that fails is reported without undoing the decision.

use axum::extract::State;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use super::stages::{self, Stage, check_move};
use super::templates::{self, TemplateKind, TemplateText};
use crate::activity::log::{self as activity, Actor, EventKind, Subject};
use crate::auth::Recruiter;
use crate::candidates::portal_link::application_link;
use crate::candidates::repo::{self as candidates, CandidateRow};
use crate::candidates::status::AnalysisStatus;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::interviews;
use crate::state::AppState;

/// The most candidates one move takes.
pub const MAX_MOVE: usize = 500;

/// A candidate to move, with the stage the recruiter saw them in.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveCandidate {
    #[schema(required = true)]
    resume_id: i64,
    /// Where the recruiter saw the candidate; a different current stage is a conflict (409).
    #[schema(required = true)]
    from_stage: Stage,
}

/// Candidates to move to one stage.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveBody {
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 500)]
    candidates: Vec<MoveCandidate>,
    #[schema(required = true)]
    stage: Stage,
    /// Required for Rejected and Withdrawn.
    #[serde(default)]
    #[schema(max_length = 500)]
    reason: Option<String>,
    /// When present, each candidate with an e-mail address is sent this message (variables
    /// `{{candidateName}}`, `{{jobTitle}}` filled). Only with Rejected, Shortlisted, Offer or
    /// Hired.
    #[serde(default)]
    email: Option<EmailText>,
}

/// An e-mail's text as the recruiter confirmed it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailText {
    #[serde(default)]
    #[schema(required = true, max_length = 200)]
    subject: String,
    #[serde(default)]
    #[schema(required = true, max_length = 5000)]
    body: String,
}

impl From<EmailText> for TemplateText {
    fn from(text: EmailText) -> TemplateText {
        TemplateText {
            subject: text.subject,
            body: text.body,
        }
    }
}

/// A candidate after the move.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Moved {
    pub resume_id: i64,
    pub stage: Stage,
    /// Whether their invite to an interview was cancelled (Rejected, Withdrawn).
    pub invite_cancelled: bool,
}

/// A candidate who was not e-mailed, and why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotEmailed {
    pub resume_id: i64,
    pub reason: String,
}

/// What a move did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveResult {
    pub moved: Vec<Moved>,
    pub emails_sent: i64,
    pub not_emailed: Vec<NotEmailed>,
}

/// Moves candidates to a stage; a decision may e-mail them.
#[utoipa::path(
    post, path = "/Pipeline/Move", tag = "pipeline", security(("bearer" = []), ("apiToken" = ["stages:write"])),
    request_body = MoveBody,
    responses(
        (status = 200, body = MoveResult, description = "Every candidate moved; the e-mails sent"),
        (status = 400, body = ErrorBody, description = "A move that makes no sense (e.g. Hired from New), no reason for a rejection, too many candidates, or an e-mail with an unknown variable (`invalid_stage_move`, `invalid_template`): nothing changed"),
        (status = 404, body = ErrorBody, description = "A candidate does not exist (`not_found`): nothing changed"),
        (status = 409, body = ErrorBody, description = "A candidate's stage changed since it was shown (`stage_changed`, with `resumeId` and `currentStage`): nothing changed"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn move_candidates(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<MoveBody>,
) -> Result<Json<MoveResult>> {
    let email = check_request(&body)?;
    let rows = candidates_of(&state, &body.candidates).await?;
    let actor = recruiter.actor();
    let now = state.clock.now();
    let moved = apply(&state, &body, &rows, &actor, now).await?;
    tracing::info!(
        stage = body.stage.as_str(),
        candidates = moved.len(),
        recruiter_id = recruiter.id,
        "candidates moved"
    );
    let mut result = MoveResult {
        moved,
        emails_sent: 0,
        not_emailed: Vec::new(),
    };
    if let Some((kind, text)) = email {
        send_emails(&state, &rows, kind, &text, &actor, &mut result).await?;
    }
    Ok(Json(result))
}

/// Checks what does not depend on the candidates; answers the e-mail to send, if any.
fn check_request(body: &MoveBody) -> Result<Option<(TemplateKind, TemplateText)>> {
    let invalid = |message: &str| Error::bad_request(ErrorCode::InvalidStageMove, message);
    if body.candidates.is_empty() {
        return Err(invalid("Choose at least one candidate."));
    }
    if body.candidates.len() > MAX_MOVE {
        return Err(invalid("At most 500 candidates can be moved at once."));
    }
    let Some(email) = body.email.clone() else {
        return Ok(None);
    };
    let kind = match body.stage {
        Stage::Rejected => TemplateKind::Rejection,
        Stage::Shortlisted | Stage::Offer | Stage::Hired => TemplateKind::Advance,
        _ => {
            return Err(invalid(
                "Only a rejection or an advance can e-mail the candidate.",
            ));
        }
    };
    let text = TemplateText::from(email);
    templates::validate(&text)?;
    Ok(Some((kind, text)))
}

/// The candidates named, in the order given, each once; an unknown one refuses the move.
async fn candidates_of(state: &AppState, wanted: &[MoveCandidate]) -> Result<Vec<CandidateRow>> {
    let mut ids: Vec<i64> = wanted.iter().map(|c| c.resume_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let found = candidates::find_many(&state.db, &ids).await?;
    let mut rows = Vec::with_capacity(ids.len());
    for id in ids {
        let row = found.iter().find(|r| r.id == id).cloned().ok_or_else(|| {
            Error::not_found(ErrorCode::NotFound, format!("Candidate {id} not found."))
        })?;
        rows.push(row);
    }
    Ok(rows)
}

/// Moves every candidate in one transaction, or none.
async fn apply(
    state: &AppState,
    body: &MoveBody,
    rows: &[CandidateRow],
    actor: &Actor,
    now: Timestamp,
) -> Result<Vec<Moved>> {
    let reason = body.reason.as_deref().map(str::trim).unwrap_or_default();
    let mut tx = state.db.begin_write().await?;
    let mut moved = Vec::with_capacity(rows.len());
    for row in rows {
        let seen = body
            .candidates
            .iter()
            .find(|c| c.resume_id == row.id)
            .map_or(row.stage, |c| c.from_stage);
        if seen != row.stage {
            return Err(stage_changed(row.id, row.stage));
        }
        let facts = stages::from_facts(
            row.analysis_status == AnalysisStatus::Done,
            row.invite_state,
        );
        check_move(row.stage, body.stage, facts, reason).map_err(|refused| {
            Error::bad_request(
                ErrorCode::InvalidStageMove,
                format!("{} {}", row.candidate_name, refused.message()),
            )
        })?;
        let kept = body.stage.ends_candidacy().then_some(reason);
        if !stages::set_stage(&mut tx, row.id, row.stage, body.stage, kept, actor, now).await? {
            // Another recruiter moved them between our read and this write.
            return Err(stage_changed(row.id, current_stage(state, row.id).await?));
        }
        let invite_cancelled = body.stage.ends_candidacy()
            && interviews::repo::cancel_pending(&mut tx, row.id, now).await?;
        moved.push(Moved {
            resume_id: row.id,
            stage: body.stage,
            invite_cancelled,
        });
    }
    tx.commit().await?;
    Ok(moved)
}

fn stage_changed(resume_id: i64, current: Stage) -> Error {
    Error::ConflictWith {
        code: ErrorCode::StageChanged,
        message: format!(
            "This candidate was moved to {} meanwhile. Refresh to see the latest.",
            current.label()
        ),
        current: json!({ "resumeId": resume_id, "currentStage": current.as_str() }),
    }
}

async fn current_stage(state: &AppState, id: i64) -> Result<Stage> {
    Ok(candidates::find(&state.db, id)
        .await?
        .map_or(Stage::New, |row| row.stage))
}

/// E-mails each moved candidate the confirmed text, logging every message sent.
async fn send_emails(
    state: &AppState,
    rows: &[CandidateRow],
    kind: TemplateKind,
    text: &TemplateText,
    actor: &Actor,
    result: &mut MoveResult,
) -> Result<()> {
    for row in rows {
        if row.candidate_email.is_empty() {
            result.not_emailed.push(NotEmailed {
                resume_id: row.id,
                reason: "No e-mail address".to_owned(),
            });
            continue;
        }
        let own_page = application_link(state, row.id).await?;
        let mut email = templates::render(text, &row.candidate_name, &row.jdname);
        if kind == TemplateKind::Rejection {
            email = email.with_review_rights(&own_page);
        }
        let email = email.with_application_link(&own_page);
        let subject = email.subject.clone();
        match state.mailer.send(&row.candidate_email, email).await {
            Ok(()) => {
                let mut tx = state.db.begin_write().await?;
                let detail = json!({ "template": kind.as_str(), "subject": subject });
                let now = state.clock.now();
                let subject = Subject::Candidate(row.id);
                activity::record(&mut tx, EventKind::EmailSent, subject, actor, detail, now)
                    .await?;
                tx.commit().await?;
                result.emails_sent += 1;
            }
            Err(err) => {
                tracing::warn!(error = %err, resume_id = row.id, "decision e-mail failed");
                result.not_emailed.push(NotEmailed {
                    resume_id: row.id,
                    reason: "The e-mail could not be sent".to_owned(),
                });
            }
        }
    }
    Ok(())
}

/// A decision e-mail as one candidate will receive it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailPreview {
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// The text to preview for a candidate.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewBody {
    #[schema(required = true)]
    resume_id: i64,
    #[serde(default)]
    #[schema(required = true, max_length = 200)]
    subject: String,
    #[serde(default)]
    #[schema(required = true, max_length = 5000)]
    body: String,
}

/// Renders a decision e-mail for one candidate, so the recruiter sees it before it goes.
#[utoipa::path(
    post, path = "/Pipeline/EmailPreview", tag = "pipeline", security(("bearer" = [])),
    request_body = PreviewBody,
    responses(
        (status = 200, body = EmailPreview, description = "The e-mail with its variables filled"),
        (status = 400, body = ErrorBody, description = "A missing part or an unknown variable (`invalid_template`)"),
        (status = 404, body = ErrorBody, description = "No such candidate (`not_found`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn email_preview(
    _: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<PreviewBody>,
) -> Result<Json<EmailPreview>> {
    let text = TemplateText {
        subject: body.subject,
        body: body.body,
    };
    templates::validate(&text)?;
    let row = candidates::find(&state.db, body.resume_id)
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "Candidate not found."))?;
    let email = templates::render(&text, &row.candidate_name, &row.jdname);
    Ok(Json(EmailPreview {
        to: row.candidate_email,
        subject: email.subject,
        body: email.text.trim_end().to_owned(),
    }))
}
