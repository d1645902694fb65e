//! The voice provider handle every request reaches through the application state: which
//! provider (Vapi's API or the bundled simulator), where its webhooks go, and the tokens and
//! links browsers use to reach a call.

use std::any::Any;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use hirelane_core::clock::SharedClock;
use hirelane_core::keys::{Keys, load_or_create_secret, random_token};
use hirelane_core::voice::VoiceHandle;
use jiff::{SignedDuration, Timestamp};
use serde_json::json;

use super::provider::{VapiClient, VoiceProvider};
use super::selfhosted::{self, Runtime};
use super::vapi::WebhookTarget;
use crate::auth::tokens::sign_hs256;
use crate::config::{ProviderKind, Secret, Settings, VoiceSettings, WebCallStart};
use crate::error::{Error, ErrorCode, Result};
use crate::state::AppState;
use crate::store::Db;
use crate::store::files::FileStore;

/// How long a browser's public web-call token lives.
const PUBLIC_TOKEN_LIFETIME: SignedDuration = SignedDuration::from_hours(1);

/// `scheme://host[:port]` of a URL.
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split('/').next().filter(|h| !h.is_empty())?;
    Some(format!("{scheme}://{host}"))
}

/// Says at start-up what the web-call settings will do, before a candidate finds out.
fn warn_about_web_call_settings(voice: &VoiceSettings) {
    if voice.public_key.is_some() {
        tracing::warn!(
            "voice.public_key is ignored: a raw public key never expires and fits any assistant, \
             so it never reaches a browser (web calls are created by the server, or, with \
             voice.web_calls = \"browser\", started with a short-lived JWT that needs voice.org_id)"
        );
    }
    if voice.web_calls == WebCallStart::Browser && voice.org_id.is_none() {
        tracing::warn!(
            "voice.web_calls = \"browser\" needs voice.org_id to sign short-lived public tokens: \
             candidates cannot start web interviews until it is set"
        );
    }
}

/// The webhook route, relative to the API root.
pub const WEBHOOK_PATH: &str = "/webhooks/vapi";
/// Written to the data directory when the simulator starts in-process, so local tools and the
/// browser tests can reach its control endpoints. Nothing else writes it.
pub const SIM_INFO_FILE: &str = "vapi-sim.json";
/// The bundled simulator's assistants and calls, in the data directory (see `vapi_sim::SimConfig::state_file`).
pub const SIM_STATE_FILE: &str = "vapi-sim-state.json";
/// How long a recording link stays valid.
const RECORDING_LINK_LIFETIME: SignedDuration = SignedDuration::from_hours(6);

/// The running in-process simulator; a build without the `simulator` feature has none.
#[cfg(feature = "simulator")]
type Simulator = Arc<vapi_sim::SimHandle>;
#[cfg(not(feature = "simulator"))]
type Simulator = std::convert::Infallible;

/// The voice provider and what the webhooks and links need.
#[derive(Clone, Debug)]
pub struct Voice {
    pub provider: Arc<dyn VoiceProvider>,
    webhook_url: String,
    webhook_secret: Secret,
    /// The HMAC key of signed deliveries, when it is not the webhook secret.
    webhook_signing_secret: Option<Secret>,
    pub(crate) phone_number_id: String,
    /// The simulator's origin when the provider is the bundled simulator: browsers drive its
    /// web calls directly, so the page's CSP must allow it.
    simulator_origin: Option<String>,
    /// Signs the short-lived public tokens browsers start Vapi web calls with.
    api_key: Secret,
    org_id: Option<String>,
    web_calls: WebCallStart,
    /// The self-hosted interviewer, when it is the provider (`voice.provider = "selfhosted"`).
    pub selfhosted: Option<Arc<Runtime>>,
    /// Keeps the in-process simulator alive as long as the application.
    _simulator: Option<Simulator>,
}

/// What the self-hosted interviewer keeps its assistants, calls and recordings in.
pub struct Stores<'a> {
    pub db: &'a Db,
    pub files: &'a FileStore,
    pub clock: &'a SharedClock,
}

impl Voice {
    /// Connects to the configured provider, or starts the bundled simulator in-process when
    /// `serving` (a command-line tool gets an unreachable provider instead). `port` is the port
    /// the server actually listens on (for the default webhook address).
    pub async fn start(
        settings: &Settings,
        port: u16,
        serving: bool,
        stores: Stores<'_>,
    ) -> anyhow::Result<Voice> {
        let voice = &settings.voice;
        if voice.provider == ProviderKind::Selfhosted {
            return Self::start_selfhosted(settings, serving, stores).await;
        }
        let webhook_secret = match &voice.webhook_secret {
            Some(secret) => secret.clone(),
            None => load_or_create_secret(&settings.data_dir.join("voice-webhook.secret"))
                .map(Secret::new)
                .context("voice: the generated webhook secret cannot be stored")?,
        };
        let timeout = Duration::from_secs(voice.request_timeout_seconds.max(1));
        let (base_url, api_key, phone_number_id, simulator) = match &voice.base_url {
            Some(base_url) => {
                let api_key = voice
                    .api_key
                    .clone()
                    .context("voice.api_key is required with voice.base_url")?;
                let phone = voice
                    .phone_number_id
                    .clone()
                    .context("voice.phone_number_id is required with voice.base_url")?;
                (base_url.clone(), api_key, phone, None)
            }
            None if !serving => (
                // Port 9 (discard) on loopback: nothing answers, so voice calls fail fast.
                "http://127.0.0.1:9".to_owned(),
                Secret::new(random_token(24)),
                "hirelane-simulated-number".to_owned(),
                None,
            ),
            #[cfg(feature = "simulator")]
            None => {
                let api_key = voice
                    .api_key
                    .clone()
                    .unwrap_or_else(|| Secret::new(random_token(24)));
                let sim = start_simulator(&settings.data_dir, api_key.expose()).await?;
                let base_url = sim.base_url().to_owned();
                write_sim_info(&settings.data_dir, &base_url, api_key.expose())
                    .context("voice: cannot record the simulator's address")?;
                tracing::info!(base_url, "voice: using the bundled Vapi simulator");
                let phone = voice
                    .phone_number_id
                    .clone()
                    .unwrap_or_else(|| "hirelane-simulated-number".to_owned());
                (base_url, api_key, phone, Some(Arc::new(sim)))
            }
            #[cfg(not(feature = "simulator"))]
            None => anyhow::bail!(
                "voice: set voice.base_url (this build has no bundled simulator: cargo feature `simulator`)"
            ),
        };
        warn_about_web_call_settings(voice);
        let simulator_origin = (simulator.is_some() || voice.simulated)
            .then(|| origin_of(&base_url))
            .flatten();
        let client = VapiClient::new(&base_url, api_key.clone(), timeout, voice.max_retries)?;
        let webhook_base = match (&voice.webhook_base_url, &settings.server.public_url) {
            (Some(url), _) | (None, Some(url)) => url.trim_end_matches('/').to_owned(),
            (None, None) => {
                let host = match settings.server.host.as_str() {
                    "0.0.0.0" | "::" | "[::]" => "127.0.0.1",
                    host => host,
                };
                format!("http://{host}:{port}")
            }
        };
        Ok(Voice {
            provider: Arc::new(client),
            webhook_url: format!("{webhook_base}/api{WEBHOOK_PATH}"),
            webhook_secret,
            webhook_signing_secret: voice.webhook_signing_secret.clone(),
            phone_number_id,
            simulator_origin,
            api_key,
            org_id: voice.org_id.clone(),
            web_calls: voice.web_calls,
            selfhosted: None,
            _simulator: simulator,
        })
    }

    /// The self-hosted interviewer: our own store behind the provider seam, and (when serving)
    /// the speech sidecar; without the speech packages it refuses to start, saying how to
    /// install them. Web calls are always created by the server here.
    async fn start_selfhosted(
        settings: &Settings,
        serving: bool,
        stores: Stores<'_>,
    ) -> anyhow::Result<Voice> {
        let provider = Arc::new(selfhosted::provider::SelfHostedProvider::new(
            stores.db.clone(),
            stores.files.clone(),
            stores.clock.clone(),
            &settings.public_url(),
        ));
        let runtime = if serving {
            let speech =
                selfhosted::speech::Speech::start(&settings.voice.speech, &settings.data_dir)
                    .await?;
            let llm = selfhosted::llm::Llm::from_settings(&settings.voice.llm);
            Some(Arc::new(Runtime::new(
                provider.clone(),
                speech,
                llm,
                settings.voice.speech.clone(),
            )))
        } else {
            None
        };
        tracing::info!("voice: the self-hosted interviewer runs the interviews");
        Ok(Voice {
            provider,
            // Nothing posts webhooks here: the interviewer stores its reports itself.
            webhook_url: String::new(),
            webhook_secret: Secret::new(random_token(24)),
            webhook_signing_secret: None,
            phone_number_id: String::new(),
            simulator_origin: None,
            api_key: Secret::new(random_token(24)),
            org_id: None,
            web_calls: WebCallStart::Server,
            selfhosted: runtime,
            _simulator: None,
        })
    }

    /// Whether join pages drive the simulator's browser endpoints (else Vapi's web SDK).
    pub fn browser_drives_simulator(&self) -> bool {
        self.simulator_origin.is_some()
    }

    /// Whether the candidate's browser starts web calls itself (`voice.web_calls = "browser"`).
    pub fn browser_starts_calls(&self) -> bool {
        self.web_calls == WebCallStart::Browser
    }

    /// The token a browser starts a Vapi web call with (`voice.web_calls = "browser"`): a
    /// one-hour public JWT restricted to `assistant_id` and our origin (Vapi's JWT
    /// authentication, HS256 over the private key). Without `voice.org_id` there is none: a raw
    /// public key never expires and fits any assistant.
    pub fn public_web_token(
        &self,
        assistant_id: &str,
        origin: &str,
        now: Timestamp,
    ) -> Result<String> {
        let Some(org_id) = &self.org_id else {
            return Err(Error::Unavailable {
                code: ErrorCode::WebCallsUnconfigured,
                message: "The interview cannot start right now. Please contact the HR team.".into(),
            });
        };
        let claims = json!({
            "orgId": org_id,
            "token": {
                "tag": "public",
                "restrictions": {
                    "enabled": true,
                    "allowedOrigins": [origin],
                    "allowedAssistantIds": [assistant_id],
                    "allowTransientAssistant": false,
                }
            },
            "iat": now.as_second(),
            "exp": (now + PUBLIC_TOKEN_LIFETIME).as_second(),
        });
        Ok(sign_hs256(self.api_key.expose().as_bytes(), &claims))
    }

    /// The address and secret the provider's webhooks use.
    pub fn webhook(&self) -> WebhookTarget<'_> {
        WebhookTarget {
            url: &self.webhook_url,
            secret: self.webhook_secret.expose(),
        }
    }

    /// The key signed deliveries are checked with.
    pub fn webhook_signing_key(&self) -> &str {
        self.webhook_signing_secret
            .as_ref()
            .unwrap_or(&self.webhook_secret)
            .expose()
    }
}

/// A same-origin link that streams the call's recording through us for a few hours. An
/// `<audio>` element cannot send our bearer token, so the link carries a signature.
pub fn recording_link(keys: &Keys, call_id: &str, now: Timestamp) -> String {
    let expires = (now + RECORDING_LINK_LIFETIME).as_second();
    let id: String = form_urlencoded::byte_serialize(call_id.as_bytes()).collect();
    format!(
        "/api/Voice/recordings/{id}?expires={expires}&signature={}",
        keys.sign_link(&recording_resource(call_id), expires)
    )
}

pub(crate) fn recording_resource(call_id: &str) -> String {
    format!("recording:{call_id}")
}

/// Starts the bundled simulator with its state kept in the data directory, so a restart of the
/// quick start forgets no assistant or call, on the port it had before if that is free (the
/// links it handed out, in reports we stored, keep working), else on a new one.
#[cfg(feature = "simulator")]
async fn start_simulator(
    data_dir: &std::path::Path,
    api_key: &str,
) -> anyhow::Result<vapi_sim::SimHandle> {
    let config = vapi_sim::SimConfig::new(api_key).with_state_file(data_dir.join(SIM_STATE_FILE));
    let previous_port = std::fs::read_to_string(data_dir.join(SIM_INFO_FILE))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|info| info["baseUrl"].as_str().and_then(origin_port));
    if let Some(port) = previous_port {
        match vapi_sim::Simulator::start(config.clone(), ("127.0.0.1", port)).await {
            Ok(sim) => return Ok(sim),
            Err(e) => {
                tracing::info!(port, error = %e, "voice: the simulator's previous port is taken")
            }
        }
    }
    vapi_sim::Simulator::start(config, "127.0.0.1:0")
        .await
        .context("voice: the bundled simulator cannot start")
}

#[cfg(feature = "simulator")]
fn origin_port(base_url: &str) -> Option<u16> {
    reqwest::Url::parse(base_url).ok()?.port()
}

#[cfg(feature = "simulator")]
fn write_sim_info(
    data_dir: &std::path::Path,
    base_url: &str,
    api_key: &str,
) -> std::io::Result<()> {
    let info = json!({ "baseUrl": base_url, "apiKey": api_key });
    hirelane_core::keys::write_private(&data_dir.join(SIM_INFO_FILE), &info.to_string())
}

impl VoiceHandle for Voice {
    fn browser_origins(&self) -> String {
        match (&self.simulator_origin, &self.selfhosted) {
            (Some(origin), _) => origin.clone(),
            // The interview's socket is on our own origin ('self').
            (None, Some(_)) => String::new(),
            (None, None) => "https://api.vapi.ai https://*.daily.co wss://*.daily.co".to_owned(),
        }
    }
}

/// The voice provider the application state holds. Only `app.rs` builds the state, always
/// with a [`Voice`]; the error stands for a state built some other way.
pub fn of(state: &AppState) -> Result<&Voice> {
    let handle: &dyn Any = state.voice.as_ref();
    handle.downcast_ref::<Voice>().ok_or_else(|| {
        Error::Internal(anyhow::anyhow!(
            "the state's voice handle is not voice::client::Voice"
        ))
    })
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use hmac::{Hmac, Mac};

    use super::*;

    fn voice(org_id: Option<&str>) -> Voice {
        let key = Secret::new("private-key");
        let client = VapiClient::new(
            "https://api.vapi.ai",
            key.clone(),
            Duration::from_secs(5),
            0,
        )
        .expect("client");
        Voice {
            provider: Arc::new(client),
            webhook_url: String::new(),
            webhook_secret: Secret::new("secret"),
            webhook_signing_secret: None,
            phone_number_id: String::new(),
            simulator_origin: None,
            api_key: key,
            org_id: org_id.map(str::to_owned),
            web_calls: WebCallStart::Browser,
            selfhosted: None,
            _simulator: None,
        }
    }

    #[test]
    fn public_web_tokens_are_short_lived_jwts_restricted_to_one_assistant_and_our_origin() {
        let now: Timestamp = "2026-11-21T10:00:00Z".parse().expect("instant");
        let token = voice(Some("org-1"))
            .public_web_token("asst-9", "https://hire.example.com", now)
            .expect("token");
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3);
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(b"private-key").expect("key");
        mac.update(format!("{}.{}", parts[0], parts[1]).as_bytes());
        let signature = URL_SAFE_NO_PAD.decode(parts[2]).expect("base64");
        assert!(
            mac.verify_slice(&signature).is_ok(),
            "HS256 over the private key"
        );
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).expect("base64"))
                .expect("json");
        assert_eq!(claims["orgId"], "org-1");
        assert_eq!(claims["token"]["tag"], "public");
        let restrictions = &claims["token"]["restrictions"];
        assert_eq!(restrictions["allowedAssistantIds"], json!(["asst-9"]));
        assert_eq!(
            restrictions["allowedOrigins"],
            json!(["https://hire.example.com"])
        );
        assert_eq!(restrictions["allowTransientAssistant"], false);
        assert_eq!(claims["exp"].as_i64(), Some(now.as_second() + 3600));
    }

    #[test]
    fn without_an_org_id_no_public_token_is_given_out() {
        let err = voice(None)
            .public_web_token("a", "https://x", Timestamp::UNIX_EPOCH)
            .expect_err("nothing to sign with");
        assert!(matches!(err, Error::Unavailable { .. }));
        assert_eq!(
            origin_of("http://127.0.0.1:4000/x/y").as_deref(),
            Some("http://127.0.0.1:4000")
        );
    }
}
