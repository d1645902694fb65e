//! The simulator's state and the engine that moves calls along on the [`SimClock`].
//!
//! All state sits behind one mutex. Every request first runs the transitions that are due at
//! the clock's current instant ("tick"), so answers always reflect the clock even if the
//! background engine has not woken yet; the engine exists so webhooks leave without polling.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tokio::sync::{Notify, mpsc, watch};

use crate::clock::ClockMode;
use crate::config::{Faults, SimConfig, WebhookAction};
use crate::ids::IdGen;
use crate::script::{Interview, Outcome};

mod calls;
mod persist;
mod render;
mod webhooks;

pub(crate) use render::subscription_limits;

/// Shared simulator state, owned by the router, the engine and the delivery worker.
#[derive(Debug)]
pub(crate) struct Sim {
    pub cfg: SimConfig,
    pub base_url: String,
    store: Mutex<Store>,
    outbox: mpsc::UnboundedSender<Outgoing>,
    /// Webhooks queued or being sent; [`Sim::idle`] waits for zero.
    in_flight: AtomicUsize,
    idle_changed: Notify,
    /// Wakes the engine when a new transition may be due (a call created or joined).
    pub wake: Notify,
}

/// Everything that changes.
#[derive(Debug)]
pub(crate) struct Store {
    ids: IdGen,
    seq: u64,
    pub assistants: HashMap<String, AssistantRec>,
    pub calls: HashMap<String, CallRec>,
    pub faults: Faults,
    /// Delayed webhooks and when they may leave.
    held: Vec<(Timestamp, Outgoing)>,
    pub log: Vec<Delivery>,
    /// Webhooks produced during this lock (rendered when their transition happened, so each
    /// carries the call as it was then), sent when the lock is released.
    outgoing: Vec<Outgoing>,
    ctx: RenderCtx,
    /// A digest of what was last written to the state file (nothing is rewritten unchanged).
    saved_digest: Option<u64>,
}

/// What rendering resources needs from the configuration.
#[derive(Debug)]
struct RenderCtx {
    org_id: String,
    base_url: String,
    legacy: bool,
}

/// A saved assistant: the fields the client sent, plus what Vapi adds.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct AssistantRec {
    pub id: String,
    pub seq: u64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub fields: Map<String, Value>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Kind {
    Phone,
    Web,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Status {
    Scheduled,
    Queued,
    Ringing,
    InProgress,
    Ended,
}

impl Status {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Status::Scheduled => "scheduled",
            Status::Queued => "queued",
            Status::Ringing => "ringing",
            Status::InProgress => "in-progress",
            Status::Ended => "ended",
        }
    }
}

/// A call and where it is in its life.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct CallRec {
    pub id: String,
    pub seq: u64,
    pub kind: Kind,
    /// The create fields echoed back (name, assistantId, assistantOverrides, customer, …).
    pub request: Map<String, Value>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub status: Status,
    /// When the next transition is due.
    pub next_at: Option<Timestamp>,
    pub started_at: Option<Timestamp>,
    pub ended_at: Option<Timestamp>,
    pub ended_reason: Option<String>,
    pub outcome: Outcome,
    call_hash: u64,
    /// The assistant as it was when the call left the queue, with the overrides applied.
    assistant: Option<Map<String, Value>>,
    /// The saved assistant's own question list (its metadata's `questions`): a call's
    /// `metadata` override replaces the whole object, so the effective assistant loses it.
    #[serde(default)]
    scripted: Option<Value>,
    interview: Option<Interview>,
    artifact: Option<Value>,
    analysis: Option<Value>,
    cost: Option<f64>,
    /// The generated recording, served at `/recordings/{id}.wav`; rendered again from the
    /// interview when a saved call is loaded.
    #[serde(skip)]
    pub recording: Option<Arc<Vec<u8>>>,
}

#[derive(Debug)]
enum Event {
    Status { call: String, at: Timestamp },
    Report { call: String, at: Timestamp },
}

/// A webhook ready to send.
#[derive(Debug, Clone)]
pub(crate) struct Outgoing {
    url: String,
    secret: Option<String>,
    headers: Vec<(String, String)>,
    timeout: Duration,
    body: Value,
    message_type: String,
    call_id: String,
}

/// One line of the webhook log (`GET /_sim/webhooks`, [`crate::SimHandle::deliveries`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    /// `status-update` or `end-of-call-report`.
    pub message_type: String,
    /// The call the message is about.
    pub call_id: String,
    /// For `status-update`: the status announced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// Where it was (or would have been) sent.
    pub url: String,
    /// `delivered`, `failed`, `dropped` or `delayed`.
    pub outcome: String,
    /// The receiver's HTTP status, when it answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    /// Why sending failed (connection refused, timeout).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Sim {
    /// The state plus the receiving end of the webhook queue (for the delivery worker).
    pub(crate) fn new(
        cfg: SimConfig,
        base_url: String,
    ) -> (Arc<Self>, mpsc::UnboundedReceiver<Outgoing>) {
        let (outbox, rx) = mpsc::unbounded_channel();
        let mut saved = cfg.state_file.as_deref().and_then(persist::load);
        if let Some(saved) = &saved {
            tracing::info!(
                assistants = saved.assistants.len(),
                calls = saved.calls.len(),
                "vapi-sim: saved state loaded"
            );
        }
        let store = Store {
            assistants: saved
                .as_mut()
                .map(persist::Saved::assistants)
                .unwrap_or_default(),
            calls: saved
                .as_mut()
                .map(persist::Saved::calls)
                .unwrap_or_default(),
            seq: saved.as_ref().map_or(0, |s| s.seq),
            ids: saved.map_or_else(|| IdGen::new(cfg.seed), |s| s.ids),
            faults: cfg.faults.clone(),
            held: Vec::new(),
            log: Vec::new(),
            outgoing: Vec::new(),
            ctx: RenderCtx {
                org_id: cfg.org_id.clone(),
                base_url: base_url.clone(),
                legacy: cfg.legacy_call_fields,
            },
            saved_digest: None,
        };
        let sim = Arc::new(Self {
            cfg,
            base_url,
            store: Mutex::new(store),
            outbox,
            in_flight: AtomicUsize::new(0),
            idle_changed: Notify::new(),
            wake: Notify::new(),
        });
        (sim, rx)
    }

    pub(crate) fn now(&self) -> Timestamp {
        self.cfg.clock.now()
    }

    /// Runs `f` on the state after bringing it up to the clock's present, then sends the
    /// webhooks that the transitions (and `f`) produced.
    pub(crate) fn with_store<R>(&self, f: impl FnOnce(&mut Store, Timestamp) -> R) -> R {
        let now = self.now();
        let mut store = self.lock();
        store.tick(now);
        let result = f(&mut store, now);
        self.flush(&mut store, now);
        if let Some(path) = &self.cfg.state_file
            && let Err(e) = store.save(path)
        {
            tracing::error!(path = %path.display(), error = %e, "vapi-sim: cannot save its state");
        }
        result
    }

    fn lock(&self) -> MutexGuard<'_, Store> {
        // Handlers never panic while holding the lock in a way that leaves half an update
        // worth refusing to serve; a poisoned lock is still usable.
        self.store.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sends the webhooks produced under this lock, applying fault rules, and releases held ones.
    fn flush(&self, store: &mut Store, now: Timestamp) {
        let outgoing = std::mem::take(&mut store.outgoing);
        for out in outgoing {
            match store.faults.take_webhook(&out.message_type) {
                None => self.send(out),
                Some(rule) => match rule.action {
                    WebhookAction::Drop => store.log.push(out.logged("dropped", None, None)),
                    WebhookAction::Duplicate => {
                        self.send(out.clone());
                        self.send(out);
                    }
                    WebhookAction::Delay => {
                        store.log.push(out.logged("delayed", None, None));
                        let due = now
                            .saturating_add(SignedDuration::from_secs(rule.delay_seconds as i64))
                            .unwrap_or(now);
                        store.held.push((due, out));
                    }
                },
            }
        }
        let (due, later): (Vec<_>, Vec<_>) = std::mem::take(&mut store.held)
            .into_iter()
            .partition(|(at, _)| *at <= now);
        store.held = later;
        for (_, out) in due {
            self.send(out);
        }
    }

    fn send(&self, out: Outgoing) {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        if self.outbox.send(out).is_err() {
            // The worker is gone (shutting down): nothing will be sent, so nothing is pending.
            self.finished_one();
        }
    }

    fn finished_one(&self) {
        if self.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.idle_changed.notify_waiters();
        }
    }

    /// Brings calls up to the clock and waits until every webhook that is due has been sent
    /// (delayed ones still held do not count).
    pub(crate) async fn idle(&self) {
        self.with_store(|_, _| ());
        loop {
            let notified = self.idle_changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.in_flight.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }

    /// When the engine should next look (the earliest due transition or held webhook).
    fn next_due(&self) -> Option<Timestamp> {
        let store = self.lock();
        let calls = store.calls.values().filter_map(|c| c.next_at);
        let held = store.held.iter().map(|(at, _)| *at);
        calls.chain(held).min()
    }

    /// Sends webhooks one at a time (so a call's messages arrive in order) and logs results.
    pub(crate) async fn deliver(self: Arc<Self>, mut rx: mpsc::UnboundedReceiver<Outgoing>) {
        let client = reqwest::Client::new();
        while let Some(out) = rx.recv().await {
            let mut request = client.post(&out.url).timeout(out.timeout).json(&out.body);
            if let Some(secret) = &out.secret {
                request = request.header("x-vapi-secret", secret);
            }
            for (name, value) in &out.headers {
                request = request.header(name, value);
            }
            let record = match request.send().await {
                Ok(r) if r.status().is_success() => {
                    out.logged("delivered", Some(r.status().as_u16()), None)
                }
                Ok(r) => out.logged("failed", Some(r.status().as_u16()), None),
                Err(e) => {
                    tracing::warn!(url = %out.url, error = %e, "webhook delivery failed");
                    out.logged("failed", None, Some(e.to_string()))
                }
            };
            self.lock().log.push(record);
            self.finished_one();
        }
    }

    /// Runs due transitions whenever the clock moves, a call changes, or (on a real clock)
    /// the next transition's time arrives.
    pub(crate) async fn engine(
        self: Arc<Self>,
        mut clock: watch::Receiver<u64>,
        mut stop: watch::Receiver<bool>,
    ) {
        loop {
            self.with_store(|_, _| ());
            let wait = match (self.cfg.clock.mode(), self.next_due()) {
                (ClockMode::Manual, _) => Duration::from_secs(3600),
                (ClockMode::Real, None) => Duration::from_secs(1),
                (ClockMode::Real, Some(at)) => {
                    let ms = at.duration_since(self.now()).as_millis().clamp(5, 1000);
                    Duration::from_millis(ms as u64)
                }
            };
            tokio::select! {
                changed = clock.changed() => if changed.is_err() { return },
                () = self.wake.notified() => {}
                () = tokio::time::sleep(wait) => {}
                _ = stop.changed() => return,
            }
        }
    }
}

impl Outgoing {
    fn logged(&self, outcome: &str, http_status: Option<u16>, error: Option<String>) -> Delivery {
        Delivery {
            message_type: self.message_type.clone(),
            call_id: self.call_id.clone(),
            status: self.body["message"]["status"].as_str().map(String::from),
            url: self.url.clone(),
            outcome: outcome.into(),
            http_status,
            error,
        }
    }
}
