//! Fairness: voluntary self-identification (kept apart from everything a recruiter or a scorer
//! reads), the bias audit of every automated step built from it, and its publication on the
//! public "How we score" page.

mod bias_audit;
mod flags;
pub mod publish;
mod report;
mod sample;
pub mod self_id;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(bias_audit::bias_audit))
        .routes(routes!(flags::fairness_flags))
        .routes(routes!(
            publish::publish_summary,
            publish::published_summary,
            publish::withdraw_summary
        ))
}
