//! The team: recruiters and their roles, managed by admins (Settings → Team).

mod members;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(members::team, members::invite_member))
        .routes(routes!(members::set_role))
        .routes(routes!(members::set_reports))
        .routes(routes!(members::remove_member))
}
