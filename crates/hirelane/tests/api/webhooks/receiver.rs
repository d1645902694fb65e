//! A real HTTP endpoint for the webhook tests: records every request, answers as the test
//! says (a status, a redirect, or headers and then a body that never ends), and verifies
//! signatures with the algorithm of the snippet in docs/operations.md.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;
use tokio::sync::Notify;

/// How the receiver answers.
#[derive(Debug, Clone)]
pub enum Answer {
    Status(u16),
    /// 307 to this path of the receiver.
    Redirect(&'static str),
    /// 200 and a body that never ends.
    Endless,
}

/// One request as received.
#[derive(Debug, Clone)]
pub struct Received {
    pub path: String,
    pub id: String,
    pub timestamp: String,
    pub signature: String,
    pub body: String,
}

impl Received {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).expect("a JSON body")
    }
}

#[derive(Default)]
struct Shared {
    got: Mutex<Vec<Received>>,
    /// Answers for the next requests, then `Status(200)`.
    script: Mutex<VecDeque<Answer>>,
    /// Used once the script is empty.
    otherwise: Mutex<Option<Answer>>,
    arrived: Notify,
}

#[derive(Clone)]
pub struct Receiver {
    pub url: String,
    shared: Arc<Shared>,
}

impl Receiver {
    pub async fn start() -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("receiver binds");
        let url = format!("http://{}/hooks", listener.local_addr().expect("address"));
        let shared = Arc::new(Shared::default());
        let app = Router::new().fallback(receive).with_state(shared.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Receiver { url, shared }
    }

    /// The next requests are answered with `answers`, in order.
    pub fn script(&self, answers: &[Answer]) {
        let mut script = self.shared.script.lock().expect("script");
        script.extend(answers.iter().cloned());
    }

    /// Every request (after the script) is answered with `answer`.
    pub fn always(&self, answer: Answer) {
        *self.shared.otherwise.lock().expect("answer") = Some(answer);
    }

    pub fn got(&self) -> Vec<Received> {
        self.shared.got.lock().expect("got").clone()
    }

    /// Waits until `n` requests have arrived.
    pub async fn wait_for(&self, n: usize) {
        loop {
            let arrived = self.shared.arrived.notified();
            if self.got().len() >= n {
                return;
            }
            arrived.await;
        }
    }
}

async fn receive(
    State(shared): State<Arc<Shared>>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    shared.got.lock().expect("got").push(Received {
        path: uri.path().to_owned(),
        id: header("webhook-id"),
        timestamp: header("webhook-timestamp"),
        signature: header("webhook-signature"),
        body: String::from_utf8_lossy(&body).into_owned(),
    });
    shared.arrived.notify_waiters();
    let scripted = shared.script.lock().expect("script").pop_front();
    let answer = scripted
        .or_else(|| shared.otherwise.lock().expect("answer").clone())
        .unwrap_or(Answer::Status(200));
    match answer {
        Answer::Status(code) => StatusCode::from_u16(code)
            .expect("a status")
            .into_response(),
        Answer::Redirect(to) => {
            (StatusCode::TEMPORARY_REDIRECT, [("location", to)]).into_response()
        }
        Answer::Endless => {
            let endless = futures_util::stream::pending::<Result<Bytes, std::io::Error>>();
            Response::new(Body::from_stream(endless))
        }
    }
}

/// Verifies a delivery as docs/operations.md's snippet does: the key is the base64 after
/// `whsec_`, the signed content `id.timestamp.body`, and any `v1,` signature of the
/// space-separated list may match.
pub fn verify(secret: &str, received: &Received) -> bool {
    let Some(key) = secret
        .strip_prefix("whsec_")
        .and_then(|k| BASE64.decode(k).ok())
    else {
        return false;
    };
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&key).expect("any key length");
    mac.update(format!("{}.{}.{}", received.id, received.timestamp, received.body).as_bytes());
    let expected = BASE64.encode(mac.finalize().into_bytes());
    received
        .signature
        .split(' ')
        .filter_map(|s| s.strip_prefix("v1,"))
        .any(|s| s == expected)
}
