//! How a voice-provider failure reaches the API: the provider's own words for a request it
//! refused, a 404 for what it does not have, a 502 with the page's text for the rest.

use super::provider::ProviderError;
use crate::error::{Error, ErrorCode};

/// A provider failure as the API answers it: the provider's own words for a request it
/// refused, `missing` for something it does not have, else `fallback` (cause logged).
pub fn provider_error(err: ProviderError, fallback: &str, missing: &str) -> Error {
    match err {
        ProviderError::Rejected { message, .. } => {
            Error::bad_request(ErrorCode::ProviderRejected, message)
        }
        ProviderError::NotFound => Error::not_found(ErrorCode::NotFound, missing),
        ProviderError::Unavailable(cause) | ProviderError::Invalid(cause) => {
            tracing::warn!(cause, "voice provider failure");
            Error::Unavailable {
                code: ErrorCode::ProviderUnavailable,
                message: fallback.to_owned(),
            }
        }
    }
}
