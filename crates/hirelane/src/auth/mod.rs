//! Sign-in by e-mailed one-time code, access and refresh tokens, integrators' API tokens, and
//! the guard every protected route takes as its first argument.

mod api_token_settings;
pub mod api_tokens;
pub mod first_run;
mod guard;
pub mod lockout;
pub mod otp;
pub mod recruiters;
mod sign_in;
pub mod tokens;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use guard::{Admin, Recruiter, ReportReader};
pub use recruiters::Role;
pub use tokens::sign_hs256;

use crate::state::AppState;

/// The auth routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_in::request_otp))
        .routes(routes!(sign_in::verify_otp))
        .routes(routes!(sign_in::refresh_token))
        .routes(routes!(sign_in::me))
        .routes(routes!(sign_in::logout))
        .routes(routes!(
            api_token_settings::list_api_tokens,
            api_token_settings::create_api_token
        ))
        .routes(routes!(api_token_settings::revoke_api_token))
}
