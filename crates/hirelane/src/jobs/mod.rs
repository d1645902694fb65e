//! Job descriptions: folders (one JD each), create, edit, read, delete to a bin, restore, and
//! the 30-day purge. The routes are the spec's `/Drive/...` calls plus the bin's.

mod bin;
pub mod create;
pub mod descriptions;
mod done;
mod folders;
pub mod ids;
pub mod lookup;
pub mod purge;
pub mod repo;
pub mod rules;
pub mod sanitize;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub use ids::id_text;
pub use lookup::active_job;
pub use purge::purge_bin;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(folders::create_job_folder))
        .routes(routes!(folders::jd_folders))
        .routes(routes!(descriptions::get_jd_by_id))
        .routes(routes!(descriptions::edit_jd_folder))
        .routes(routes!(bin::delete_jd))
        .routes(routes!(bin::bin))
        .routes(routes!(bin::restore_jd))
}
