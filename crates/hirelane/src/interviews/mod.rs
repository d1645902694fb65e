//! The candidate interview flow: invites, self-scheduling in the candidate's zone, the join
//! window and web call, the interview's conduct log, next-step details, reminders, and the
//! recruiter's dashboard.
//!
//! Candidate routes carry no account: the invite's token (128 random bits, the API's
//! `inviteId`) is the credential, each route is rate-limited per client address, and an
//! unknown token answers exactly like a missing one.

mod access;
mod attempts;
mod booking;
pub mod call_reference;
pub mod completion;
pub mod conduct;
mod dashboard;
pub mod details;
pub mod details_form;
mod details_schema;
mod details_settings;
pub mod emails;
pub mod facts;
pub mod ics;
pub mod invites;
mod join;
mod next_step;
pub mod reminders;
pub mod repo;
pub mod rules;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use self::call_reference::link_reported_call;
pub use self::details::NextStepDetails;
pub use self::reminders::{run_reminders, send_due_reminders};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(invites::send_invites))
        .routes(routes!(dashboard::dashboard))
        .routes(routes!(next_step::next_step))
        .routes(routes!(booking::schedule_interview))
        .routes(routes!(booking::reschedule_interview))
        .routes(routes!(join::start_interview))
        .routes(routes!(join::web_call))
        .routes(routes!(conduct::page::report_conduct))
        .routes(routes!(next_step::add_candidate_details))
        .routes(routes!(details_settings::candidate_details_form))
        .routes(routes!(
            details_settings::details_form_settings,
            details_settings::save_details_form,
            details_settings::reset_details_form
        ))
        .routes(routes!(attempts::attempts, attempts::count_attempt))
}
