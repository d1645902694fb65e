//! The recruiter's dashboard: hiring counts, "today" in the recruiter's configured zone.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::repo::{Days, counts};
use super::rules::day_range;
use crate::auth::Recruiter;
use crate::error::{ErrorBody, Result};
use crate::http::Json;
use crate::state::AppState;

/// The dashboard's numbers (SPEC section 3), PascalCase as the spec names them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub(super) struct DashboardRecord {
    resumes_uploaded: i64,
    total_invite_sent: i64,
    meetings_scheduled: i64,
    total_today: i64,
    interviewed_today: i64,
    remaining_today: i64,
    yesterday_count: i64,
    tomorrow_count: i64,
    bot_joined: i64,
    needs_review_candidates: i64,
    pass_candidates: i64,
}

/// Hiring counts; "today" is the recruiter's configured time zone (see docs/interviews.md).
#[utoipa::path(
    get, path = "/Interview/Dashboard", tag = "interviews", security(("bearer" = []), ("apiToken" = ["interviews:read"])),
    responses(
        (status = 200, body = [DashboardRecord], description = "One record of counts"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn dashboard(
    _: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Vec<DashboardRecord>>> {
    let now = state.clock.now();
    let day = |n| day_range(now, &state.time_zone, n);
    let days = Days {
        yesterday: day(-1),
        today: day(0),
        tomorrow: day(1),
    };
    let c = counts(&state.db, &days).await?;
    Ok(Json(vec![DashboardRecord {
        resumes_uploaded: c.resumes,
        total_invite_sent: c.invites,
        meetings_scheduled: c.scheduled,
        total_today: c.today,
        interviewed_today: c.interviewed_today,
        remaining_today: (c.today - c.interviewed_today).max(0),
        yesterday_count: c.yesterday,
        tomorrow_count: c.tomorrow,
        bot_joined: c.bot_joined,
        needs_review_candidates: c.needs_review,
        pass_candidates: c.passed,
    }]))
}
