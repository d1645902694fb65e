//! Candidates: resume and CSV intake, the durable analysis queue, candidate lists, resume
//! details, delete, signed links to the original files, and resumes shown inside the app.

pub mod accommodations;
mod csv;
mod delete;
pub mod details;
mod download;
pub mod erase;
pub mod erasure_requests;
pub mod files;
pub mod intake;
pub mod interview_outcome;
mod invites;
mod leases;
pub mod list_order;
pub mod list_query;
mod lists;
pub mod portal_link;
mod preview;
pub mod purge;
pub mod repo;
pub mod retention;
pub mod search;
mod search_results;
pub mod status;
pub mod worker;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    // Uploads stream through their own per-file cap, so the global body limit is lifted there.
    let uploads = OpenApiRouter::new()
        .routes(routes!(intake::upload::upload_resume))
        .routes(routes!(csv::upload_candidates_csv))
        .layer(DefaultBodyLimit::disable());
    OpenApiRouter::new()
        .merge(uploads)
        .routes(routes!(lists::view_jd_resumes))
        .routes(routes!(lists::get_all_candidates))
        .routes(routes!(delete::delete_resume))
        .routes(routes!(download::resume_file))
        .routes(routes!(preview::resume_preview))
        .routes(routes!(details::resume_details))
        .routes(routes!(search_results::search_all))
        .routes(routes!(erasure_requests::list_requests))
        .routes(routes!(erasure_requests::confirm_request))
        .routes(routes!(erasure_requests::decline_request))
        .routes(routes!(accommodations::list_accommodation_requests))
        .routes(routes!(accommodations::answer_accommodation_request))
}
