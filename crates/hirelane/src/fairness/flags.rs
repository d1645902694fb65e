//! The four-fifths flags: every JD whose own audit has a reported group with an impact ratio
//! under 0.8 in some automated step, for the JD list and page to show. One read of the sample,
//! then one audit per JD.

use std::collections::BTreeMap;

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::report::{Step, audit_steps};
use super::sample::{self, Filter, Subject};
use super::self_id::category_set;
use crate::auth::ReportReader;
use crate::error::{ErrorBody, Result};
use crate::http::Json;
use crate::jobs::repo as jobs;
use crate::state::AppState;

/// A JD with a group under the four-fifths line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FairnessFlag {
    pub job_desc_id: i64,
    pub job_title: String,
    /// The steps with a flagged group, in process order.
    pub steps: Vec<Step>,
    /// The flagged groups' labels ("Female", "Black or African American (Not Hispanic or
    /// Latino)"), for the banner's words.
    pub groups: Vec<String>,
}

/// The JDs (outside the bin) whose candidates show an adverse impact ratio, with enough people
/// in each group compared (`fairness.min_per_cell`). Empty when self-identification is off.
#[utoipa::path(
    get, path = "/Reports/FairnessFlags", tag = "reports", security(("bearer" = []), ("apiToken" = ["reports:read"])),
    responses(
        (status = 200, body = Vec<FairnessFlag>, description = "Flagged JDs, by title"),
        (status = 403, body = ErrorBody, description = "Only admins and recruiters given the reports permission (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn fairness_flags(
    _: ReportReader,
    State(state): State<AppState>,
) -> Result<Json<Vec<FairnessFlag>>> {
    let Some(set) = category_set(state.settings.fairness.self_identification) else {
        return Ok(Json(Vec::new()));
    };
    let rules = audit::Rules {
        min_per_cell: state.settings.fairness.min_per_cell,
        ..audit::Rules::default()
    };
    let mut by_job: BTreeMap<i64, Vec<Subject>> = BTreeMap::new();
    for subject in sample::read(&state.db, Filter::default()).await? {
        by_job.entry(subject.job_id).or_default().push(subject);
    }
    let mut flags = Vec::new();
    for job in jobs::list_active(&state.db).await? {
        let Some(subjects) = by_job.get(&job.id) else {
            continue;
        };
        let mut steps = Vec::new();
        let mut groups: Vec<String> = Vec::new();
        for step in audit_steps(set, subjects, &rules) {
            let adverse: Vec<String> = step
                .tables
                .iter()
                .flat_map(|t| t.rows.iter())
                .filter(|row| row.adverse)
                .map(|row| row.label.clone())
                .collect();
            if !adverse.is_empty() {
                steps.push(step.step);
                groups.extend(adverse);
            }
        }
        groups.sort();
        groups.dedup();
        if !steps.is_empty() {
            flags.push(FairnessFlag {
                job_desc_id: job.id,
                job_title: job.jdname,
                steps,
                groups,
            });
        }
    }
    flags.sort_by(|a, b| a.job_title.cmp(&b.job_title));
    Ok(Json(flags))
}
