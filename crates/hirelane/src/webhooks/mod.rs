//! Signed outgoing webhooks. Every candidate event of the activity log, and every change of a
//! job's public page (careers' `job_events`), is queued in the outbox on the change's own
//! transaction (`outbox`), one row per subscribed endpoint; the delivery worker (`worker`)
//! sends each once per instance set, in order per candidate (or job), signed
//! (`signature`), to checked public addresses only (`target`), with retries (`deliveries`).

mod api;
mod deliveries;
mod endpoints;
mod events;
pub mod outbox;
mod payload;
mod send;
mod signature;
mod target;
mod worker;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use worker::{deliver_due, run};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(api::list_webhooks, api::add_webhook))
        .routes(routes!(api::rotate_secret))
        .routes(routes!(api::resume_webhook))
        .routes(routes!(api::remove_webhook))
        .routes(routes!(api::list_deliveries))
        .routes(routes!(api::resend_delivery))
}
