//! Careers: published JDs with their public job pages and job board API, applications (with
//! consent, abuse limits and confirmed re-applications), the autopilot from application to
//! interview invite with its daily digest, and the candidate's own page (status, withdrawal,
//! their data, erasure requests, self-identification), and the organisation's name they read.

pub mod applications;
mod apply;
pub mod autopilot;
pub mod autopilot_due;
pub mod digest;
mod explanation;
mod export;
mod html;
pub mod job_events;
pub mod organisation;
pub mod pages;
mod portal;
pub mod postings;
mod public_api;
pub mod published;
pub mod reapply;
pub mod scoring_page;
mod self_identification;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    // The resume streams through its own cap, so the global body limit is lifted there.
    let applying = OpenApiRouter::new()
        .routes(routes!(public_api::apply_to_job))
        .layer(DefaultBodyLimit::disable());
    OpenApiRouter::new()
        .merge(applying)
        .routes(routes!(postings::get_posting, postings::put_posting))
        .routes(routes!(autopilot::get_autopilot, autopilot::put_autopilot))
        .routes(routes!(
            organisation::get_organization,
            organisation::put_organization
        ))
        .routes(routes!(public_api::list_jobs))
        .routes(routes!(public_api::get_job))
        .routes(routes!(public_api::confirm_application))
        .routes(routes!(portal::my_application))
        .routes(routes!(portal::withdraw))
        .routes(routes!(portal::my_data))
        .routes(routes!(portal::request_erasure))
        .routes(routes!(portal::keep_for_other_jobs))
        .routes(routes!(explanation::my_assessment))
        .routes(routes!(portal::request_accommodation))
        .routes(routes!(
            self_identification::my_self_identification,
            self_identification::put_self_identification,
            self_identification::delete_self_identification
        ))
}
