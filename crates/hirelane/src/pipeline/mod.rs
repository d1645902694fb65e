//! Hiring decisions: stages and their rules (`stages.rs`), the board (`board.rs`), the funnel (`funnel.rs`),
//! moves and decision e-mails (`moves.rs`, `templates.rs`), and scorecards (`scorecards.rs`).

pub mod board;
pub mod funnel;
pub mod moves;
pub mod scorecards;
pub mod stages;
pub mod templates;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(board::board))
        .routes(routes!(funnel::funnel))
        .routes(routes!(moves::move_candidates))
        .routes(routes!(moves::email_preview))
        .routes(routes!(scorecards::scorecards, scorecards::save_scorecard))
        .routes(routes!(
            templates::email_templates,
            templates::save_email_template
        ))
}
