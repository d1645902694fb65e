//! The crate's one error type and its mapping to HTTP: `{ "message", "code" }` with the status.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Result of a handler or a rule.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything that can go wrong while answering a request.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input; `message` is shown to the user as is.
    #[error("{message}")]
    BadRequest {
        code: &'static str,
        message: String,
        /// Extra fields merged into the body (e.g. `attemptsRemaining`).
        extra: Option<serde_json::Value>,
    },
    /// Missing, expired, malformed or forged credentials.
    #[error("unauthorized")]
    Unauthorized,
    #[error("{message}")]
    NotFound { code: &'static str, message: String },
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// Valid credentials of the wrong kind, e.g. an expired signed link.
    #[error("{message}")]
    Forbidden { message: String },
    /// An upload over the size limit, refused while it streamed in.
    #[error("{message}")]
    PayloadTooLarge { message: String },
    #[error("{message}")]
    TooManyRequests {
        code: &'static str,
        message: String,
        retry_after_seconds: u64,
    },
    /// A service we depend on (the voice provider) failed or is unreachable; `message` is the
    /// text the page shows.
    #[error("{message}")]
    Unavailable { code: &'static str, message: String },
    /// A part we depend on failed; the cause is logged, the client sees a generic message.
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl Error {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Error::BadRequest {
            code,
            message: message.into(),
            extra: None,
        }
    }

    pub fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Error::NotFound {
            code,
            message: message.into(),
        }
    }

    pub fn too_many(code: &'static str, message: impl Into<String>, retry_after: u64) -> Self {
        Error::TooManyRequests {
            code,
            message: message.into(),
            retry_after_seconds: retry_after,
        }
    }
}

/// The body of every error answer.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Human-readable text, the spec's wording where it has one.
    pub message: String,
    /// Stable machine-readable code.
    pub code: String,
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let (status, code, message, extra, retry_after) = match self {
            Error::BadRequest {
                code,
                message,
                extra,
            } => (StatusCode::BAD_REQUEST, code, message, extra, None),
            Error::Unauthorized => (
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                "Unauthorized".to_owned(),
                None,
                None,
            ),
            Error::NotFound { code, message } => (StatusCode::NOT_FOUND, code, message, None, None),
            Error::Conflict { code, message } => (StatusCode::CONFLICT, code, message, None, None),
            Error::Forbidden { message } => {
                (StatusCode::FORBIDDEN, "forbidden", message, None, None)
            }
            Error::PayloadTooLarge { message } => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                message,
                None,
                None,
            ),
            Error::Unavailable { code, message } => {
                (StatusCode::BAD_GATEWAY, code, message, None, None)
            }
            Error::TooManyRequests {
                code,
                message,
                retry_after_seconds,
            } => (
                StatusCode::TOO_MANY_REQUESTS,
                code,
                message,
                Some(serde_json::json!({ "retryAfterSeconds": retry_after_seconds })),
                Some(retry_after_seconds),
            ),
            Error::Database(err) => {
                tracing::error!(error = %err, "database error");
                internal()
            }
            Error::Internal(err) => {
                tracing::error!(error = format!("{err:#}"), "internal error");
                internal()
            }
        };
        let mut body = serde_json::json!({ "message": message, "code": code });
        if let (Some(serde_json::Value::Object(extra)), Some(body)) = (extra, body.as_object_mut())
        {
            body.extend(extra);
        }
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

fn internal() -> (
    StatusCode,
    &'static str,
    String,
    Option<serde_json::Value>,
    Option<u64>,
) {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        "Something went wrong. Please try again.".to_owned(),
        None,
        None,
    )
}
