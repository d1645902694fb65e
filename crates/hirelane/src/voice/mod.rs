//! Voice interviews: the provider client (Vapi's API, or the bundled simulator), assistants,
//! scheduled calls, call history, the provider's webhooks, the reconciler for lost webhooks,
//! what is concluded from a call (`conclusions/`) and recordings. Only the server talks to the provider; the browser calls
//! the `/Voice/...` routes and never sees the provider's key.

pub mod assistants;
pub mod calls;
pub mod client;
pub mod conclusions;
pub mod deliveries;
pub mod integrity;
pub mod provider;
pub mod provider_errors;
pub mod reconciler;
pub mod recordings;
pub mod repo;
pub mod rubric;
pub mod rules;
pub mod selfhosted;
pub mod setup;
pub mod vapi;
pub mod view;
mod webhook;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use self::calls::{WebCall, create_web_call, web_call_of};
pub use self::client::{SIM_INFO_FILE, SIM_STATE_FILE, Voice, WEBHOOK_PATH, recording_link};
pub use self::provider_errors::provider_error;
pub use self::reconciler::{reconcile, run_reconciler};
use crate::state::AppState;

/// The voice routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            assistants::list_assistants,
            assistants::create_assistant
        ))
        .routes(routes!(
            assistants::get_assistant,
            assistants::delete_assistant
        ))
        .routes(routes!(rubric::get_rubric, rubric::put_rubric))
        .routes(routes!(calls::list_calls, calls::create_call))
        .routes(routes!(calls::get_call))
        .routes(routes!(recordings::recording))
        .routes(routes!(conclusions::interview_analysis::interview_analysis))
        .routes(routes!(webhook::vapi_webhook))
        .routes(routes!(selfhosted::engine::interview_socket))
}

/// The instance is stopping: the self-hosted interviews it runs move to another instance (their
/// pages are told to reconnect at once), having let go of their leases.
pub async fn hand_over_interviews(state: &AppState) {
    if let Ok(Voice {
        selfhosted: Some(runtime),
        ..
    }) = client::of(state)
    {
        runtime.drain().await;
    }
}
