//! `GET /api/Reports/BiasAudit`: the bias audit of every automated step, as JSON or as CSV,
//! for admins and recruiters given the reports permission. It reads only aggregates: no row of
//! it is one person.

use std::fmt::Write as _;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use hirelane_core::clock::{from_millis, to_iso};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::report::{StepAudit, audit_steps};
use super::sample::{self, Filter};
use super::self_id::category_set;
use crate::auth::ReportReader;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query, day_param};
use crate::jobs::ids::JdId;
use crate::jobs::lookup::active_job_id;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct AuditParams {
    /// First day counted (YYYY-MM-DD, the organisation's time zone); default: all data.
    #[serde(default)]
    #[param(format = Date)]
    from: Option<String>,
    /// Last day counted, inclusive; default: today.
    #[serde(default)]
    #[param(format = Date)]
    to: Option<String>,
    /// One JD's integer id or folder id; default: every JD.
    #[serde(default)]
    #[param(inline)]
    jd_id: Option<JdId>,
    /// `json` (default) or `csv`.
    #[serde(default)]
    #[param(inline)]
    format: Option<AuditFormat>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum AuditFormat {
    Json,
    Csv,
}

/// The audit, and what it was computed over.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BiasAudit {
    /// The version of the audit's computation.
    pub version: &'static str,
    pub generated_at: String,
    /// The category set candidates self-identify in (`eeo1`, `sex-only`).
    pub category_set: String,
    pub from: Option<String>,
    pub to: Option<String>,
    pub jd_id: Option<i64>,
    /// Where the data comes from, as an LL144 summary states it.
    pub data_source: &'static str,
    /// The scoring versions of the ATS results counted (the tool's versions in use).
    pub scoring_versions: Vec<String>,
    /// The day the tool was first used here (YYYY-MM-DD): the configured
    /// `fairness.distribution_date`, else the day this deployment first scored a candidate;
    /// null before any was scored.
    #[schema(format = Date)]
    pub distribution_date: Option<String>,
    /// Groups smaller than this show no ratio ("not enough data").
    pub min_per_cell: u32,
    pub steps: Vec<StepAudit>,
}

const DATA_SOURCE: &str = "Historical data of this deployment: every candidate who applied or \
    was added in the period, with the self-identification they chose to give.";

/// The bias audit (NYC Local Law 144): per automated step, sex, race/ethnicity and their
/// intersection, each category's count, selection or scoring rate and impact ratio, the unknown
/// count, the groups excluded under 2 % and a Fisher's exact p-value beside each ratio. Without
/// parameters it audits every JD over all data.
#[utoipa::path(
    get, path = "/Reports/BiasAudit", tag = "reports", security(("bearer" = []), ("apiToken" = ["reports:read"])),
    params(AuditParams),
    responses(
        (status = 200, description = "The audit (`format=csv`: its rows as CSV)", content(
            (BiasAudit = "application/json"),
            (String = "text/csv"),
        )),
        (status = 400, body = ErrorBody, description = "A date, JD id or format that cannot be read (`validation`, `invalid_id`)"),
        (status = 404, body = ErrorBody, description = "Self-identification is off, or no such JD (`not_found`, `invalid_id`)"),
        (status = 403, body = ErrorBody, description = "Only admins and recruiters given the reports permission (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn bias_audit(
    ReportReader(reader): ReportReader,
    State(state): State<AppState>,
    Query(params): Query<AuditParams>,
) -> Result<Response> {
    let csv = params.format == Some(AuditFormat::Csv);
    let from = day_param("from", params.from.as_deref())?;
    let to = day_param("to", params.to.as_deref())?;
    let job_id = match &params.jd_id {
        None => None,
        Some(raw) => Some(active_job_id(&state, &raw.0).await?),
    };
    let report = compute(&state, from, to, job_id).await?;
    tracing::info!(recruiter_id = reader.id, "bias audit computed");
    Ok(if csv {
        csv_response(&report)
    } else {
        Json(report).into_response()
    })
}

/// The audit of the candidates who applied or were added from `from` to `to` (days in the
/// organisation's zone, inclusive) in JD `job_id`; `None`s leave that side open.
pub async fn compute(
    state: &AppState,
    from: Option<Date>,
    to: Option<Date>,
    job_id: Option<i64>,
) -> Result<BiasAudit> {
    let set = category_set(state.settings.fairness.self_identification).ok_or_else(|| {
        Error::not_found(
            ErrorCode::NotFound,
            "Self-identification is off, so there is nothing to audit by.",
        )
    })?;
    let filter = Filter {
        from: from.map(|d| state.start_of(d)).transpose()?,
        until: to
            .and_then(|d| d.tomorrow().ok())
            .map(|d| state.start_of(d))
            .transpose()?,
        job_id,
    };
    let subjects = sample::read(&state.db, filter).await?;
    let rules = audit::Rules {
        min_per_cell: state.settings.fairness.min_per_cell,
        ..audit::Rules::default()
    };
    let mut versions: Vec<String> = subjects
        .iter()
        .filter_map(|s| s.scoring_version.clone())
        .collect();
    versions.sort();
    versions.dedup();
    Ok(BiasAudit {
        version: audit::VERSION,
        generated_at: to_iso(state.clock.now()),
        category_set: set.id.to_owned(),
        from: from.map(|d| d.to_string()),
        to: to.map(|d| d.to_string()),
        jd_id: job_id,
        data_source: DATA_SOURCE,
        scoring_versions: versions,
        distribution_date: distribution_date(state).await?,
        min_per_cell: rules.min_per_cell,
        steps: audit_steps(set, &subjects, &rules),
    })
}

/// The CSV's columns: one row per category of each step and dimension, plus one row of the
/// unknown count per table.
const CSV_HEADER: &str = "step,measure,dimension,category,label,count,positives,rate,impact_ratio,p_value,status,adverse";

fn csv_response(report: &BiasAudit) -> Response {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    let number = |v: Option<f64>| v.map(|x| format!("{x:.4}")).unwrap_or_default();
    for step in &report.steps {
        for table in &step.tables {
            for row in &table.rows {
                let rate = row.selection_rate.or(row.scoring_rate);
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{},{},{},{},{},{}",
                    step.step.as_str(),
                    step.measure.as_str(),
                    table.dimension.as_str(),
                    row.category,
                    quoted(&row.label),
                    row.count,
                    row.positives,
                    number(rate),
                    number(row.impact_ratio),
                    number(row.p_value),
                    row.status.as_str(),
                    row.adverse
                );
            }
            let _ = writeln!(
                out,
                "{},{},{},unknown,Unknown,{},,,,,unknown,false",
                step.step.as_str(),
                step.measure.as_str(),
                table.dimension.as_str(),
                table.unknown
            );
        }
    }
    let mut response = out.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"bias-audit.csv\""),
    );
    response
}

/// A CSV field in quotes, its own quotes doubled (labels have commas: "Hispanic or Latino,
/// Female" would not, but a set's labels are not ours to promise).
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// The configured distribution date, else the day (in the organisation's time zone) the first
/// candidate was scored.
async fn distribution_date(state: &AppState) -> Result<Option<String>> {
    if let Some(date) = state.settings.fairness.distribution_date {
        return Ok(Some(date.to_string()));
    }
    let first = sample::first_scored(&state.db).await?;
    Ok(first.map(|millis| {
        from_millis(millis)
            .to_zoned(state.time_zone.clone())
            .date()
            .to_string()
    }))
}
