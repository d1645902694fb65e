//! How a simulator is set up, and the faults it can be told to inject.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::clock::SimClock;

/// Settings of one simulator instance.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The private key every Vapi endpoint expects as `Authorization: Bearer <key>`.
    pub api_key: String,
    /// An optional public key, accepted only by `POST /call/web` (as Vapi's public keys are).
    pub public_api_key: Option<String>,
    /// Base of the URLs the simulator hands out (`webCallUrl`, `recordingUrl`), when it is
    /// reached through another address than the one it binds (a proxy, a container).
    pub public_base_url: Option<String>,
    /// The `orgId` written on every resource.
    pub org_id: String,
    /// Seeds ids and generated interviews: a fixed seed makes runs repeatable.
    pub seed: u64,
    /// The clock calls move on; real by default.
    pub clock: SimClock,
    /// Faults to inject from the start (also settable at run time).
    pub faults: Faults,
    /// Also write the mid-2024 top-level call fields (`metadata`, `transcript`,
    /// `recordingUrl`, `summary`) and accept a top-level `metadata` on `POST /call`, as the
    /// provider the product was first written against did.
    pub legacy_call_fields: bool,
    /// A file the simulator keeps its assistants and calls in, so a restart (the quick start's
    /// bundled simulator, a long-running standalone one) forgets nothing. None: memory only.
    pub state_file: Option<PathBuf>,
}

impl SimConfig {
    /// A simulator with this private key, a random seed and the real clock.
    pub fn new(api_key: impl Into<String>) -> Self {
        Self {
            api_key: api_key.into(),
            public_api_key: None,
            public_base_url: None,
            org_id: "5f0e7c4d-1b1a-4c8e-9e4b-0d3c2a1f0e9d".into(),
            seed: crate::ids::random_seed(),
            clock: SimClock::real(),
            faults: Faults::default(),
            legacy_call_fields: false,
            state_file: None,
        }
    }

    /// The same settings with a fixed seed.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The same settings, keeping assistants and calls in `path` between runs.
    pub fn with_state_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.state_file = Some(path.into());
        self
    }

    /// The same settings with the given clock (typically [`SimClock::manual`]).
    pub fn with_clock(mut self, clock: SimClock) -> Self {
        self.clock = clock;
        self
    }
}

/// Failure injection, so a client's retries and reconciliation can be tested.
///
/// Rules are consumed in order: the first rule that matches an event and still has a `count`
/// left applies and is decremented. As JSON (the control endpoint's body):
/// `{"webhooks": [{"action": "drop", "count": 1, "messageType": "end-of-call-report"}],
///   "api": [{"status": 429, "count": 2, "path": "/call", "retryAfterSeconds": 1}]}`
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Faults {
    /// Rules applied to outgoing webhooks.
    pub webhooks: Vec<WebhookFault>,
    /// Rules that make Vapi API answers fail.
    pub api: Vec<ApiFault>,
}

/// One webhook fault rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WebhookFault {
    /// What happens to a matching delivery.
    pub action: WebhookAction,
    /// How many deliveries this rule still affects.
    #[serde(default = "one")]
    pub count: u32,
    /// Only deliveries of this `message.type` (e.g. `end-of-call-report`); any when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_type: Option<String>,
    /// For `delay`: simulated seconds to hold the delivery (it leaves once the clock passes).
    #[serde(default)]
    pub delay_seconds: u64,
}

/// What a webhook fault does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WebhookAction {
    /// Never send it (as if the network lost it; Vapi does not retry by default).
    Drop,
    /// Send it `delaySeconds` of simulated time later (out of order with later events).
    Delay,
    /// Send it twice.
    Duplicate,
}

/// One API fault rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiFault {
    /// The status to answer: 429 or a 5xx.
    pub status: u16,
    /// How many answers this rule still affects.
    #[serde(default = "one")]
    pub count: u32,
    /// Only requests whose path starts with this (e.g. `/call`); any Vapi endpoint when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Only this method (e.g. `GET`); any when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Sent as `Retry-After` when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_seconds: Option<u64>,
}

fn one() -> u32 {
    1
}

impl Faults {
    /// Takes one use of the first API rule matching the request, if any.
    pub(crate) fn take_api(&mut self, method: &str, path: &str) -> Option<ApiFault> {
        let rule = self.api.iter_mut().find(|r| {
            r.count > 0
                && r.path.as_deref().is_none_or(|p| path.starts_with(p))
                && r.method
                    .as_deref()
                    .is_none_or(|m| m.eq_ignore_ascii_case(method))
        })?;
        rule.count -= 1;
        let taken = rule.clone();
        self.api.retain(|r| r.count > 0);
        Some(taken)
    }

    /// Takes one use of the first webhook rule matching a message type, if any.
    pub(crate) fn take_webhook(&mut self, message_type: &str) -> Option<WebhookFault> {
        let rule = self
            .webhooks
            .iter_mut()
            .find(|r| r.count > 0 && r.message_type.as_deref().is_none_or(|t| t == message_type))?;
        rule.count -= 1;
        let taken = rule.clone();
        self.webhooks.retain(|r| r.count > 0);
        Some(taken)
    }

    /// Problems that make these rules unusable (empty when fine).
    pub(crate) fn problems(&self) -> Vec<String> {
        self.api
            .iter()
            .filter(|r| r.status != 429 && !(500..=599).contains(&r.status))
            .map(|r| format!("api fault status {} must be 429 or 5xx", r.status))
            .collect()
    }
}
