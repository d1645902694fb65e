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
use serde::Serialize;
use serde_json::{Map, Value, json};
use tokio::sync::{Notify, mpsc, watch};

use crate::clock::{ClockMode, iso};
use crate::config::{Faults, SimConfig, WebhookAction};
use crate::ids::{IdGen, hash};
use crate::script::{Interview, Line, Outcome};

/// Vapi's default when an assistant sets no `maxDurationSeconds`.
const DEFAULT_MAX_DURATION: u64 = 600;
/// How long a web call waits for the browser to join before it gives up.
const WEB_JOIN_TIMEOUT: SignedDuration = SignedDuration::from_secs(10 * 60);

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
}

/// What rendering resources needs from the configuration.
#[derive(Debug)]
struct RenderCtx {
    org_id: String,
    base_url: String,
    legacy: bool,
}

/// A saved assistant: the fields the client sent, plus what Vapi adds.
#[derive(Debug, Clone)]
pub(crate) struct AssistantRec {
    pub id: String,
    pub seq: u64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub fields: Map<String, Value>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Phone,
    Web,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
#[derive(Debug)]
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
    interview: Option<Interview>,
    artifact: Option<Value>,
    analysis: Option<Value>,
    cost: Option<f64>,
    /// The generated recording, served at `/recordings/{id}.wav`.
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
        let store = Store {
            ids: IdGen::new(cfg.seed),
            seq: 0,
            assistants: HashMap::new(),
            calls: HashMap::new(),
            faults: cfg.faults.clone(),
            held: Vec::new(),
            log: Vec::new(),
            outgoing: Vec::new(),
            ctx: RenderCtx {
                org_id: cfg.org_id.clone(),
                base_url: base_url.clone(),
                legacy: cfg.legacy_call_fields,
            },
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

impl Store {
    pub(crate) fn next_id(&mut self) -> (String, u64) {
        self.seq += 1;
        (self.ids.next_uuid(), self.seq)
    }

    /// Runs every transition due at `now`, each at its own scheduled instant.
    fn tick(&mut self, now: Timestamp) {
        loop {
            let due = self
                .calls
                .values()
                .filter_map(|c| {
                    c.next_at
                        .filter(|at| *at <= now)
                        .map(|at| (at, c.seq, c.id.clone()))
                })
                .min();
            let Some((at, _, id)) = due else { return };
            self.step(&id, at);
        }
    }

    /// One transition of one call, at `at`.
    fn step(&mut self, id: &str, at: Timestamp) {
        let Some(call) = self.calls.get(id) else {
            return;
        };
        let (kind, status, outcome) = (call.kind, call.status, call.outcome);
        match (kind, status) {
            (_, Status::Scheduled) => {
                // Resolved first so the "queued" webhook knows where to go.
                if self.resolve_assistant(id, at) {
                    self.set_status(id, Status::Queued, at, Some(secs(at, 1)));
                }
            }
            (Kind::Phone, Status::Queued) => {
                let ring = match outcome {
                    Outcome::NoAnswer => 30,
                    Outcome::Busy => 3,
                    _ => 5,
                };
                self.set_status(id, Status::Ringing, at, Some(secs(at, ring)));
            }
            (Kind::Phone, Status::Ringing) => {
                if outcome.answers() {
                    self.start_conversation(id, at);
                } else {
                    let reason = if outcome == Outcome::Busy {
                        "customer-busy"
                    } else {
                        "customer-did-not-answer"
                    };
                    self.end(id, at, reason);
                }
            }
            // The browser never joined.
            (Kind::Web, Status::Queued) => {
                self.end(id, at, "customer-did-not-give-microphone-permission")
            }
            (_, Status::InProgress) => {
                let reason = self.natural_end_reason(id);
                self.end(id, at, reason);
            }
            (Kind::Web, Status::Ringing) | (_, Status::Ended) => {
                if let Some(c) = self.calls.get_mut(id) {
                    c.next_at = None;
                }
            }
        }
    }

    fn set_status(&mut self, id: &str, status: Status, at: Timestamp, next_at: Option<Timestamp>) {
        if let Some(c) = self.calls.get_mut(id) {
            c.status = status;
            c.updated_at = at;
            c.next_at = next_at;
            let out = self.webhooks_for(&Event::Status {
                call: id.into(),
                at,
            });
            self.outgoing.extend(out);
        }
    }

    /// Fixes the assistant the call will use (Vapi reads a saved assistant at call time, so a
    /// deleted one makes the call fail).
    pub(crate) fn resolve_assistant(&mut self, id: &str, at: Timestamp) -> bool {
        let Some(call) = self.calls.get(id) else {
            return false;
        };
        let base = match call.request.get("assistantId").and_then(Value::as_str) {
            Some(aid) => self.assistants.get(aid).map(|a| a.fields.clone()),
            None => call
                .request
                .get("assistant")
                .and_then(Value::as_object)
                .cloned(),
        };
        let Some(mut assistant) = base else {
            if let Some(c) = self.calls.get_mut(id) {
                c.status = Status::Ended;
                c.ended_at = Some(at);
                c.updated_at = at;
                c.next_at = None;
                c.ended_reason = Some("assistant-not-found".into());
                c.artifact =
                    Some(json!({"messages": [], "messagesOpenAIFormatted": [], "transcript": ""}));
                c.analysis = Some(json!({}));
            }
            return false;
        };
        if let Some(o) = call
            .request
            .get("assistantOverrides")
            .and_then(Value::as_object)
        {
            for (k, v) in o {
                if k != "variableValues" {
                    assistant.insert(k.clone(), v.clone());
                }
            }
        }
        if let Some(c) = self.calls.get_mut(id) {
            c.assistant = Some(assistant);
        }
        true
    }

    /// The call is answered (phone) or joined (web): the interview begins.
    pub(crate) fn start_conversation(&mut self, id: &str, at: Timestamp) {
        let Some(call) = self.calls.get_mut(id) else {
            return;
        };
        let assistant = call.assistant.clone().unwrap_or_default();
        let variables = call
            .request
            .get("assistantOverrides")
            .and_then(|o| o.get("variableValues"))
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let interview = Interview::new(
            &assistant,
            &variables,
            candidate_name(&call.request),
            call.outcome,
            call.call_hash,
        );
        let max = assistant
            .get("maxDurationSeconds")
            .and_then(Value::as_f64)
            .map_or(DEFAULT_MAX_DURATION, |s| s as u64);
        let length = interview.length_seconds().min(max);
        call.interview = Some(interview);
        call.started_at = Some(at);
        self.set_status(id, Status::InProgress, at, Some(secs(at, length as i64)));
    }

    fn natural_end_reason(&self, id: &str) -> &'static str {
        let Some(call) = self.calls.get(id) else {
            return "assistant-ended-call";
        };
        if call.outcome == Outcome::Voicemail {
            return "voicemail";
        }
        let max = call
            .assistant
            .as_ref()
            .and_then(|a| a.get("maxDurationSeconds"))
            .and_then(Value::as_f64)
            .map_or(DEFAULT_MAX_DURATION, |s| s as u64);
        match &call.interview {
            Some(i) if i.length_seconds() > max => "exceeded-max-duration",
            _ => "assistant-ended-call",
        }
    }

    /// Ends a call at `at`: builds the artifact, analysis and recording from what was said.
    pub(crate) fn end(&mut self, id: &str, at: Timestamp, reason: &str) {
        let base = self.ctx.base_url.clone();
        let Some(call) = self.calls.get_mut(id) else {
            return;
        };
        if call.status == Status::Ended {
            return;
        }
        call.ended_at = Some(at);
        call.ended_reason = Some(reason.into());
        let (artifact, analysis, recording, cost) = match (&call.interview, call.started_at) {
            (Some(interview), Some(started)) => {
                let elapsed = at.duration_since(started).as_secs_f64();
                let heard: Vec<Line> = interview
                    .conversation()
                    .into_iter()
                    .filter(|l| l.start < elapsed)
                    .collect();
                let system = call
                    .assistant
                    .as_ref()
                    .and_then(|a| a.get("model"))
                    .and_then(|m| m.get("messages"))
                    .and_then(Value::as_array)
                    .and_then(|m| m.iter().find(|x| x["role"] == "system"))
                    .and_then(|m| m.get("content"))
                    .and_then(Value::as_str)
                    .map(String::from);
                let artifact = artifact(&heard, system.as_deref(), started, &base, id);
                let wav = crate::wav::synthesize(
                    &heard
                        .iter()
                        .map(|l| (l.bot, hash(call.call_hash, &l.text)))
                        .collect::<Vec<_>>(),
                );
                let minutes = elapsed / 60.0;
                (
                    artifact,
                    interview.analysis(&heard, reason),
                    Some(Arc::new(wav)),
                    Some((minutes * 0.1 * 100.0).round() / 100.0),
                )
            }
            _ => (
                json!({"messages": [], "messagesOpenAIFormatted": [], "transcript": ""}),
                json!({}),
                None,
                Some(0.0),
            ),
        };
        call.artifact = Some(artifact);
        call.analysis = Some(analysis);
        call.recording = recording;
        call.cost = cost;
        self.set_status(id, Status::Ended, at, None);
        let out = self.webhooks_for(&Event::Report {
            call: id.into(),
            at,
        });
        self.outgoing.extend(out);
    }

    /// The webhooks an event produces (none if the call's assistant has no server URL or
    /// does not subscribe to that message type).
    fn webhooks_for(&self, event: &Event) -> Vec<Outgoing> {
        let (id, at, kind) = match event {
            Event::Status { call, at } => (call, *at, "status-update"),
            Event::Report { call, at } => (call, *at, "end-of-call-report"),
        };
        let Some(call) = self.calls.get(id) else {
            return vec![];
        };
        let Some(assistant) = call.assistant.as_ref() else {
            return vec![];
        };
        let server = assistant.get("server");
        let url = server
            .and_then(|s| s.get("url"))
            .or_else(|| assistant.get("serverUrl"))
            .and_then(Value::as_str);
        let Some(url) = url.filter(|u| !u.is_empty()) else {
            return vec![];
        };
        if let Some(wanted) = assistant.get("serverMessages").and_then(Value::as_array)
            && !wanted.iter().any(|w| w.as_str() == Some(kind))
        {
            return vec![];
        }
        let secret = server
            .and_then(|s| s.get("secret"))
            .or_else(|| assistant.get("serverUrlSecret"))
            .and_then(Value::as_str)
            .map(String::from);
        let headers = server
            .and_then(|s| s.get("headers"))
            .and_then(Value::as_object)
            .map(|h| {
                h.iter()
                    .filter_map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_string())))
                    .collect()
            })
            .unwrap_or_default();
        let timeout = server
            .and_then(|s| s.get("timeoutSeconds"))
            .and_then(Value::as_f64)
            .unwrap_or(20.0);
        let call_json = self.render_call(call);
        let mut message = Map::new();
        message.insert("type".into(), json!(kind));
        message.insert("timestamp".into(), json!(at.as_millisecond()));
        match event {
            Event::Status { .. } => {
                message.insert("status".into(), json!(call.status.as_str()));
                if call.status == Status::Ended {
                    message.insert("endedReason".into(), json!(call.ended_reason));
                }
            }
            Event::Report { .. } => {
                message.insert("endedReason".into(), json!(call.ended_reason));
                message.insert(
                    "artifact".into(),
                    call.artifact.clone().unwrap_or_else(|| json!({})),
                );
                message.insert(
                    "analysis".into(),
                    call.analysis.clone().unwrap_or_else(|| json!({})),
                );
                if let Some(s) = call.started_at {
                    message.insert("startedAt".into(), json!(iso(s)));
                }
                if let Some(e) = call.ended_at {
                    message.insert("endedAt".into(), json!(iso(e)));
                }
                if let Some(cost) = call.cost {
                    message.insert("cost".into(), json!(cost));
                }
            }
        }
        message.insert("call".into(), call_json);
        message.insert("assistant".into(), Value::Object(assistant.clone()));
        if let Some(c) = call.request.get("customer") {
            message.insert("customer".into(), c.clone());
        }
        vec![Outgoing {
            url: url.into(),
            secret,
            headers,
            timeout: Duration::from_secs_f64(timeout.clamp(1.0, 300.0)),
            body: json!({ "message": message }),
            message_type: kind.into(),
            call_id: id.clone(),
        }]
    }

    /// A saved assistant as Vapi answers it.
    pub(crate) fn render_assistant(&self, a: &AssistantRec) -> Value {
        let mut out = a.fields.clone();
        out.insert("id".into(), json!(a.id));
        out.insert("orgId".into(), json!(self.ctx.org_id));
        out.insert("createdAt".into(), json!(iso(a.created_at)));
        out.insert("updatedAt".into(), json!(iso(a.updated_at)));
        Value::Object(out)
    }

    /// A call as Vapi answers it (`GET /call/{id}` and inside webhooks).
    pub(crate) fn render_call(&self, c: &CallRec) -> Value {
        let mut out = Map::new();
        out.insert("id".into(), json!(c.id));
        out.insert("orgId".into(), json!(self.ctx.org_id));
        let kind = match c.kind {
            Kind::Phone => "outboundPhoneCall",
            Kind::Web => "webCall",
        };
        out.insert("type".into(), json!(kind));
        out.insert("status".into(), json!(c.status.as_str()));
        out.insert("createdAt".into(), json!(iso(c.created_at)));
        out.insert("updatedAt".into(), json!(iso(c.updated_at)));
        for (k, v) in &c.request {
            if k != "metadata" {
                out.insert(k.clone(), v.clone());
            }
        }
        match c.kind {
            Kind::Phone => {
                out.insert("phoneCallProvider".into(), json!("twilio"));
                out.insert("phoneCallTransport".into(), json!("pstn"));
            }
            Kind::Web => {
                let url = format!("{}/web-call/{}", self.ctx.base_url, c.id);
                out.insert("webCallUrl".into(), json!(url));
                out.insert(
                    "transport".into(),
                    json!({"provider": "daily", "callUrl": url, "conversationType": "voice"}),
                );
            }
        }
        if let Some(s) = c.started_at {
            out.insert("startedAt".into(), json!(iso(s)));
        }
        if let Some(e) = c.ended_at {
            out.insert("endedAt".into(), json!(iso(e)));
        }
        if let Some(r) = &c.ended_reason {
            out.insert("endedReason".into(), json!(r));
        }
        if let Some(cost) = c.cost {
            out.insert("cost".into(), json!(cost));
            out.insert("costBreakdown".into(), json!({"transport": 0.0, "stt": 0.0, "llm": cost, "tts": 0.0, "vapi": 0.0, "total": cost}));
        }
        if let Some(a) = &c.artifact {
            out.insert("messages".into(), a["messages"].clone());
            out.insert("artifact".into(), a.clone());
        }
        if let Some(a) = &c.analysis {
            out.insert("analysis".into(), a.clone());
        }
        if self.ctx.legacy {
            let metadata = c.request.get("metadata").or_else(|| {
                c.request
                    .get("assistantOverrides")
                    .and_then(|o| o.get("metadata"))
            });
            if let Some(m) = metadata {
                out.insert("metadata".into(), m.clone());
            }
            if let Some(a) = &c.artifact {
                out.insert("transcript".into(), a["transcript"].clone());
                if let Some(u) = a.get("recordingUrl") {
                    out.insert("recordingUrl".into(), u.clone());
                }
            }
            if let Some(s) = c.analysis.as_ref().and_then(|a| a.get("summary")) {
                out.insert("summary".into(), s.clone());
            }
        }
        Value::Object(out)
    }

    /// Creates a call record and returns its id; `request` holds the echoed create fields.
    pub(crate) fn insert_call(
        &mut self,
        kind: Kind,
        request: Map<String, Value>,
        now: Timestamp,
        seed: u64,
    ) -> String {
        let (id, seq) = self.next_id();
        let call_hash = hash(seed, &id);
        let overrides = request.get("assistantOverrides");
        let hints = [
            overrides
                .and_then(|o| o.get("metadata"))
                .and_then(|m| m.get("simOutcome")),
            overrides
                .and_then(|o| o.get("variableValues"))
                .and_then(|m| m.get("simOutcome")),
            request.get("metadata").and_then(|m| m.get("simOutcome")),
        ];
        let outcome = Outcome::steer(&hints, &candidate_name(&request), call_hash);
        let earliest = request
            .get("schedulePlan")
            .and_then(|p| p.get("earliestAt"))
            .and_then(Value::as_str)
            .and_then(|s| s.parse::<Timestamp>().ok())
            .filter(|t| *t > now);
        let (status, next_at) = match (kind, earliest) {
            (Kind::Phone, Some(at)) => (Status::Scheduled, Some(at)),
            (Kind::Phone, None) => (Status::Queued, Some(secs(now, 1))),
            (Kind::Web, _) => (Status::Queued, now.saturating_add(WEB_JOIN_TIMEOUT).ok()),
        };
        let call = CallRec {
            id: id.clone(),
            seq,
            kind,
            request,
            created_at: now,
            updated_at: now,
            status,
            next_at,
            started_at: None,
            ended_at: None,
            ended_reason: None,
            outcome,
            call_hash,
            assistant: None,
            interview: None,
            artifact: None,
            analysis: None,
            cost: None,
            recording: None,
        };
        self.calls.insert(id.clone(), call);
        if status == Status::Queued {
            self.resolve_assistant(&id, now);
        }
        id
    }

    /// Calls currently holding a concurrency slot (Vapi's default limit is 10).
    pub(crate) fn active_calls(&self) -> usize {
        self.calls
            .values()
            .filter(|c| {
                matches!(
                    c.status,
                    Status::Queued | Status::Ringing | Status::InProgress
                )
            })
            .count()
    }
}

/// `subscriptionLimits` as `POST /call` answers it.
pub(crate) fn subscription_limits(active: usize) -> Value {
    json!({"concurrencyBlocked": false, "concurrencyLimit": 10, "remainingConcurrentCalls": 10usize.saturating_sub(active)})
}

fn secs(at: Timestamp, s: i64) -> Timestamp {
    at.saturating_add(SignedDuration::from_secs(s))
        .unwrap_or(at)
}

/// The candidate's name as the call knows it (customer, then template variables, then
/// metadata), or "Candidate".
fn candidate_name(request: &Map<String, Value>) -> String {
    let overrides = request.get("assistantOverrides");
    [
        request.get("customer").and_then(|c| c.get("name")),
        overrides
            .and_then(|o| o.get("variableValues"))
            .and_then(|v| v.get("candidateName")),
        overrides
            .and_then(|o| o.get("metadata"))
            .and_then(|v| v.get("candidateName")),
        request.get("metadata").and_then(|v| v.get("candidateName")),
    ]
    .into_iter()
    .flatten()
    .find_map(|v| v.as_str().filter(|s| !s.trim().is_empty()))
    .unwrap_or("Candidate")
    .to_string()
}

/// `call.artifact` for the lines that were spoken.
fn artifact(
    heard: &[Line],
    system: Option<&str>,
    started: Timestamp,
    base: &str,
    id: &str,
) -> Value {
    let t0 = started.as_millisecond() as f64;
    let mut messages = Vec::new();
    let mut openai = Vec::new();
    if let Some(s) = system {
        messages.push(json!({"role": "system", "message": s, "time": t0, "secondsFromStart": 0}));
        openai.push(json!({"role": "system", "content": s}));
    }
    let mut transcript = Vec::new();
    for l in heard {
        let (role, label, oa) = if l.bot {
            ("bot", "AI", "assistant")
        } else {
            ("user", "User", "user")
        };
        let time = t0 + l.start * 1000.0;
        messages.push(json!({
            "role": role,
            "message": l.text,
            "time": time.round(),
            "endTime": (time + l.duration * 1000.0).round(),
            "secondsFromStart": (l.start * 100.0).round() / 100.0,
            "duration": (l.duration * 1000.0).round(),
        }));
        openai.push(json!({"role": oa, "content": l.text}));
        transcript.push(format!("{label}: {}", l.text));
    }
    let url = format!("{base}/recordings/{id}.wav");
    json!({
        "messages": messages,
        "messagesOpenAIFormatted": openai,
        "transcript": transcript.join("\n"),
        "recordingUrl": url,
        "recording": {"mono": {"combinedUrl": url}},
    })
}
