//! One HTTP attempt: the target checked again (DNS may have changed since the subscription) and
//! connected to at the checked address, no redirect followed, a connect and a total time limit,
//! and at most [`MAX_ANSWER_BYTES`] of the answer read.

use std::time::{Duration, Instant};

use reqwest::redirect::Policy;

use super::deliveries::Attempt;
use super::target;
use crate::config::WebhookSettings;

/// How much of an endpoint's answer is read (and kept for the log); the rest is dropped.
const MAX_ANSWER_BYTES: usize = 4 * 1024;

/// The headers and body of one attempt.
pub struct Signed<'a> {
    pub id: &'a str,
    pub timestamp: i64,
    pub signature: &'a str,
    pub body: &'a str,
}

/// Sends `signed` to `url`; never fails, the outcome is the attempt's.
pub async fn send(settings: &WebhookSettings, url: &str, signed: &Signed<'_>) -> Attempt {
    let started = Instant::now();
    let total = Duration::from_secs(settings.timeout_seconds.max(1));
    let outcome = tokio::time::timeout(total, attempt(settings, url, signed)).await;
    let latency_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    let (response_code, error) = match outcome {
        Ok(Ok(code)) if (200..300).contains(&code) => (Some(code), None),
        Ok(Ok(code)) if (300..400).contains(&code) => (
            Some(code),
            Some(format!("answered {code}: redirects are not followed")),
        ),
        Ok(Ok(code)) => (Some(code), Some(format!("answered {code}"))),
        Ok(Err(error)) => (None, Some(error)),
        Err(_) => (
            None,
            Some(format!("no complete answer within {} s", total.as_secs())),
        ),
    };
    Attempt {
        response_code,
        latency_ms,
        error,
    }
}

/// The endpoint's status code, once its answer was read (up to the bound).
async fn attempt(
    settings: &WebhookSettings,
    url: &str,
    signed: &Signed<'_>,
) -> Result<u16, String> {
    let allow_private = settings.allow_private_targets;
    let url = target::parse(url, allow_private).map_err(|e| e.to_string())?;
    let checked = target::resolve(&url, allow_private)
        .await
        .map_err(|e| e.to_string())?;
    let mut client = reqwest::Client::builder()
        .redirect(Policy::none())
        // A proxy from the environment would connect to the host on its own, unchecked.
        .no_proxy()
        // The whole attempt is bounded by the caller's timeout, reading the answer included.
        .connect_timeout(Duration::from_secs(settings.connect_timeout_seconds.max(1)))
        .user_agent("Hirelane-Webhooks/1");
    if let Some((host, address)) = &checked.pinned {
        client = client.resolve(host, *address);
    }
    let client = client.build().map_err(|e| e.to_string())?;
    let mut response = client
        .post(checked.url)
        .header("content-type", "application/json")
        .header("webhook-id", signed.id)
        .header("webhook-timestamp", signed.timestamp.to_string())
        .header("webhook-signature", signed.signature)
        .body(signed.body.to_owned())
        .send()
        .await
        .map_err(|e| describe(&e))?;
    let code = response.status().as_u16();
    let mut read = 0;
    while read < MAX_ANSWER_BYTES {
        match response.chunk().await.map_err(|e| describe(&e))? {
            Some(chunk) => read += chunk.len(),
            None => break,
        }
    }
    Ok(code)
}

fn describe(err: &reqwest::Error) -> String {
    if err.is_connect() {
        "could not connect".to_owned()
    } else if err.is_timeout() {
        "timed out".to_owned()
    } else {
        "the request failed".to_owned()
    }
}
