//! `vapi-sim`: a Vapi-compatible HTTP simulator, as stripe-mock is for Stripe.
//!
//! It serves Vapi's assistant and call endpoints with Vapi's field names, status codes and
//! error bodies, moves calls through `scheduled → queued → ringing → in-progress → ended` on a
//! [`SimClock`] tests can drive, generates a transcript, a playable WAV recording and an
//! analysis for each call, and POSTs `status-update` / `end-of-call-report` webhooks to the
//! assistant's server URL, with injectable faults. See `README.md` for the HTTP surface and
//! how to steer outcomes.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! use vapi_sim::{SimClock, SimConfig, Simulator};
//! let clock = SimClock::manual("2026-09-01T09:00:00Z".parse().unwrap());
//! let sim = Simulator::start(SimConfig::new("test-key").with_seed(1).with_clock(clock), "127.0.0.1:0").await?;
//! println!("Vapi base URL: {}", sim.base_url());
//! sim.clock().advance(jiff::SignedDuration::from_mins(10));
//! sim.idle().await; // transitions run, webhooks sent
//! sim.shutdown().await;
//! # Ok(()) }
//! ```

mod api;
mod clock;
mod config;
#[cfg(feature = "contract")]
pub mod contract;
mod control;
mod error;
mod ids;
mod jwt;
mod public;
mod script;
mod sim;
mod validate;
mod wav;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tokio::net::{TcpListener, ToSocketAddrs};
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use clock::{ClockMode, SimClock};
pub use config::{ApiFault, Faults, SimConfig, WebhookAction, WebhookFault};
pub use ids::random_seed;
pub use sim::Delivery;

use error::{ApiError, error_body};
use sim::Sim;

/// Starts simulators.
#[derive(Debug)]
pub struct Simulator;

impl Simulator {
    /// Binds `addr` (use port 0 for a free port) and serves the simulator on it in the
    /// background of the current tokio runtime.
    pub async fn start(config: SimConfig, addr: impl ToSocketAddrs) -> std::io::Result<SimHandle> {
        let listener = TcpListener::bind(addr).await?;
        Self::serve(config, listener).await
    }

    /// Serves the simulator on an already bound listener.
    pub async fn serve(config: SimConfig, listener: TcpListener) -> std::io::Result<SimHandle> {
        let addr = listener.local_addr()?;
        let base_url = config
            .public_base_url
            .clone()
            .map(|u| u.trim_end_matches('/').to_string())
            .unwrap_or_else(|| format!("http://{addr}"));
        let (sim, outbox) = Sim::new(config, base_url);
        let (stop_tx, stop_rx) = watch::channel(false);
        let app = router(sim.clone());
        let mut server_stop = stop_rx.clone();
        let server = tokio::spawn(async move {
            let shutdown = async move {
                let _ = server_stop.changed().await;
            };
            if let Err(e) = axum::serve(listener, app)
                .with_graceful_shutdown(shutdown)
                .await
            {
                tracing::error!(error = %e, "vapi-sim server stopped");
            }
        });
        let engine = tokio::spawn(sim.clone().engine(sim.cfg.clock.subscribe(), stop_rx));
        let delivery = tokio::spawn(sim.clone().deliver(outbox));
        tracing::info!(%addr, base_url = %sim.base_url, "vapi-sim listening");
        Ok(SimHandle {
            sim,
            addr,
            stop: stop_tx,
            tasks: vec![server, engine, delivery],
        })
    }
}

/// A running simulator. Dropping it leaves the simulator running until the runtime ends;
/// call [`SimHandle::shutdown`] to stop it.
#[derive(Debug)]
pub struct SimHandle {
    sim: Arc<Sim>,
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

impl SimHandle {
    /// The Vapi base URL to point a client at (`http://127.0.0.1:PORT`, or the configured
    /// public base URL).
    pub fn base_url(&self) -> &str {
        &self.sim.base_url
    }

    /// The bound address.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The simulator's clock; advancing it runs due transitions (see [`SimHandle::idle`]).
    pub fn clock(&self) -> &SimClock {
        &self.sim.cfg.clock
    }

    /// The private API key the simulator expects.
    pub fn api_key(&self) -> &str {
        &self.sim.cfg.api_key
    }

    /// Replaces the fault rules.
    pub fn set_faults(&self, faults: Faults) {
        self.sim.with_store(|s, _| s.faults = faults);
    }

    /// The fault rules with what is left of their counts.
    pub fn faults(&self) -> Faults {
        self.sim.with_store(|s, _| s.faults.clone())
    }

    /// Every webhook attempt so far, in order (including dropped and delayed ones).
    pub fn deliveries(&self) -> Vec<Delivery> {
        self.sim.with_store(|s, _| s.log.clone())
    }

    /// Runs the transitions due at the clock's current instant and waits until the webhooks
    /// they produced have been delivered (or failed). Use after moving a manual clock.
    pub async fn idle(&self) {
        self.sim.idle().await;
    }

    /// Stops serving and waits for the background tasks to finish.
    pub async fn shutdown(self) {
        let _ = self.stop.send(true);
        for task in self.tasks {
            // The delivery worker never ends on its own (its queue lives in `Sim`).
            if !task.is_finished() {
                task.abort();
            }
            let _ = task.await;
        }
    }
}

/// The whole HTTP surface.
fn router(sim: Arc<Sim>) -> Router {
    let vapi = api::router().layer(middleware::from_fn_with_state(sim.clone(), vapi_gate));
    let control =
        control::router().layer(middleware::from_fn_with_state(sim.clone(), control_gate));
    Router::new()
        .merge(vapi)
        .merge(control)
        .merge(public::router())
        .fallback(not_found)
        .with_state(sim)
}

/// Bearer-key check, then injected API faults (so a fault never hides an auth bug).
async fn vapi_gate(State(sim): State<Arc<Sim>>, request: Request, next: Next) -> Response {
    let public_ok = request.uri().path() == "/call/web";
    if !api::authorized(&sim, request.headers(), public_ok) {
        return ApiError::Unauthorized.into_response();
    }
    let (method, path) = (
        request.method().as_str().to_string(),
        request.uri().path().to_string(),
    );
    if let Some(fault) = sim.with_store(|s, _| s.faults.take_api(&method, &path)) {
        let status =
            StatusCode::from_u16(fault.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        return ApiError::Injected {
            status,
            retry_after_seconds: fault.retry_after_seconds,
        }
        .into_response();
    }
    next.run(request).await
}

async fn control_gate(State(sim): State<Arc<Sim>>, request: Request, next: Next) -> Response {
    if !api::authorized(&sim, request.headers(), false) {
        return ApiError::Unauthorized.into_response();
    }
    next.run(request).await
}

/// Nest's answer for an unknown route.
async fn not_found(request: Request) -> Response {
    let message = format!("Cannot {} {}", request.method(), request.uri().path());
    (
        StatusCode::NOT_FOUND,
        axum::Json(error_body(StatusCode::NOT_FOUND, json!(message))),
    )
        .into_response()
}
