//! Fairness: voluntary self-identification (kept apart from everything a recruiter or a scorer
//! reads) and the bias audit of every automated step built from it.

mod bias_audit;
mod report;
mod sample;
pub mod self_id;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(bias_audit::bias_audit))
}
