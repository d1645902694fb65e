//! Spawning a simulator, talking to it, and receiving its webhooks.

use axum::http::HeaderMap;
use jiff::SignedDuration;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use vapi_sim::{SimClock, SimConfig, SimHandle, Simulator};

pub const KEY: &str = "test-private-key";
pub const START: &str = "2026-09-01T09:00:00Z";

pub struct TestSim {
    pub handle: SimHandle,
    pub http: reqwest::Client,
}

/// A simulator with a frozen clock at [`START`] and a fixed seed.
pub async fn spawn() -> TestSim {
    spawn_with(|c| c).await
}

pub async fn spawn_with(tweak: impl FnOnce(SimConfig) -> SimConfig) -> TestSim {
    let config = SimConfig::new(KEY)
        .with_seed(42)
        .with_clock(SimClock::manual(START.parse().unwrap()));
    let handle = Simulator::start(tweak(config), "127.0.0.1:0")
        .await
        .unwrap();
    TestSim {
        handle,
        http: reqwest::Client::new(),
    }
}

impl TestSim {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.handle.base_url())
    }

    async fn send(&self, req: reqwest::RequestBuilder) -> (StatusCode, Value) {
        let res = req.bearer_auth(KEY).send().await.unwrap();
        let status = res.status();
        let body = res.json::<Value>().await.unwrap_or(Value::Null);
        (status, body)
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.send(self.http.get(self.url(path))).await
    }

    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send(self.http.post(self.url(path)).json(&body)).await
    }

    pub async fn patch(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send(self.http.patch(self.url(path)).json(&body)).await
    }

    pub async fn delete(&self, path: &str) -> (StatusCode, Value) {
        self.send(self.http.delete(self.url(path))).await
    }

    /// The current state of a call (given the call object).
    pub async fn fetch(&self, call: &Value) -> Value {
        let (status, c) = self
            .get(&format!("/call/{}", call["id"].as_str().unwrap()))
            .await;
        assert_eq!(status, StatusCode::OK, "{c}");
        c
    }

    /// Moves the simulated clock and waits for the transitions and webhooks it causes.
    pub async fn advance(&self, secs: i64) {
        self.handle.clock().advance(SignedDuration::from_secs(secs));
        self.handle.idle().await;
    }

    /// Creates an assistant and returns its id.
    pub async fn assistant(&self, body: Value) -> String {
        let (status, a) = self.post("/assistant", body).await;
        assert_eq!(status, StatusCode::CREATED, "{a}");
        a["id"].as_str().unwrap().to_string()
    }

    /// Creates a phone call for `name` and returns the call object.
    pub async fn call(&self, assistant_id: &str, name: &str, extra: Value) -> Value {
        let mut body = json!({
            "assistantId": assistant_id,
            "phoneNumberId": "c6ea6cb0-0dfb-4a65-918f-6a33abb54b64",
            "customer": {"number": "+14155550123", "name": name},
            "name": format!("Interview: {name}"),
        });
        merge(&mut body, extra);
        assert_valid("CreateCallDTO", &body);
        let (status, call) = self.post("/call", body).await;
        assert_eq!(status, StatusCode::CREATED, "{call}");
        call
    }
}

pub fn merge(base: &mut Value, extra: Value) {
    if let (Some(b), Value::Object(e)) = (base.as_object_mut(), extra) {
        b.extend(e);
    }
}

/// Fails with every violation if `value` does not match the provider's schema.
pub fn assert_valid(schema: &str, value: &Value) {
    if let Err(errors) = vapi_sim::contract::validate(schema, value) {
        panic!(
            "{schema} contract violated:\n{}\nvalue: {value:#}",
            errors.join("\n")
        );
    }
}

/// An interview assistant in the current (2026) shape, optionally posting webhooks to `server`.
pub fn interview_assistant(server: Option<&str>) -> Value {
    let mut a = json!({
        "name": "Backend Engineer Screen",
        "firstMessage": "Hi {{candidateName}}, thanks for joining. Ready to start?",
        "voicemailMessage": "Sorry we missed you.",
        "endCallMessage": "Thanks for your time, goodbye!",
        "maxDurationSeconds": 1800,
        "voice": {"provider": "vapi", "voiceId": "Neha"},
        "model": {
            "provider": "openai",
            "model": "gpt-4o",
            "temperature": 0.5,
            "messages": [{"role": "system", "content": "You are a structured interviewer for {{role}}.\nTopics: Rust, PostgreSQL, Distributed systems, Testing\nQuestions:\n1. How do you handle errors in Rust?\n2. How would you design an index in PostgreSQL?\n3. How do you keep a distributed system consistent?"}]
        },
        "analysisPlan": {
            "summaryPlan": {"enabled": true},
            "structuredDataPlan": {"enabled": true, "schema": {"type": "object"}},
            "successEvaluationPlan": {"enabled": true, "rubric": "PassFail"}
        },
        "serverMessages": ["status-update", "end-of-call-report"],
        "metadata": {"tenant": "t1"}
    });
    if let Some(url) = server {
        a["server"] = json!({"url": url, "timeoutSeconds": 5});
    }
    a
}

/// A webhook receiver on port 0: every POST body arrives on the channel with its headers.
pub async fn receiver() -> (String, mpsc::UnboundedReceiver<(HeaderMap, Value)>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let app = axum::Router::new().route(
        "/webhooks/vapi",
        axum::routing::post(
            move |headers: HeaderMap, axum::Json(body): axum::Json<Value>| {
                let tx = tx.clone();
                async move {
                    let _ = tx.send((headers, body));
                    StatusCode::OK
                }
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/webhooks/vapi", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, rx)
}

/// Everything received so far (call after `idle()`, so nothing is still on its way).
pub fn drain(rx: &mut mpsc::UnboundedReceiver<(HeaderMap, Value)>) -> Vec<(HeaderMap, Value)> {
    let mut out = Vec::new();
    while let Ok(item) = rx.try_recv() {
        out.push(item);
    }
    out
}
