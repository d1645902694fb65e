//! The hiring reports a team runs every week: the funnel with pass-through over finished
//! candidates, days in each stage, time to hire and to the first interview, sources, AI
//! interviews and recruiters' activity, for admins and recruiters given the reports permission.
//! "Reached a stage" is the kernel's one definition (`Stage::reached_by`); the funnel is
//! counted by the pipeline's `funnel` module, the same code the dashboard's funnel runs.

mod breakdowns;
mod durations;
mod export;
pub mod hiring;
pub mod period;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(hiring::hiring_report))
        .routes(routes!(hiring::hiring_csv))
}
