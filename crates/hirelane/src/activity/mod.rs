//! The activity log: an append-only record of every change on a candidate (who, what, when),
//! written with the change (`log.rs`) and read as timelines and feeds (`feed.rs`).

pub mod feed;
pub mod log;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use log::{Actor, EventKind, Subject, record};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(feed::activity))
}
