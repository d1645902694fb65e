//! Settings, in layers: compiled defaults ← optional `hirelane.toml` ← `HIRELANE__SECTION__KEY`
//! environment variables. Secrets are wrapped in [`Secret`] so they never reach a log.

mod load;
mod secret;
mod sections;

pub use load::{ConfigError, ENV_PREFIX};
pub use secret::Secret;
pub use sections::*;
