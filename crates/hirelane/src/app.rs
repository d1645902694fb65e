//! Wiring: shared state, the router (API under `/api`, health, OpenAPI, the single-page app),
//! the HTTP layers, and the background maintenance loop.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hirelane_core::clock::SharedClock;
use hirelane_core::keys::{Keys, random_token};
use hirelane_core::order::OrderCache;
use hirelane_core::wakeup::Wakeup;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::api_doc;
use crate::auth;
use crate::candidates;
use crate::careers;
use crate::config::{Settings, StorageBackend};
use crate::error::Error;
use crate::interviews;
use crate::jobs;
use crate::mail::Mailer;
use crate::metrics::{self, WorkerCounts};
use crate::ops;
use crate::rate_limit;
use crate::serve;
use crate::state::AppState;
use crate::store::files::FileStore;
use crate::store::{Db, redact_url};
use crate::token_scopes::TokenScopes;
use crate::voice::{self, Voice};
use crate::{activity, fairness, pipeline, reports, team, webhooks};

/// How long shutdown waits for e-mails already handed to the background.
const MAIL_DRAIN: Duration = Duration::from_secs(10);

/// Every API route with its documentation. Routes join the API only through here, so the
/// router and the OpenAPI document cannot disagree.
fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(api_doc::ApiDoc::openapi())
        .merge(auth::router())
        .merge(jobs::router())
        .merge(candidates::router())
        .merge(voice::router())
        .merge(interviews::router())
        .merge(pipeline::router())
        .merge(activity::router())
        .merge(team::router())
        .merge(careers::router())
        .merge(fairness::router())
        .merge(reports::router())
        .merge(webhooks::router())
}

/// The OpenAPI document of the whole API.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = api().into_openapi();
    api_doc::complete(&mut doc);
    doc
}

/// A configured, bound server, ready to run.
pub struct Application {
    listener: TcpListener,
    router: Router,
    /// `/readyz` and `/metrics`, apart from the app (`server.ops_address`).
    ops: Option<(TcpListener, Router)>,
    state: AppState,
}

impl Application {
    /// Opens every part the settings name (database, keys, mail), failing fast with the part's
    /// name, and binds the listener (port 0 picks a free one, for tests).
    pub async fn build(mut settings: Settings, clock: SharedClock) -> anyhow::Result<Application> {
        let address = format!("{}:{}", settings.server.host, settings.server.port);
        let listener = TcpListener::bind(&address)
            .await
            .with_context(|| format!("cannot listen on {address}"))?;
        // The voice provider's webhooks need the port actually bound (port 0 picks one).
        settings.server.port = listener.local_addr().map(|a| a.port())?;
        let ops_listener = match settings.server.ops_address.trim() {
            "" => None,
            address => Some(TcpListener::bind(address).await.with_context(|| {
                format!("cannot listen on {address} (server.ops_address, for /readyz and /metrics)")
            })?),
        };
        let state = open_state(settings, clock, true).await?;
        let router = router(state.clone());
        let ops = ops_listener.map(|listener| (listener, ops_router(state.clone())));
        Ok(Application {
            listener,
            router,
            ops,
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    /// Where `/readyz` and `/metrics` are served, if anywhere.
    pub fn ops_address(&self) -> Option<SocketAddr> {
        self.ops.as_ref().and_then(|(l, _)| l.local_addr().ok())
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until Ctrl-C or SIGTERM, finishing requests in flight.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.run_with_shutdown(shutdown_signal()).await
    }

    /// Serves until `shutdown` completes.
    pub async fn run_with_shutdown(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let maintenance = tokio::spawn(maintenance(self.state.clone()));
        let workers = match self.state.settings.uploads.analysis_workers {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
            n => n,
        };
        let analysis = tokio::spawn(candidates::worker::run(self.state.clone(), workers));
        let reconciler = tokio::spawn(voice::run_reconciler(self.state.clone()));
        let reminders = tokio::spawn(interviews::run_reminders(self.state.clone()));
        let autopilot = tokio::spawn(careers::autopilot::run(self.state.clone()));
        let webhooks = tokio::spawn(webhooks::run(self.state.clone()));
        // One signal stops both listeners.
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let signal = tokio::spawn(async move {
            shutdown.await;
            let _ = stop.send(true);
        });
        let until_stopped = |mut stopped: tokio::sync::watch::Receiver<bool>| async move {
            let _ = stopped.wait_for(|stop| *stop).await;
        };
        let header_read_timeout = Duration::from_secs(
            self.state
                .settings
                .server
                .header_read_timeout_seconds
                .max(1),
        );
        let stopped_for_interviews = stopped.clone();
        let app = serve::serve(
            self.listener,
            self.router,
            header_read_timeout,
            until_stopped(stopped.clone()),
        );
        let ops = async {
            match self.ops {
                Some((listener, router)) => {
                    serve::serve(
                        listener,
                        router,
                        header_read_timeout,
                        until_stopped(stopped),
                    )
                    .await
                }
                None => Ok(()),
            }
        };
        // The listeners close at once; the interviews running here move elsewhere meanwhile.
        let hand_over = async {
            until_stopped(stopped_for_interviews).await;
            voice::hand_over_interviews(&self.state).await;
        };
        let (served, ops_served, ()) = tokio::join!(app, ops, hand_over);
        signal.abort();
        if let Err(err) = ops_served {
            tracing::error!(error = %err, "the operations listener failed");
        }
        maintenance.abort();
        analysis.abort();
        reconciler.abort();
        reminders.abort();
        autopilot.abort();
        webhooks.abort();
        // A sign-in code already promised by a 200 answer is still delivered; a mail server
        // that hangs does not hold the process past the drain bound.
        if tokio::time::timeout(MAIL_DRAIN, self.state.mailer.settled())
            .await
            .is_err()
        {
            tracing::warn!("stopped with e-mails still being delivered");
        }
        self.state.db.close().await;
        served
    }
}

/// Opens the parts the settings name.
///
/// For the command-line tools: without a configured voice provider no simulator is started
/// (a tool run must not replace the serving instance's simulator), and voice calls fail.
pub async fn build_state(settings: Settings, clock: SharedClock) -> anyhow::Result<AppState> {
    open_state(settings, clock, false).await
}

async fn open_state(
    settings: Settings,
    clock: SharedClock,
    serving: bool,
) -> anyhow::Result<AppState> {
    std::fs::create_dir_all(&settings.data_dir).with_context(|| {
        format!(
            "data directory {} cannot be created",
            settings.data_dir.display()
        )
    })?;
    let time_zone = settings.time_zone()?;
    let url = settings.database_url();
    let statement_timeout = match settings.database.statement_timeout_seconds {
        0 => None,
        seconds => Some(Duration::from_secs(seconds)),
    };
    let db = Db::connect_with_timeout(&url, settings.database.max_connections, statement_timeout)
        .await
        .with_context(|| format!("database {}", redact_url(&url)))?;
    let keys = match &settings.auth.secret {
        Some(secret) => Keys::from_secret(secret.expose().as_bytes()),
        None => Keys::load_or_create(&settings.data_dir.join("secret.key"))
            .context("auth: the generated secret key cannot be stored in the data directory")?,
    };
    let mailer = Mailer::from_settings(&settings.mail, settings.outbox_dir()).context("mail")?;
    mailer.check().await.context("mail")?;
    let files = match settings.storage.backend {
        StorageBackend::Local => FileStore::local(&settings.files_dir()).context("storage")?,
        StorageBackend::S3 => FileStore::s3(&settings.storage.s3).context("storage")?,
    };
    files
        .check()
        .await
        .with_context(|| format!("storage: {} is not usable", files.place()))?;
    let stores = voice::client::Stores {
        db: &db,
        files: &files,
        clock: &clock,
    };
    let voice = Voice::start(&settings, settings.server.port, serving, stores).await?;
    Ok(AppState {
        db,
        clock,
        keys: Arc::new(keys),
        mailer,
        settings: Arc::new(settings),
        time_zone,
        files,
        analysis: Wakeup::default(),
        analysis_counts: WorkerCounts::default(),
        autopilot: Wakeup::default(),
        lists: OrderCache::default(),
        voice: Arc::new(voice),
        http_metrics: Arc::default(),
        token_scopes: Arc::new(TokenScopes::from_document(&openapi(), "/api")),
    })
}

fn router(state: AppState) -> Router {
    let (api, mut doc) = api().split_for_parts();
    api_doc::complete(&mut doc);
    let doc = Arc::new(doc);
    let dist = state.settings.web.dist_dir.clone();
    let csp = HeaderValue::from_str(&content_security_policy(&state.voice.browser_origins()))
        .unwrap_or(HeaderValue::from_static("default-src 'self'"));
    let router = Router::new();
    #[cfg(feature = "test-clock")]
    let router = match hirelane_core::clock::test_clock() {
        Some(clock) => router.route(
            "/_test/clock",
            axum::routing::post(move |body| move_test_clock(clock, body)),
        ),
        None => router,
    };
    router
        .nest("/api", api.fallback(api_not_found))
        .merge(careers_pages())
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::elsewhere))
        .route("/metrics", get(ops::elsewhere))
        .route(
            "/api-docs/openapi.json",
            get(move || {
                let doc = doc.clone();
                async move { axum::Json(doc.as_ref().clone()) }
            }),
        )
        .fallback_service(spa(&dist))
        .layer(axum::middleware::from_fn(cache_policy))
        .layer(axum::middleware::from_fn_with_state(
            Duration::from_secs(state.settings.server.request_timeout_seconds.max(1)),
            time_limit,
        ))
        // Inside the router so the matched route is known; the fallback counts as "unmatched".
        .layer(axum::middleware::from_fn_with_state(
            state.http_metrics.clone(),
            metrics::track,
        ))
        .with_state(state)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            csp,
        ))
        .layer(default_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(default_header(header::X_FRAME_OPTIONS, "DENY"))
        // Invite links carry their token in the URL; never leak it to other sites.
        .layer(default_header(header::REFERRER_POLICY, "no-referrer"))
        .layer(CompressionLayer::new())
        .layer(CatchPanicLayer::custom(|_| {
            Error::Internal(anyhow::anyhow!("handler panicked")).into_response()
        }))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request| {
                let id = request
                    .headers()
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("-");
                tracing::info_span!("request", id, method = %request.method(), path = %request.uri().path())
            }),
        )
        .layer(SetRequestIdLayer::x_request_id(RandomRequestId))
}

/// The public job pages (`careers/pages.rs`): HTML for people and search engines, outside the
/// API and its document.
fn careers_pages() -> Router<AppState> {
    use careers::pages;
    Router::new()
        .route("/careers", get(pages::jobs_page))
        .route("/how-we-score", get(careers::scoring_page::how_we_score))
        .route(
            "/careers/{slug}",
            // The resume streams through the upload cap, so the global body limit is lifted.
            get(pages::job_page)
                .post(pages::apply_page)
                .layer(axum::extract::DefaultBodyLimit::disable()),
        )
        .route("/careers/{slug}/applied", get(pages::applied_page))
        .route(
            "/careers/{slug}/confirm/{token}",
            get(pages::confirm_page).post(pages::confirm_submit),
        )
}

/// The operator's endpoints, served on their own listener.
fn ops_router(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz))
        .route("/metrics", get(ops::metrics))
        .with_state(state)
}

/// Answers 408 for a request not done in time, a slow body upload included.
async fn time_limit(
    axum::extract::State(limit): axum::extract::State<Duration>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => Error::TimedOut.into_response(),
    }
}

/// Moves the test clock: `{"advanceSeconds": n}` or `{"set": "ISO instant"}`; answers `{now}`.
/// Compiled only into test builds, mounted only under `HIRELANE_TEST_CLOCK=1`.
#[cfg(feature = "test-clock")]
async fn move_test_clock(
    clock: Arc<hirelane_core::clock::OffsetClock>,
    axum::Json(body): axum::Json<serde_json::Value>,
) -> Response {
    use hirelane_core::clock::Clock;
    if let Some(seconds) = body["advanceSeconds"].as_i64() {
        clock.advance(jiff::SignedDuration::from_secs(seconds));
    } else if let Some(to) = body["set"].as_str().and_then(|s| s.parse().ok()) {
        clock.set(to);
    } else {
        return Error::bad_request(
            crate::error::ErrorCode::InvalidClock,
            "Send advanceSeconds or set.",
        )
        .into_response();
    }
    axum::Json(serde_json::json!({ "now": hirelane_core::clock::to_iso(clock.now()) }))
        .into_response()
}

/// Static files of the built app; any other path gets `index.html` so the client router shows
/// the page (or its own 404).
fn spa(dist: &Path) -> ServeDir<ServeFile> {
    ServeDir::new(dist)
        .append_index_html_on_directories(true)
        .fallback(ServeFile::new(dist.join("index.html")))
}

/// Vite names built assets by content hash, so they never change and may be cached for a
/// year; everything else (index.html above all) is revalidated so a deploy shows at once.
async fn cache_policy(request: Request, next: axum::middleware::Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value = if immutable {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static(value));
    response
}

/// Quill writes inline styles and embeds pasted images as data: URLs; the candidate's join page
/// talks to the voice provider (`voice_origins`); View Resume frames a PDF from our own signed
/// link. Nothing else is loosened.
fn content_security_policy(voice_origins: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self'; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; \
         font-src 'self' data:; connect-src 'self' {voice_origins}; \
         frame-src 'self' https://www.youtube.com https://player.vimeo.com; frame-ancestors 'none'; \
         base-uri 'self'; form-action 'self'; object-src 'none'"
    )
}

fn default_header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

async fn api_not_found() -> Error {
    Error::not_found(crate::error::ErrorCode::NotFound, "Not found.")
}

#[derive(Clone, Copy)]
struct RandomRequestId;

impl MakeRequestId for RandomRequestId {
    fn make_request_id<B>(&mut self, _request: &axum::http::Request<B>) -> Option<RequestId> {
        HeaderValue::from_str(&random_token(12))
            .ok()
            .map(RequestId::new)
    }
}

/// Housekeeping every `background.maintenance_interval_seconds` (hourly by default), first run
/// at start: the bin purge, expired codes, stale rate-limit counters, and once a day (claimed
/// by one instance) retention. Each step is safe to run on several instances at once.
async fn maintenance(state: AppState) {
    let every = state
        .settings
        .background
        .maintenance_interval_seconds
        .max(1);
    let mut tick = tokio::time::interval(Duration::from_secs(every));
    loop {
        tick.tick().await;
        let now = state.clock.now();
        let pruned = async {
            let jobs = jobs::purge_bin(&state).await?;
            let limits = rate_limit::prune(&state.db, now).await?;
            let held = careers::reapply::prune(&state, now).await?;
            let digests = careers::digest::send_due(&state).await?;
            candidates::retention::run_daily(&state).await?;
            let codes = auth::otp::prune(&state.db, now).await?
                + auth::lockout::prune(&state.db, now).await?
                + voice::deliveries::prune(&state.db, now).await?;
            Ok::<_, Error>((jobs, limits, codes, held, digests))
        }
        .await;
        match pruned {
            Ok((jobs, limits, codes, held, digests)) => tracing::debug!(
                jobs,
                limits,
                codes,
                held,
                digests,
                "maintenance: pruned expired rows, sent daily digests"
            ),
            Err(err) => tracing::warn!(error = %err, "maintenance failed"),
        }
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(err) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %err, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(err) => {
                tracing::error!(error = %err, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
