//! Settings, in layers: compiled defaults ← optional `hirelane.toml` ← `HIRELANE__SECTION__KEY`
//! environment variables. Secrets are wrapped in [`Secret`] so they never reach a log.

mod careers;
mod fairness;
mod load;
mod retention;
mod secret;
mod sections;
mod webhooks;

pub use careers::CareersSettings;
pub use fairness::{CategoryChoice, FairnessSettings};
pub use load::{ConfigError, ENV_PREFIX};
pub use retention::RetentionSettings;
pub use secret::Secret;
pub use sections::*;
pub use webhooks::WebhookSettings;
