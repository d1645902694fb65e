//! Outgoing webhooks: how deliveries are sent, and which targets they may reach.

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebhookSettings {
    /// Lets endpoints on loopback, private, link-local and other internal addresses, and plain
    /// `http://` URLs, be subscribed and delivered to. Off: a webhook could otherwise be aimed
    /// at the deployment's own network (SSRF). For a receiver on the same host or in tests.
    pub allow_private_targets: bool,
    /// How often each instance looks for due deliveries; 0 turns this instance's worker off.
    pub poll_interval_ms: u64,
    /// Deliveries one instance sends at once (a slow endpoint holds one of them at most
    /// `timeout_seconds`).
    pub concurrency: usize,
    /// To open the connection to an endpoint.
    pub connect_timeout_seconds: u64,
    /// For a whole delivery, reading the answer included: a response that never ends is cut off.
    pub timeout_seconds: u64,
    /// An endpoint is paused (and the admins told) after this many failed deliveries in a row…
    pub pause_after_failures: u32,
    /// …when it has been failing for at least this long.
    pub pause_after_hours: u64,
}

impl Default for WebhookSettings {
    fn default() -> Self {
        Self {
            allow_private_targets: false,
            poll_interval_ms: 1000,
            concurrency: 16,
            connect_timeout_seconds: 5,
            timeout_seconds: 15,
            pause_after_failures: 20,
            pause_after_hours: 24,
        }
    }
}
