//! The seam to the voice-AI provider and its one implementation: an HTTP client to a
//! Vapi-compatible API (`https://api.vapi.ai`, or the bundled simulator).

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use axum::body::Body;
use reqwest::{Method, StatusCode, header};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::vapi::{Call, CreateCallAnswer};
use crate::config::Secret;

/// Why a provider request failed.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The provider refused the request (4xx); `message` is its own text.
    #[error("provider rejected the request ({status}): {message}")]
    Rejected { status: u16, message: String },
    #[error("not found at the provider")]
    NotFound,
    /// Rate limited or failing (after our retries), unreachable, or timed out.
    #[error("provider unavailable: {0}")]
    Unavailable(String),
    /// An answer we cannot read.
    #[error("unexpected provider answer: {0}")]
    Invalid(String),
}

pub type ProviderResult<T> = Result<T, ProviderError>;
pub type ProviderFuture<'a, T> = Pin<Box<dyn Future<Output = ProviderResult<T>> + Send + 'a>>;

/// Filters of `GET /call`.
#[derive(Debug, Clone, Default)]
pub struct CallQuery {
    pub limit: Option<u32>,
    pub created_at_gt: Option<String>,
    pub created_at_lt: Option<String>,
}

/// A recording being streamed from the provider.
pub struct Recording {
    pub status: u16,
    pub content_type: Option<String>,
    pub content_length: Option<String>,
    pub content_range: Option<String>,
    pub accept_ranges: Option<String>,
    pub body: Body,
}

/// What the product needs from a voice-AI provider.
pub trait VoiceProvider: Send + Sync + fmt::Debug {
    fn list_assistants(&self) -> ProviderFuture<'_, Vec<Value>>;
    fn get_assistant<'a>(&'a self, id: &'a str) -> ProviderFuture<'a, Value>;
    fn create_assistant<'a>(&'a self, body: &'a Value) -> ProviderFuture<'a, Value>;
    fn delete_assistant<'a>(&'a self, id: &'a str) -> ProviderFuture<'a, ()>;
    fn create_call<'a>(&'a self, body: &'a Value) -> ProviderFuture<'a, Call>;
    fn create_web_call<'a>(&'a self, body: &'a Value) -> ProviderFuture<'a, Call>;
    fn list_calls<'a>(&'a self, query: &'a CallQuery) -> ProviderFuture<'a, Vec<Call>>;
    fn get_call<'a>(&'a self, id: &'a str) -> ProviderFuture<'a, Call>;
    /// Requests that failed after retries or were refused, since start (for `/metrics`).
    fn errors(&self) -> u64 {
        0
    }
    /// The mono recording, with an optional `Range` passed through.
    fn recording<'a>(
        &'a self,
        id: &'a str,
        range: Option<&'a str>,
    ) -> ProviderFuture<'a, Recording>;
}

/// Vapi's API over HTTP.
pub struct VapiClient {
    http: reqwest::Client,
    base_url: String,
    api_key: Secret,
    max_retries: u32,
    /// First backoff step; doubled per retry.
    backoff: Duration,
    errors: crate::metrics::Counter,
}

impl fmt::Debug for VapiClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VapiClient")
            .field("base_url", &self.base_url)
            .finish_non_exhaustive()
    }
}

/// Longest `Retry-After` we wait for inside one request; beyond it the caller gets an error.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(10);

impl VapiClient {
    pub fn new(
        base_url: &str,
        api_key: Secret,
        timeout: Duration,
        max_retries: u32,
    ) -> anyhow::Result<VapiClient> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(timeout)
            .user_agent(concat!("hirelane/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(VapiClient {
            http,
            base_url: base_url.trim_end_matches('/').to_owned(),
            api_key,
            max_retries,
            backoff: Duration::from_millis(200),
            errors: crate::metrics::Counter::default(),
        })
    }

    /// Sends a request, retrying 429 and 5xx answers (and connection failures) with backoff.
    ///
    /// A POST is retried only when the provider cannot have acted on it (429, 502, 503, 504,
    /// or no connection), so a retry never places a second call.
    async fn send(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
        range: Option<&str>,
    ) -> ProviderResult<reqwest::Response> {
        let idempotent = method != Method::POST;
        let mut attempt = 0;
        loop {
            let mut request = self
                .http
                .request(method.clone(), format!("{}{path}", self.base_url))
                .bearer_auth(self.api_key.expose())
                .query(query);
            if let Some(body) = body {
                request = request.json(body);
            }
            if let Some(range) = range {
                request = request.header(header::RANGE, range);
            }
            let (retryable, wait, failure) = match request.send().await {
                Ok(response) => {
                    let status = response.status();
                    if !(status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error()) {
                        return Ok(response);
                    }
                    let retryable = idempotent || matches!(status.as_u16(), 429 | 502 | 503 | 504);
                    let wait = retry_after(&response);
                    let message = error_message(response).await;
                    (retryable, wait, format!("{status}: {message}"))
                }
                Err(err) => {
                    let retryable = idempotent || err.is_connect();
                    (retryable, None, describe(&err))
                }
            };
            if !retryable
                || attempt >= self.max_retries
                || wait.is_some_and(|w| w > MAX_RETRY_AFTER)
            {
                tracing::warn!(%method, path, attempt, error = %failure, "voice provider request failed");
                self.errors.inc();
                return Err(ProviderError::Unavailable(failure));
            }
            let delay =
                wait.unwrap_or_else(|| self.backoff * 2u32.saturating_pow(attempt) + jitter());
            tracing::info!(%method, path, attempt, delay_ms = delay.as_millis() as u64, error = %failure,
                "voice provider busy or failing; retrying");
            tokio::time::sleep(delay).await;
            attempt += 1;
        }
    }

    async fn json<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> ProviderResult<T> {
        let response = self.send(method, path, query, body, None).await?;
        let response = check(response).await.inspect_err(|_| self.errors.inc())?;
        response
            .json::<T>()
            .await
            .map_err(|e| ProviderError::Invalid(e.to_string()))
    }
}

/// Turns a 4xx answer into its error, keeping the provider's message.
async fn check(response: reqwest::Response) -> ProviderResult<reqwest::Response> {
    let status = response.status();
    if status.is_success() || status.is_redirection() {
        return Ok(response);
    }
    if status == StatusCode::NOT_FOUND {
        return Err(ProviderError::NotFound);
    }
    let message = error_message(response).await;
    if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
        // Our key is wrong: an operator problem, not the user's input.
        tracing::error!(%status, message, "the voice provider refused our API key");
        return Err(ProviderError::Unavailable(format!("{status}: {message}")));
    }
    Err(ProviderError::Rejected {
        status: status.as_u16(),
        message,
    })
}

/// Vapi's (Nest's) error body: `{message: string | string[], error, statusCode}`.
async fn error_message(response: reqwest::Response) -> String {
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    message_of(&text).unwrap_or_else(|| {
        status
            .canonical_reason()
            .unwrap_or("provider error")
            .to_owned()
    })
}

pub(crate) fn message_of(text: &str) -> Option<String> {
    let body: Value = serde_json::from_str(text).ok()?;
    match &body["message"] {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Array(items) => {
            let parts: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
            (!parts.is_empty()).then(|| parts.join("; "))
        }
        _ => body["error"].as_str().map(str::to_owned),
    }
}

fn retry_after(response: &reqwest::Response) -> Option<Duration> {
    response
        .headers()
        .get(header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim()
        .parse::<u64>()
        .ok()
        .map(Duration::from_secs)
}

/// Up to 100 ms, so instances retrying together spread out.
fn jitter() -> Duration {
    let mut byte = [0u8; 1];
    let _ = getrandom::fill(&mut byte);
    Duration::from_millis(u64::from(byte[0]) * 100 / 255)
}

fn describe(err: &reqwest::Error) -> String {
    if err.is_timeout() {
        "timed out".to_owned()
    } else if err.is_connect() {
        "cannot connect".to_owned()
    } else {
        err.to_string()
    }
}

fn header_text(response: &reqwest::Response, name: header::HeaderName) -> Option<String> {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

fn path_id(id: &str) -> String {
    form_urlencoded::byte_serialize(id.as_bytes()).collect()
}

impl VoiceProvider for VapiClient {
    fn errors(&self) -> u64 {
        self.errors.get()
    }

    fn list_assistants(&self) -> ProviderFuture<'_, Vec<Value>> {
        Box::pin(async move {
            let query = [("limit", "1000".to_owned())];
            self.json(Method::GET, "/assistant", &query, None).await
        })
    }

    fn get_assistant<'a>(&'a self, id: &'a str) -> ProviderFuture<'a, Value> {
        Box::pin(async move {
            self.json(
                Method::GET,
                &format!("/assistant/{}", path_id(id)),
                &[],
                None,
            )
            .await
            .map_err(bad_id_is_missing)
        })
    }

    fn create_assistant<'a>(&'a self, body: &'a Value) -> ProviderFuture<'a, Value> {
        Box::pin(self.json(Method::POST, "/assistant", &[], Some(body)))
    }

    fn delete_assistant<'a>(&'a self, id: &'a str) -> ProviderFuture<'a, ()> {
        Box::pin(async move {
            self.json::<Value>(
                Method::DELETE,
                &format!("/assistant/{}", path_id(id)),
                &[],
                None,
            )
            .await
            .map_err(bad_id_is_missing)
            .map(drop)
        })
    }

    fn create_call<'a>(&'a self, body: &'a Value) -> ProviderFuture<'a, Call> {
        Box::pin(async move {
            self.json::<CreateCallAnswer>(Method::POST, "/call", &[], Some(body))
                .await?
                .into_first()
                .ok_or_else(|| ProviderError::Invalid("no call in the batch answer".into()))
        })
    }

    fn create_web_call<'a>(&'a self, body: &'a Value) -> ProviderFuture<'a, Call> {
        Box::pin(self.json(Method::POST, "/call/web", &[], Some(body)))
    }

    fn list_calls<'a>(&'a self, query: &'a CallQuery) -> ProviderFuture<'a, Vec<Call>> {
        let mut params = vec![("limit", query.limit.unwrap_or(100).to_string())];
        if let Some(gt) = &query.created_at_gt {
            params.push(("createdAtGt", gt.clone()));
        }
        if let Some(lt) = &query.created_at_lt {
            params.push(("createdAtLt", lt.clone()));
        }
        Box::pin(async move { self.json(Method::GET, "/call", &params, None).await })
    }

    fn get_call<'a>(&'a self, id: &'a str) -> ProviderFuture<'a, Call> {
        Box::pin(async move {
            self.json(Method::GET, &format!("/call/{}", path_id(id)), &[], None)
                .await
                .map_err(bad_id_is_missing)
        })
    }

    fn recording<'a>(
        &'a self,
        id: &'a str,
        range: Option<&'a str>,
    ) -> ProviderFuture<'a, Recording> {
        Box::pin(async move {
            // Vapi answers 302 to a short-lived signed URL; the client follows it, and drops
            // our key if it leads to another host.
            let path = format!("/call/{}/mono-recording", path_id(id));
            let response = self.send(Method::GET, &path, &[], None, range).await?;
            let status = response.status();
            if status == StatusCode::RANGE_NOT_SATISFIABLE {
                return Ok(Recording {
                    status: status.as_u16(),
                    content_type: None,
                    content_length: None,
                    content_range: header_text(&response, header::CONTENT_RANGE),
                    accept_ranges: None,
                    body: Body::empty(),
                });
            }
            let response = check(response).await.map_err(bad_id_is_missing)?;
            Ok(Recording {
                status: response.status().as_u16(),
                content_type: header_text(&response, header::CONTENT_TYPE),
                content_length: header_text(&response, header::CONTENT_LENGTH),
                content_range: header_text(&response, header::CONTENT_RANGE),
                accept_ranges: header_text(&response, header::ACCEPT_RANGES),
                body: Body::from_stream(response.bytes_stream()),
            })
        })
    }
}

/// Vapi answers 400 to an id that is not a UUID; to us that is an id it does not have.
fn bad_id_is_missing(err: ProviderError) -> ProviderError {
    match err {
        ProviderError::Rejected { status: 400, .. } => ProviderError::NotFound,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nest_error_bodies() {
        assert_eq!(
            message_of(r#"{"message":["property x should not exist","name too long"],"error":"Bad Request","statusCode":400}"#)
                .as_deref(),
            Some("property x should not exist; name too long")
        );
        assert_eq!(
            message_of(
                r#"{"message":"Couldn't Find Assistant","error":"Not Found","statusCode":404}"#
            )
            .as_deref(),
            Some("Couldn't Find Assistant")
        );
        assert_eq!(
            message_of(r#"{"error":"assistant_pinned"}"#).as_deref(),
            Some("assistant_pinned")
        );
        assert_eq!(message_of("<html>"), None);
    }
}
