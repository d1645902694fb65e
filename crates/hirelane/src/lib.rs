//! Hirelane: the hiring product's server. Recruiters keep job descriptions, score resumes and
//! run AI voice interviews; candidates schedule and join interviews from an invite link.
//!
//! `main.rs` only parses the command line; everything else lives here so tests can build the
//! real application on a random port.

pub mod activity;
pub mod api_doc;
pub mod app;
pub mod auth;
pub mod candidates;
pub mod careers;
pub mod demo;
pub mod embedding;
pub mod fairness;
pub mod http;
pub mod interviews;
pub mod jobs;
pub mod mail;
pub mod metrics;
pub mod ops;
pub mod pipeline;
pub mod placeholders;
pub mod rate_limit;
pub mod reports;
pub mod serve;
pub mod state;
pub mod team;
pub mod telemetry;
pub mod token_scopes;
pub mod voice;
pub mod webhooks;

pub use app::Application;
// The kernel crate's settings, error type and store, under the paths the server's code has
// always used (`crate::store::Db`, `crate::with_db!`, `hirelane::config::Settings`), and the
// statement macros beside `with_db!` (`crate::fetch_as!`, `fetch_scalar!`, `execute!`).
pub use hirelane_core::{config, error, execute, fetch_as, fetch_scalar, store, with_db, with_tx};
pub use state::AppState;
