//! `GET /api/Reports/Hiring`: the hiring reports of a period in one answer (the funnel overall
//! and per JD, days in each stage, time to hire and to the first interview, sources, AI
//! interviews, recruiters), and `GET /api/Reports/Hiring/Csv` for one of them as CSV.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use hirelane_core::clock::to_iso;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::breakdowns::{self, InterviewRates, RecruiterActivity, SourceRow};
use super::durations::{self, Durations};
use super::export;
use super::period::{Period, PeriodParams};
use crate::auth::ReportReader;
use crate::error::{ErrorBody, Result};
use crate::http::{Json, Query};
use crate::jobs::ids::JdId;
use crate::pipeline::funnel::{self, Funnel, FunnelCounts};
use crate::state::AppState;

/// The hiring reports of a period.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HiringReport {
    pub generated_at: String,
    /// The first and last day counted (YYYY-MM-DD, the organisation's time zone).
    #[schema(format = Date)]
    pub from: String,
    #[schema(format = Date)]
    pub to: String,
    /// The JD counted; null for every JD outside the bin.
    pub jd_id: Option<i64>,
    /// The funnel of every candidate added in the period.
    pub overall: FunnelCounts,
    /// The funnel of each JD with candidates added in the period, newest JD first.
    pub jobs: Vec<Funnel>,
    #[serde(flatten)]
    pub durations: Durations,
    /// Applied, uploaded, CSV: candidates, Pass rate, interviewed, hired.
    pub sources: Vec<SourceRow>,
    pub interviews: InterviewRates,
    /// Recruiters with a scorecard or a decision in the period.
    pub recruiters: Vec<RecruiterActivity>,
}

/// The hiring reports over the candidates added in the period (recruiter activity: over what
/// was done in it). Pass-through counts candidates whose process is finished; the in-progress
/// count is beside it. Definitions: docs/reports.md.
#[utoipa::path(
    get, path = "/Reports/Hiring", tag = "reports", security(("bearer" = []), ("apiToken" = ["reports:read"])),
    params(PeriodParams),
    responses(
        (status = 200, body = HiringReport, description = "The period's reports"),
        (status = 400, body = ErrorBody, description = "A date that cannot be read, or a period outside the limits: from 2000-01-01, at most 731 days, `to` not before `from` (`validation`, naming the bounds); a malformed JD id (`invalid_id`)"),
        (status = 404, body = ErrorBody, description = "No such JD outside the bin (`invalid_id`)"),
        (status = 403, body = ErrorBody, description = "Only admins and recruiters given the reports permission (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn hiring_report(
    ReportReader(_): ReportReader,
    State(state): State<AppState>,
    Query(params): Query<PeriodParams>,
) -> Result<Json<HiringReport>> {
    let period = Period::read(&state, &params).await?;
    Ok(Json(compute(&state, &period).await?))
}

/// The reports of `period`.
pub async fn compute(state: &AppState, period: &Period) -> Result<HiringReport> {
    let now = state.clock.now();
    // Independent reads: on a pool of connections they run side by side.
    let (groups, durations, interviews, recruiters) = tokio::try_join!(
        funnel::groups(&state.db, period.cohort()),
        durations::durations(&state.db, period),
        breakdowns::interviews(&state.db, period, now),
        breakdowns::recruiters(&state.db, period),
    )?;
    Ok(HiringReport {
        generated_at: to_iso(now),
        from: period.from.to_string(),
        to: period.to.to_string(),
        jd_id: period.job_id,
        overall: funnel::overall(&groups),
        jobs: funnel::per_job(&groups),
        durations,
        sources: breakdowns::sources(&groups),
        interviews,
        recruiters,
    })
}

/// Which report a CSV holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ReportKind {
    /// The funnel, overall and per JD: one row per JD and stage.
    Funnel,
    /// Days in each stage.
    Stages,
    /// Time to hire and to the first interview.
    Times,
    Sources,
    Interviews,
    Recruiters,
}

impl ReportKind {
    pub fn file_stem(self) -> &'static str {
        match self {
            ReportKind::Funnel => "funnel",
            ReportKind::Stages => "days-in-stage",
            ReportKind::Times => "time-to-hire",
            ReportKind::Sources => "sources",
            ReportKind::Interviews => "ai-interviews",
            ReportKind::Recruiters => "recruiter-activity",
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct CsvParams {
    /// The report to export.
    #[param(inline)]
    report: ReportKind,
    /// As `GET /Reports/Hiring`'s.
    #[serde(default)]
    #[param(format = Date)]
    from: Option<String>,
    /// As `GET /Reports/Hiring`'s.
    #[serde(default)]
    #[param(format = Date)]
    to: Option<String>,
    /// As `GET /Reports/Hiring`'s.
    #[serde(default)]
    #[param(inline)]
    jd_id: Option<JdId>,
}

/// One of the period's reports as CSV (`report=funnel|stages|times|sources|interviews|recruiters`),
/// with the same period and JD parameters as `GET /Reports/Hiring`.
#[utoipa::path(
    get, path = "/Reports/Hiring/Csv", tag = "reports", security(("bearer" = []), ("apiToken" = ["reports:read"])),
    params(CsvParams),
    responses(
        (status = 200, body = String, content_type = "text/csv", description = "The report's rows; the file is named after the report and the period"),
        (status = 400, body = ErrorBody, description = "An unknown report, a date that cannot be read, or a period outside the limits (`validation`, `invalid_query`); a malformed JD id (`invalid_id`)"),
        (status = 404, body = ErrorBody, description = "No such JD outside the bin (`invalid_id`)"),
        (status = 403, body = ErrorBody, description = "Only admins and recruiters given the reports permission (`forbidden`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn hiring_csv(
    ReportReader(_): ReportReader,
    State(state): State<AppState>,
    Query(params): Query<CsvParams>,
) -> Result<Response> {
    let asked = PeriodParams {
        from: params.from,
        to: params.to,
        jd_id: params.jd_id,
    };
    let period = Period::read(&state, &asked).await?;
    let report = compute(&state, &period).await?;
    let mut response = export::csv(&report, params.report).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    // The name is made of our own words and dates only, so it is a valid header value.
    let name = format!(
        "attachment; filename=\"{}-{}-to-{}.csv\"",
        params.report.file_stem(),
        report.from,
        report.to
    );
    if let Ok(value) = HeaderValue::from_str(&name) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
