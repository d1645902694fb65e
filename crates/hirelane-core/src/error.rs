//! The crate's one error type and its mapping to HTTP: `{ "message", "code" }` with the status.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Result of a handler or a rule.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Every machine-readable code an error answer can carry. Clients branch on these, so a
/// variant's text never changes once released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    AllRejected,
    AlreadyScheduled,
    AnalysisNotAvailable,
    AttemptNotReported,
    EmailRequired,
    FileRequired,
    FolderTaken,
    Forbidden,
    Internal,
    InterviewCompleted,
    InvalidBody,
    InvalidClock,
    InvalidDateTime,
    InvalidDetails,
    InvalidEmail,
    InvalidEvent,
    InvalidFile,
    InvalidFormat,
    InvalidId,
    InvalidJson,
    InvalidOtp,
    InvalidQuery,
    InvalidSlot,
    InvalidUpload,
    InvalidRole,
    InvalidScorecard,
    NotInterviewed,
    LastAdmin,
    StageChanged,
    InvalidStageMove,
    InvalidTemplate,
    JdRequired,
    LinkDisabled,
    NameRequired,
    NoAssistant,
    NoCandidates,
    NoValidRows,
    NotFound,
    NotScheduled,
    OtpExpired,
    OtpRequired,
    ProviderRejected,
    ProviderUnavailable,
    RateLimited,
    RecruiterExists,
    ResendCooldown,
    ResendLimit,
    RequestTimeout,
    ResumeFileIdRequired,
    SignInLocked,
    StateChanged,
    TooEarly,
    TooLarge,
    TooManyCandidates,
    TooManyFiles,
    TokenExpired,
    TokenInvalid,
    TokenRevoked,
    TokenScope,
    Unauthorized,
    UnknownEvent,
    Validation,
    WebCallsUnconfigured,
    ApplicationsClosed,
    ConsentRequired,
    ConductLogFull,
    SlugTaken,
    WindowClosed,
    InvalidWebhookUrl,
    WebhookTargetRefused,
    InvalidEventType,
}

impl ErrorCode {
    /// The code as it appears in the body.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::AllRejected => "all_rejected",
            ErrorCode::AlreadyScheduled => "already_scheduled",
            ErrorCode::AnalysisNotAvailable => "analysis_not_available",
            ErrorCode::AttemptNotReported => "attempt_not_reported",
            ErrorCode::EmailRequired => "email_required",
            ErrorCode::FileRequired => "file_required",
            ErrorCode::FolderTaken => "folder_taken",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::Internal => "internal",
            ErrorCode::InterviewCompleted => "interview_completed",
            ErrorCode::InvalidBody => "invalid_body",
            ErrorCode::InvalidClock => "invalid_clock",
            ErrorCode::InvalidDateTime => "invalid_date_time",
            ErrorCode::InvalidDetails => "invalid_details",
            ErrorCode::InvalidEmail => "invalid_email",
            ErrorCode::InvalidEvent => "invalid_event",
            ErrorCode::InvalidFile => "invalid_file",
            ErrorCode::InvalidFormat => "invalid_format",
            ErrorCode::InvalidId => "invalid_id",
            ErrorCode::InvalidJson => "invalid_json",
            ErrorCode::InvalidOtp => "invalid_otp",
            ErrorCode::InvalidQuery => "invalid_query",
            ErrorCode::InvalidSlot => "invalid_slot",
            ErrorCode::InvalidUpload => "invalid_upload",
            ErrorCode::InvalidRole => "invalid_role",
            ErrorCode::InvalidScorecard => "invalid_scorecard",
            ErrorCode::NotInterviewed => "not_interviewed",
            ErrorCode::LastAdmin => "last_admin",
            ErrorCode::StageChanged => "stage_changed",
            ErrorCode::InvalidStageMove => "invalid_stage_move",
            ErrorCode::InvalidTemplate => "invalid_template",
            ErrorCode::JdRequired => "jd_required",
            ErrorCode::LinkDisabled => "link_disabled",
            ErrorCode::NameRequired => "name_required",
            ErrorCode::NoAssistant => "no_assistant",
            ErrorCode::NoCandidates => "no_candidates",
            ErrorCode::NoValidRows => "no_valid_rows",
            ErrorCode::NotFound => "not_found",
            ErrorCode::NotScheduled => "not_scheduled",
            ErrorCode::OtpExpired => "otp_expired",
            ErrorCode::OtpRequired => "otp_required",
            ErrorCode::ProviderRejected => "provider_rejected",
            ErrorCode::ProviderUnavailable => "provider_unavailable",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::RecruiterExists => "recruiter_exists",
            ErrorCode::ResendCooldown => "resend_cooldown",
            ErrorCode::ResendLimit => "resend_limit",
            ErrorCode::RequestTimeout => "request_timeout",
            ErrorCode::ResumeFileIdRequired => "resume_file_id_required",
            ErrorCode::SignInLocked => "sign_in_locked",
            ErrorCode::StateChanged => "state_changed",
            ErrorCode::TooEarly => "too_early",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::TooManyCandidates => "too_many_candidates",
            ErrorCode::TooManyFiles => "too_many_files",
            ErrorCode::TokenExpired => "token_expired",
            ErrorCode::TokenInvalid => "token_invalid",
            ErrorCode::TokenRevoked => "token_revoked",
            ErrorCode::TokenScope => "token_scope",
            ErrorCode::Unauthorized => "unauthorized",
            ErrorCode::UnknownEvent => "unknown_event",
            ErrorCode::Validation => "validation",
            ErrorCode::WebCallsUnconfigured => "web_calls_unconfigured",
            ErrorCode::ApplicationsClosed => "applications_closed",
            ErrorCode::ConsentRequired => "consent_required",
            ErrorCode::ConductLogFull => "conduct_log_full",
            ErrorCode::SlugTaken => "slug_taken",
            ErrorCode::WindowClosed => "window_closed",
            ErrorCode::InvalidWebhookUrl => "invalid_webhook_url",
            ErrorCode::WebhookTargetRefused => "webhook_target_refused",
            ErrorCode::InvalidEventType => "invalid_event_type",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Everything that can go wrong while answering a request.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input; `message` is shown to the user as is.
    #[error("{message}")]
    BadRequest {
        code: ErrorCode,
        message: String,
        /// Extra fields merged into the body (e.g. `attemptsRemaining`).
        extra: Option<serde_json::Value>,
    },
    /// Missing, expired, malformed or forged credentials.
    #[error("unauthorized")]
    Unauthorized,
    #[error("{message}")]
    NotFound { code: ErrorCode, message: String },
    #[error("{message}")]
    Conflict { code: ErrorCode, message: String },
    /// A conflict whose answer says what the current state is (e.g. `currentStage`), so the
    /// client can show it instead of overwriting it.
    #[error("{message}")]
    ConflictWith {
        code: ErrorCode,
        message: String,
        current: serde_json::Value,
    },
    /// An API token that cannot be used: unknown (`token_invalid`), past its expiry
    /// (`token_expired`) or revoked (`token_revoked`). A 401 like [`Error::Unauthorized`], with
    /// a code an integrator can act on.
    #[error("{message}")]
    TokenRefused { code: ErrorCode, message: String },
    /// A valid API token on a route its scopes do not cover (`needed` names the scope), or on
    /// one no token may use (`needed` is `None`): 403 `token_scope`.
    #[error("{message}")]
    OutOfScope {
        message: String,
        needed: Option<String>,
    },
    /// Valid credentials of the wrong kind, e.g. an expired signed link.
    #[error("{message}")]
    Forbidden { message: String },
    /// An upload over the size limit, refused while it streamed in.
    #[error("{message}")]
    PayloadTooLarge { message: String },
    #[error("{message}")]
    TooManyRequests {
        code: ErrorCode,
        message: String,
        retry_after_seconds: u64,
    },
    /// A service we depend on (the voice provider) failed or is unreachable; `message` is the
    /// text the page shows.
    #[error("{message}")]
    Unavailable { code: ErrorCode, message: String },
    /// The request was not answered within the server's time limit.
    #[error("the request took too long")]
    TimedOut,
    /// A part we depend on failed; the cause is logged, the client sees a generic message.
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl Error {
    pub fn bad_request(code: ErrorCode, message: impl Into<String>) -> Self {
        Error::BadRequest {
            code,
            message: message.into(),
            extra: None,
        }
    }

    pub fn not_found(code: ErrorCode, message: impl Into<String>) -> Self {
        Error::NotFound {
            code,
            message: message.into(),
        }
    }

    pub fn too_many(code: ErrorCode, message: impl Into<String>, retry_after: u64) -> Self {
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
    pub code: ErrorCode,
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
                ErrorCode::Unauthorized,
                "Unauthorized".to_owned(),
                None,
                None,
            ),
            Error::TokenRefused { code, message } => {
                (StatusCode::UNAUTHORIZED, code, message, None, None)
            }
            Error::OutOfScope { message, needed } => (
                StatusCode::FORBIDDEN,
                ErrorCode::TokenScope,
                message,
                Some(serde_json::json!({ "scope": needed })),
                None,
            ),
            Error::NotFound { code, message } => (StatusCode::NOT_FOUND, code, message, None, None),
            Error::Conflict { code, message } => (StatusCode::CONFLICT, code, message, None, None),
            Error::ConflictWith {
                code,
                message,
                current,
            } => (StatusCode::CONFLICT, code, message, Some(current), None),
            Error::Forbidden { message } => (
                StatusCode::FORBIDDEN,
                ErrorCode::Forbidden,
                message,
                None,
                None,
            ),
            Error::PayloadTooLarge { message } => (
                StatusCode::PAYLOAD_TOO_LARGE,
                ErrorCode::TooLarge,
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
            Error::TimedOut => (
                StatusCode::REQUEST_TIMEOUT,
                ErrorCode::RequestTimeout,
                "The request took too long. Please try again.".to_owned(),
                None,
                None,
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
        let mut body = serde_json::json!({ "message": message, "code": code.as_str() });
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
    ErrorCode,
    String,
    Option<serde_json::Value>,
    Option<u64>,
) {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        ErrorCode::Internal,
        "Something went wrong. Please try again.".to_owned(),
        None,
        None,
    )
}
