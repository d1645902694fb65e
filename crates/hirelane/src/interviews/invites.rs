//! Inviting candidates of a JD to an AI interview: one invite (and link) per candidate;
//! sending again re-mails the same link.

use axum::extract::State;
use hirelane_core::keys::random_token;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::emails::{guidelines_link, invite_link, mail_parts};
use super::repo::{self, ChosenAssistant, Invitee};
use super::rules::InviteState;
use crate::activity::log::Actor;
use crate::auth::Recruiter;
use crate::candidates::list_query::{ListQuery, list};
use crate::candidates::portal_link::application_link;
use crate::candidates::repo::{CandidateRow, find_many};
use crate::careers::applications::{self, Notice};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::jobs::lookup::active_job;
use crate::mail;
use crate::state::AppState;
use crate::voice::provider_errors::provider_error;

/// At most this many candidates per request (a JD's Pass list fits many times over).
const MAX_INVITES: usize = 5000;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SendInvitesBody {
    /// The JD (`jobDescId` or folder id), as text or a number; all digits must fit a 64-bit
    /// integer.
    #[serde(deserialize_with = "crate::jobs::ids::id_text")]
    #[schema(schema_with = crate::jobs::ids::required_id_schema)]
    job_desc_id: String,
    /// The assistant that runs these candidates' interviews.
    #[schema(min_length = 1)]
    assistant_id: String,
    /// The candidates to invite; required (non-empty) unless `allPass`.
    #[serde(default)]
    #[schema(max_items = 5000)]
    resume_ids: Vec<i64>,
    /// Every candidate of the JD whose ATS recommendation is Pass.
    #[serde(default)]
    all_pass: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Skipped {
    resume_id: i64,
    /// Empty when the id is not a candidate of this JD.
    candidate_name: String,
    /// Why no e-mail went out, in words the recruiter reads.
    pub reason: String,
    /// Whether trying again later may succeed (the e-mail failed), as opposed to a reason in
    /// the candidate's situation.
    #[serde(skip)]
    pub retry: bool,
}

impl Skipped {
    fn new(resume_id: i64, candidate_name: &str, reason: &str) -> Skipped {
        Skipped {
            resume_id,
            candidate_name: candidate_name.to_owned(),
            reason: reason.to_owned(),
            retry: false,
        }
    }
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitesSent {
    /// New invites e-mailed.
    pub sent: usize,
    /// Existing invites e-mailed again (the same link).
    pub resent: usize,
    /// Candidates not e-mailed, and why.
    pub skipped: Vec<Skipped>,
}

/// Invites candidates of a JD to an AI interview: one invite (and link) per candidate; sending
/// again re-mails the same link.
#[utoipa::path(
    post, path = "/Interview/SendInvites", tag = "interviews", security(("bearer" = [])),
    request_body = SendInvitesBody,
    responses(
        (status = 200, body = InvitesSent, description = "How many invites were e-mailed, re-sent and skipped"),
        (status = 400, body = ErrorBody, description = "No candidates chosen (`no_candidates`), more than 5000 (`too_many_candidates`), no assistant (`no_assistant`), a malformed JD id (`invalid_id`), or the voice provider refused the assistant (`provider_rejected`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 404, body = ErrorBody, description = "No such JD outside the bin (`invalid_id`), or no such assistant (`not_found`)"),
        (status = 502, body = ErrorBody, description = "The voice provider cannot be reached (`provider_unavailable`)"),
    )
)]
pub(super) async fn send_invites(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<SendInvitesBody>,
) -> Result<Json<InvitesSent>> {
    let actor = recruiter.actor();
    invite_candidates(&state, &actor, body).await.map(Json)
}

/// Checks the request, creates the missing invites and e-mails every invite not completed.
async fn invite_candidates(
    state: &AppState,
    recruiter: &Actor,
    body: SendInvitesBody,
) -> Result<InvitesSent> {
    if !body.all_pass && body.resume_ids.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::NoCandidates,
            "Select at least one candidate.",
        ));
    }
    if body.resume_ids.len() > MAX_INVITES {
        return Err(Error::bad_request(
            ErrorCode::TooManyCandidates,
            format!("Select at most {MAX_INVITES} candidates at a time."),
        ));
    }
    let job = active_job(state, &body.job_desc_id).await?;
    let assistant_id = body.assistant_id.trim();
    if assistant_id.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::NoAssistant,
            "Please choose an assistant.",
        ));
    }
    let assistant = check_assistant(state, assistant_id).await?;
    let mut skipped = Vec::new();
    let candidates = chosen_candidates(state, job.id, &body, &mut skipped).await?;
    let mut answer = invite(state, &job, &assistant, &candidates, recruiter).await?;
    answer.skipped.splice(0..0, skipped);
    Ok(answer)
}

/// The assistant, asked of the voice provider: refuses one it does not have (404 `not_found`,
/// "Assistant not found"), or answers 502 when the provider cannot be asked.
pub async fn check_assistant(state: &AppState, assistant_id: &str) -> Result<ChosenAssistant> {
    let assistant = crate::voice::client::of(state)?
        .provider
        .get_assistant(assistant_id)
        .await
        .map_err(|e| provider_error(e, "Could not load assistants.", "Assistant not found"))?;
    Ok(ChosenAssistant {
        id: assistant_id.to_owned(),
        name: assistant["name"]
            .as_str()
            .unwrap_or_default()
            .trim()
            .to_owned(),
    })
}

/// Invites candidates of `job` to an interview run by `assistant` (checked by the caller):
/// creates the invites they lack and e-mails every one not completed; candidates whose
/// candidacy ended or who have no address are skipped. Each invite and e-mail is logged as
/// `actor`'s.
pub async fn invite(
    state: &AppState,
    job: &crate::jobs::repo::JobRow,
    assistant: &ChosenAssistant,
    candidates: &[CandidateRow],
    recruiter: &Actor,
) -> Result<InvitesSent> {
    let mut answer = InvitesSent::default();
    let mut invitees = Vec::with_capacity(candidates.len());
    for c in candidates {
        if c.stage.ends_candidacy() {
            answer.skipped.push(Skipped::new(
                c.id,
                &c.candidate_name,
                "Rejected or withdrawn: move them back first",
            ));
        } else if c.candidate_email.is_empty() {
            answer
                .skipped
                .push(Skipped::new(c.id, &c.candidate_name, "No e-mail address"));
        } else {
            invitees.push(Invitee {
                candidate_id: c.id,
                new_token: random_token(16),
            });
        }
    }
    let now = state.clock.now();
    let invites = repo::upsert(&state.db, job.id, assistant, &invitees, recruiter, now).await?;
    for (invite, is_new) in invites {
        mail_invite(state, &invite, is_new, recruiter, now, &mut answer).await?;
    }
    tracing::info!(
        job_id = job.id,
        sent = answer.sent,
        resent = answer.resent,
        skipped = answer.skipped.len(),
        recruiter = recruiter.kind(),
        "interview invites sent"
    );
    Ok(answer)
}

/// The JD's candidates the request names (or its Pass list); ids of other JDs are skipped.
async fn chosen_candidates(
    state: &AppState,
    job_id: i64,
    body: &SendInvitesBody,
    skipped: &mut Vec<Skipped>,
) -> Result<Vec<CandidateRow>> {
    if body.all_pass {
        let query = ListQuery {
            job_id: Some(job_id),
            recommendation: Some("pass".into()),
            ..Default::default()
        };
        return Ok(list(&state.db, &query, (1, MAX_INVITES as i64)).await?.0);
    }
    let candidates: Vec<CandidateRow> = find_many(&state.db, &body.resume_ids)
        .await?
        .into_iter()
        .filter(|c| c.job_id == job_id)
        .collect();
    for id in &body.resume_ids {
        if !candidates.iter().any(|c| c.id == *id) {
            skipped.push(Skipped::new(*id, "", "Not a candidate of this JD"));
        }
    }
    Ok(candidates)
}

/// E-mails one invite's link and counts the outcome in `answer`.
async fn mail_invite(
    state: &AppState,
    invite: &repo::InviteRow,
    is_new: bool,
    sender: &Actor,
    now: Timestamp,
    answer: &mut InvitesSent,
) -> Result<()> {
    let skip = |reason| Skipped::new(invite.candidate_id, &invite.candidate_name, reason);
    if invite.state == InviteState::Completed {
        answer.skipped.push(skip("Interview already completed"));
        return Ok(());
    }
    let link = invite_link(state, &invite.token);
    let guidelines = guidelines_link(state);
    let own_page = application_link(state, invite.candidate_id).await?;
    let notice = Notice::current(&state.settings.careers);
    let email = mail::interview_invite(
        &mail_parts(invite, &link, &guidelines),
        invite.apply_last_date.as_deref(),
    )
    .with_ai_notice(&notice.ai, &notice.version)
    .with_application_link(&own_page);
    let subject = email.subject.clone();
    match state.mailer.send(&invite.candidate_email, email).await {
        Ok(()) => {
            repo::mark_sent(&state.db, invite.id, &subject, sender, now).await?;
            let consent = notice.consent();
            applications::record_notice_given(
                &state.db,
                invite.candidate_id,
                &consent,
                "invite",
                now,
            )
            .await?;
            if is_new {
                answer.sent += 1;
            } else {
                answer.resent += 1;
            }
        }
        Err(err) => {
            tracing::warn!(error = %err, invite = invite.id, "invite e-mail failed");
            answer.skipped.push(Skipped {
                retry: true,
                ..skip("The e-mail could not be sent; try again")
            });
        }
    }
    Ok(())
}
