//! The simulator's one error type and its mapping to Vapi's error body.
//!
//! Vapi is a NestJS service, so errors use Nest's default shape
//! `{"message": string | string[], "error": "<reason phrase>", "statusCode": n}`; validation
//! failures list every problem in a `message` array, as class-validator does.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// Result of a handler.
pub(crate) type ApiResult<T> = Result<T, ApiError>;

/// Everything a Vapi-compatible endpoint can answer besides success.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ApiError {
    /// Request validation failed; one message per problem.
    #[error("validation failed: {0:?}")]
    Validation(Vec<String>),
    /// A bad request with a single message (malformed JSON, unknown resource referenced).
    #[error("{0}")]
    BadRequest(String),
    /// Missing or wrong API key.
    #[error("invalid key")]
    Unauthorized,
    #[error("{0}")]
    NotFound(String),
    /// An answer forced by fault injection (429 or 5xx).
    #[error("injected {status}")]
    Injected {
        status: StatusCode,
        retry_after_seconds: Option<u64>,
    },
}

/// Vapi's text for a wrong key (seen in real answers; it is the same for a missing key).
pub(crate) const INVALID_KEY: &str = "Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.";

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message, retry_after) = match self {
            ApiError::Validation(messages) => (StatusCode::BAD_REQUEST, json!(messages), None),
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, json!(m), None),
            ApiError::Unauthorized => (StatusCode::UNAUTHORIZED, json!(INVALID_KEY), None),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, json!(m), None),
            ApiError::Injected {
                status,
                retry_after_seconds,
            } => {
                let text = if status == StatusCode::TOO_MANY_REQUESTS {
                    "Rate limit exceeded"
                } else {
                    "Internal server error"
                };
                (status, json!(text), retry_after_seconds)
            }
        };
        let body = error_body(status, message);
        let mut response = (status, Json(body)).into_response();
        if let Some(secs) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// `{message, error, statusCode}` for a status and a message (string or array).
pub(crate) fn error_body(status: StatusCode, message: Value) -> Value {
    json!({
        "message": message,
        "error": status.canonical_reason().unwrap_or("Error"),
        "statusCode": status.as_u16(),
    })
}

/// A JSON body extractor whose rejections use Vapi's error shape instead of axum's plain text.
/// Bodies stay untyped JSON: the handlers validate field by field, as class-validator would.
#[derive(Debug)]
pub(crate) struct VapiJson(pub Value);

impl<S: Send + Sync> FromRequest<S> for VapiJson {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<Value>::from_request(req, state).await {
            Ok(Json(value)) => Ok(VapiJson(value)),
            Err(rejection) => Err(rejection.into()),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        ApiError::BadRequest(rejection.body_text())
    }
}
