//! Black-box API tests: the real application on a random port, real databases, one binary.

mod api_tokens;
mod auth;
mod candidates;
mod careers;
mod contract;
mod demo;
mod fairness;
mod hardening;
mod helpers;
mod interviews;
mod jobs;
mod openapi;
mod pipeline;
mod reports;
mod schema;
mod search;
mod selfhosted;
mod serving;
mod voice;
mod webhooks;
