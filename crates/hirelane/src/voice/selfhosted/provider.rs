//! The self-hosted interviewer as a voice provider: it keeps its assistants and calls in our
//! database, in the shapes Vapi's API answers with, so everything above the provider seam
//! (assistants pages, scheduling, joining, call history, analysis, the reconciler) works as
//! with Vapi. A web call's audio runs through our own socket ([`super::engine`]); phone calls
//! need a telephony provider and are refused.

use std::fmt;

use axum::body::Body;
use hirelane_core::clock::{SharedClock, from_millis, to_iso, to_millis};
use hirelane_core::keys::random_token;
use hirelane_core::keys::token_digest;
use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};

use super::ending;
use super::lease::COME_BACK_WITHIN;
use super::recording::recording_key;
use super::session_store;
use crate::store::Db;
use crate::store::files::FileStore;
use crate::voice::provider::{
    CallQuery, ProviderError, ProviderFuture, ProviderResult, Recording, VoiceProvider,
};
use crate::voice::vapi::Call;
use crate::{execute, fetch_as, fetch_scalar};

/// How long the socket secret of a web call works: enough to join late and reconnect.
const TOKEN_LIFETIME: SignedDuration = SignedDuration::from_hours(2);
/// A call in progress that never got a session (its first socket's instance died at once) is
/// abandoned this long after its last change.
const ABANDONED_AFTER: SignedDuration = SignedDuration::from_mins(10);
/// The `endedReason` of an interview whose instance stopped while it ran.
pub const INTERVIEWER_STOPPED: &str = "pipeline-error-interviewer-stopped";

/// The self-hosted provider's storage.
#[derive(Clone)]
pub struct SelfHostedProvider {
    db: Db,
    files: FileStore,
    clock: SharedClock,
    /// `{public_url}/api`, where browsers open the interview's socket.
    api_base: String,
}

impl fmt::Debug for SelfHostedProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SelfHostedProvider").finish_non_exhaustive()
    }
}

/// An id in Vapi's shape (a UUID), from random bytes.
fn new_id() -> String {
    let hex = hex::encode(hirelane_core::keys::random_bytes(16));
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// A provider failure where the interview needs the application's error.
pub(super) fn provider_failure(e: ProviderError) -> crate::error::Error {
    crate::error::Error::Internal(anyhow::anyhow!("self-hosted interviewer: {e}"))
}

fn unavailable(e: impl fmt::Display) -> ProviderError {
    ProviderError::Unavailable(e.to_string())
}

impl SelfHostedProvider {
    pub fn new(db: Db, files: FileStore, clock: SharedClock, public_url: &str) -> Self {
        SelfHostedProvider {
            db,
            files,
            clock,
            api_base: format!("{}/api", public_url.trim_end_matches('/')),
        }
    }

    fn now(&self) -> Timestamp {
        self.clock.now()
    }

    async fn assistant(&self, id: &str) -> ProviderResult<Value> {
        self.stored("SELECT body FROM selfhosted_assistants WHERE id = $1", id)
            .await
    }

    async fn call(&self, id: &str) -> ProviderResult<Call> {
        let row: Option<(String, String, i64)> = fetch_as!(
            &self.db,
            fetch_optional,
            "SELECT body, status, updated_at FROM selfhosted_calls WHERE id = $1",
            (id)
        )
        .map_err(unavailable)?;
        let (body, status, updated_at) = row.ok_or(ProviderError::NotFound)?;
        let mut body: Value =
            serde_json::from_str(&body).map_err(|e| ProviderError::Invalid(e.to_string()))?;
        if status == "in-progress" {
            let last_run = session_store::last_run(&self.db, id)
                .await
                .map_err(unavailable)?;
            // Nobody has run it since its lease ended and its page had a minute to come back
            // (to any instance): the instance running it died. A call without a session (never
            // run) counts from its last change.
            let abandoned = match last_run {
                Some(at) => at + COME_BACK_WITHIN < self.now(),
                None => from_millis(updated_at) + ABANDONED_AFTER < self.now(),
            };
            if abandoned {
                body = self.end_abandoned(id, body).await?;
            }
        }
        serde_json::from_value(body).map_err(|e| ProviderError::Invalid(e.to_string()))
    }

    /// Ends an abandoned call with what was stored of it, so it is reported, can be retried,
    /// and is not polled for ever.
    async fn end_abandoned(&self, id: &str, mut body: Value) -> ProviderResult<Value> {
        let now = self.now();
        let ending = ending::ending(&self.db, &self.files, id, INTERVIEWER_STOPPED, now)
            .await
            .map_err(unavailable)?;
        let Some(ending) = ending else {
            body["status"] = json!("ended");
            body["endedReason"] = json!(INTERVIEWER_STOPPED);
            body["endedAt"] = json!(to_iso(now));
            self.end_call(id, &body).await?;
            return Ok(body);
        };
        self.save_recording(id, ending.wav).await?;
        if self.end_call(id, &ending.body).await? {
            tracing::warn!(call_id = %id, "self-hosted interview ended with what was stored: its interviewer stopped");
            session_store::forget(&self.db, &self.files, id, &ending.chunk_keys).await;
        }
        Ok(ending.body)
    }

    /// Stores the call as ended, once: `false` when it already was (another instance ended it).
    pub async fn end_call(&self, id: &str, body: &Value) -> ProviderResult<bool> {
        execute!(
            &self.db,
            "UPDATE selfhosted_calls SET body = $2, status = 'ended', updated_at = $3
             WHERE id = $1 AND status <> 'ended'",
            (id, body.to_string(), to_millis(self.now()))
        )
        .map(|changed| changed == 1)
        .map_err(unavailable)
    }

    /// The stored JSON body the one-parameter `sql` finds for `id`.
    async fn stored(&self, sql: &'static str, id: &str) -> ProviderResult<Value> {
        let body: Option<String> =
            fetch_scalar!(&self.db, fetch_optional, sql, (id)).map_err(unavailable)?;
        let body = body.ok_or(ProviderError::NotFound)?;
        serde_json::from_str(&body).map_err(|e| ProviderError::Invalid(e.to_string()))
    }

    /// Creates a web call of `assistantId` with the server's overrides; its `transport` carries
    /// the socket secret, which is only ever returned here.
    async fn new_web_call(&self, request: &Value) -> ProviderResult<Call> {
        let assistant_id =
            request["assistantId"]
                .as_str()
                .ok_or_else(|| ProviderError::Rejected {
                    status: 400,
                    message: "assistantId is required".into(),
                })?;
        self.assistant(assistant_id).await?;
        let id = new_id();
        let token = random_token(24);
        let now = self.now();
        let body = json!({
            "id": id,
            "type": "webCall",
            "status": "queued",
            "assistantId": assistant_id,
            "assistantOverrides": request["assistantOverrides"],
            "createdAt": to_iso(now),
            "updatedAt": to_iso(now),
            "webCallUrl": format!("{}/Interview/Voice", self.api_base),
            "transport": { "provider": "selfhosted", "callToken": token },
        });
        // The secret is kept only as its hash: the stored call has no token.
        let mut kept = body.clone();
        kept["transport"] = json!({ "provider": "selfhosted" });
        execute!(
            &self.db,
            "INSERT INTO selfhosted_calls (id, assistant_id, body, status, token_hash,
                token_expires, created_at, updated_at)
             VALUES ($1, $2, $3, 'queued', $4, $5, $6, $6)",
            (
                &id,
                assistant_id,
                kept.to_string(),
                token_digest(&token),
                to_millis(now + TOKEN_LIFETIME),
                to_millis(now)
            )
        )
        .map_err(unavailable)?;
        serde_json::from_value(body).map_err(|e| ProviderError::Invalid(e.to_string()))
    }
}

/// Stored bodies as a list answers them: one that does not parse is left out (fetched by its
/// id, it is reported as invalid).
fn listed<T: serde::de::DeserializeOwned>(bodies: &[String]) -> Vec<T> {
    bodies
        .iter()
        .filter_map(|b| serde_json::from_str(b).ok())
        .collect()
}

impl VoiceProvider for SelfHostedProvider {
    fn list_assistants(&self) -> ProviderFuture<'_, Vec<Value>> {
        Box::pin(async move {
            let bodies: Vec<String> = fetch_scalar!(
                &self.db,
                fetch_all,
                "SELECT body FROM selfhosted_assistants ORDER BY created_at DESC, id"
            )
            .map_err(unavailable)?;
            Ok(listed(&bodies))
        })
    }

    fn get_assistant<'a>(&'a self, id: &'a str) -> ProviderFuture<'a, Value> {
        Box::pin(self.assistant(id))
    }

    fn create_assistant<'a>(&'a self, body: &'a Value) -> ProviderFuture<'a, Value> {
        Box::pin(async move {
            if !body.is_object() || body["name"].as_str().is_none_or(str::is_empty) {
                return Err(ProviderError::Rejected {
                    status: 400,
                    message: "name is required".into(),
                });
            }
            let id = new_id();
            let now = self.now();
            let mut assistant = body.clone();
            assistant["id"] = json!(id);
            assistant["orgId"] = json!("selfhosted");
            assistant["createdAt"] = json!(to_iso(now));
            assistant["updatedAt"] = json!(to_iso(now));
            execute!(
                &self.db,
                "INSERT INTO selfhosted_assistants (id, body, created_at) VALUES ($1, $2, $3)",
                (&id, assistant.to_string(), to_millis(now))
            )
            .map_err(unavailable)?;
            Ok(assistant)
        })
    }

    fn delete_assistant<'a>(&'a self, id: &'a str) -> ProviderFuture<'a, ()> {
        Box::pin(async move {
            let deleted = execute!(
                &self.db,
                "DELETE FROM selfhosted_assistants WHERE id = $1",
                (id)
            )
            .map_err(unavailable)?;
            if deleted == 0 {
                Err(ProviderError::NotFound)
            } else {
                Ok(())
            }
        })
    }

    fn create_call<'a>(&'a self, _body: &'a Value) -> ProviderFuture<'a, Call> {
        Box::pin(async {
            Err(ProviderError::Rejected {
                status: 400,
                message: "The self-hosted interviewer takes interviews in the browser only; phone \
                          calls need a telephony provider such as Vapi."
                    .into(),
            })
        })
    }

    fn create_web_call<'a>(&'a self, body: &'a Value) -> ProviderFuture<'a, Call> {
        Box::pin(self.new_web_call(body))
    }

    fn list_calls<'a>(&'a self, query: &'a CallQuery) -> ProviderFuture<'a, Vec<Call>> {
        Box::pin(async move {
            let bound = |raw: &Option<String>| {
                raw.as_deref()
                    .and_then(|s| s.parse::<Timestamp>().ok())
                    .map(to_millis)
            };
            let after = bound(&query.created_at_gt).unwrap_or(i64::MIN);
            let before = bound(&query.created_at_lt).unwrap_or(i64::MAX);
            let limit = i64::from(query.limit.unwrap_or(100).clamp(1, 1000));
            let bodies: Vec<String> = fetch_scalar!(
                &self.db,
                fetch_all,
                "SELECT body FROM selfhosted_calls WHERE created_at > $1 AND created_at < $2
                 ORDER BY created_at DESC, id LIMIT $3",
                (after, before, limit)
            )
            .map_err(unavailable)?;
            Ok(listed(&bodies))
        })
    }

    fn get_call<'a>(&'a self, id: &'a str) -> ProviderFuture<'a, Call> {
        Box::pin(self.call(id))
    }

    fn recording<'a>(
        &'a self,
        id: &'a str,
        _range: Option<&'a str>,
    ) -> ProviderFuture<'a, Recording> {
        Box::pin(async move {
            let bytes = self
                .files
                .get(&recording_key(id))
                .await
                .map_err(unavailable)?
                .ok_or(ProviderError::NotFound)?;
            Ok(Recording {
                status: 200,
                content_type: Some("audio/wav".into()),
                content_length: Some(bytes.len().to_string()),
                content_range: None,
                accept_ranges: None,
                body: Body::from(bytes),
            })
        })
    }
}

/// What the interview's socket needs to know of a web call.
#[derive(Debug, Clone)]
pub struct SocketCall {
    pub call: Call,
    /// The call as stored (the provider's view), which the interview updates.
    pub body: Value,
    pub status: String,
}

impl SelfHostedProvider {
    /// The web call the secret opens, if it is one of ours, still valid.
    pub async fn call_for_token(&self, call_id: &str, token: &str) -> ProviderResult<SocketCall> {
        let row: Option<(String, String, String, i64)> = fetch_as!(
            &self.db,
            fetch_optional,
            "SELECT body, status, token_hash, token_expires FROM selfhosted_calls WHERE id = $1",
            (call_id)
        )
        .map_err(unavailable)?;
        let Some((body, status, hash, expires)) = row else {
            return Err(ProviderError::NotFound);
        };
        let matches: bool =
            subtle::ConstantTimeEq::ct_eq(hash.as_bytes(), token_digest(token).as_bytes()).into();
        if !matches || from_millis(expires) < self.now() {
            return Err(ProviderError::NotFound);
        }
        let body: Value =
            serde_json::from_str(&body).map_err(|e| ProviderError::Invalid(e.to_string()))?;
        let call = serde_json::from_value(body.clone())
            .map_err(|e| ProviderError::Invalid(e.to_string()))?;
        Ok(SocketCall { call, body, status })
    }

    /// A fresh socket secret for a call not ended (the page was reloaded: the secret it had
    /// was only ever returned once); the older secret stops working.
    pub async fn reissue_token(&self, call_id: &str) -> ProviderResult<String> {
        let token = random_token(24);
        let now = self.now();
        let changed = execute!(
            &self.db,
            "UPDATE selfhosted_calls SET token_hash = $2, token_expires = $3
             WHERE id = $1 AND status <> 'ended'",
            (
                call_id,
                token_digest(&token),
                to_millis(now + TOKEN_LIFETIME)
            )
        )
        .map_err(unavailable)?;
        if changed == 0 {
            return Err(ProviderError::NotFound);
        }
        Ok(token)
    }

    /// Records how the call stands now (its body is the provider's view, as `get_call` answers).
    pub async fn save_call(&self, id: &str, status: &str, body: &Value) -> ProviderResult<()> {
        execute!(
            &self.db,
            "UPDATE selfhosted_calls SET body = $2, status = $3, updated_at = $4 WHERE id = $1",
            (id, body.to_string(), status, to_millis(self.now()))
        )
        .map(drop)
        .map_err(unavailable)
    }

    /// Keeps the recording in the file store.
    pub async fn save_recording(&self, id: &str, wav: Vec<u8>) -> ProviderResult<()> {
        self.files
            .put(&recording_key(id), wav)
            .await
            .map_err(unavailable)
    }
}
