//! The crate's one error type.

/// Why an answer could not be graded. Each variant has a stable machine code
/// ([`AssessError::code`]) for APIs and the CLI.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AssessError {
    /// More key points than a question may have.
    #[error("{count} key points is too many: at most {max} per question")]
    TooManyKeyPoints {
        /// How many were given.
        count: usize,
        /// The cap ([`crate::MAX_KEY_POINTS`]).
        max: usize,
    },
    /// One key point, the reference answer, the question or the answer is longer than its cap.
    #[error("the {field} is {chars} characters long: at most {max}")]
    TooLong {
        /// Which input: `key point`, `reference answer`, `question` or `answer`.
        field: &'static str,
        /// Its length in characters.
        chars: usize,
        /// The cap.
        max: usize,
    },
    /// The embedding model failed (missing files, a runtime error).
    #[error("the embedding model failed: {0}")]
    Embedding(String),
}

impl AssessError {
    /// The reason as a stable lower-case code: `too_many_key_points`, `too_long`, `embedding`.
    pub fn code(&self) -> &'static str {
        match self {
            AssessError::TooManyKeyPoints { .. } => "too_many_key_points",
            AssessError::TooLong { .. } => "too_long",
            AssessError::Embedding(_) => "embedding",
        }
    }
}
