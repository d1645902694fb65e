//! The search page: JD cards, best match first, each with its matching resumes.

use std::collections::{HashMap, HashSet};

use axum::extract::State;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::files::signed_file_path;
use super::search::{self, CandidateHit};
use super::status::Recommendation;
use crate::auth::Recruiter;
use crate::error::Result;
use crate::http::{Json, Query};
use crate::jobs::repo::{JobTitle, find_titles};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct SearchParams {
    /// Words (each matched as a prefix, stemmed) or a phone number (matched by digits).
    #[serde(default)]
    q: String,
}

/// A JD card of the search page with its matching resumes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SearchResult {
    jdid: String,
    job_desc_id: i64,
    jdname: String,
    key_skills: String,
    /// Whether the JD itself matched (title, skills, description), not only its candidates.
    jd_matched: bool,
    resumes: Vec<SearchResume>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SearchResume {
    resume_id: i64,
    candidate_name: String,
    candidate_email: String,
    candidate_phone: String,
    file_name: Option<String>,
    /// Signed link to the original file ('View Resume').
    file_path: Option<String>,
    ats_score: Option<i64>,
    recommendation: Option<Recommendation>,
    call_id: Option<String>,
}

/// Searches JD titles, skills and descriptions and candidates' names, e-mails, phones and
/// resume text; answers JD cards, best match first, each with its matching resumes.
#[utoipa::path(
    get, path = "/Drive/SearchAll", tag = "candidates", security(("bearer" = []), ("apiToken" = ["candidates:read"])),
    params(SearchParams),
    responses((status = 200, description = "Matching JDs with their matching resumes", body = [SearchResult]))
)]
pub(super) async fn search_all(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<SearchParams>,
) -> Result<Json<Vec<SearchResult>>> {
    let hits = search::search(&state.db, &params.q).await?;
    let matched_jobs: HashSet<i64> = hits.jobs.iter().copied().collect();
    let groups = search::group(hits);
    let job_ids: Vec<i64> = groups.iter().map(|(job, _)| *job).collect();
    let jobs: HashMap<i64, JobTitle> = find_titles(&state.db, &job_ids)
        .await?
        .into_iter()
        .map(|job| (job.id, job))
        .collect();
    let now = state.clock.now();
    let results = groups
        .into_iter()
        .filter_map(|(job_id, members)| {
            let job = jobs.get(&job_id)?;
            let resumes = members
                .into_iter()
                .map(|c| search_resume(&state, c, now))
                .collect();
            Some(SearchResult {
                jdid: job.jdid.clone(),
                job_desc_id: job.id,
                jdname: job.jdname.clone(),
                key_skills: job.key_skills.clone(),
                jd_matched: matched_jobs.contains(&job_id),
                resumes,
            })
        })
        .collect();
    Ok(Json(results))
}

fn search_resume(state: &AppState, c: CandidateHit, now: Timestamp) -> SearchResume {
    SearchResume {
        file_path: c
            .resume_file_id
            .as_deref()
            .map(|f| signed_file_path(state, f, now)),
        resume_id: c.id,
        candidate_name: c.candidate_name,
        candidate_email: c.candidate_email,
        candidate_phone: c.candidate_phone,
        file_name: c.file_name,
        ats_score: c.ats_score,
        recommendation: c.recommendation,
        call_id: c.call_id,
    }
}
