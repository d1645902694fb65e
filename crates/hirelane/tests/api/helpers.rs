//! Spawns the real application on a random port against a fresh database, with a clock the test
//! moves. Every scenario runs on SQLite, and on PostgreSQL too when `TEST_DATABASE_URL` names a
//! server (an admin connection, e.g. `postgres://postgres@127.0.0.1:5432/postgres`).

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use hirelane::auth::Role;
use hirelane::config::{Secret, Settings};
use hirelane::{AppState, Application};
use hirelane_core::clock::ManualClock;
use jiff::{SignedDuration, Timestamp};
use serde_json::Value;
use sqlx::{Connection, PgConnection};
use vapi_sim::{SimClock, SimConfig, SimHandle, Simulator};

pub const ADMIN_EMAIL: &str = "admin@example.com";
pub const ADMIN_NAME: &str = "Admin User";
const TEST_SECRET: &str = "test-secret-not-for-production";
pub const WEBHOOK_SECRET: &str = "test-webhook-secret";
pub const SIM_KEY: &str = "test-vapi-key";

/// Which database a scenario runs on.
#[derive(Debug, Clone)]
pub enum Backend {
    Sqlite,
    Postgres { admin_url: String },
}

/// The backends this run covers.
pub fn backends() -> Vec<Backend> {
    let mut all = vec![Backend::Sqlite];
    if let Ok(url) = std::env::var("TEST_DATABASE_URL")
        && !url.trim().is_empty()
    {
        all.push(Backend::Postgres { admin_url: url });
    }
    all
}

/// Runs `scenario` once per backend, each time on a fresh application and database.
pub async fn on_each_db<F, Fut>(scenario: F)
where
    F: Fn(TestApp) -> Fut,
    Fut: Future<Output = ()>,
{
    on_each_db_configured(|_| {}, scenario).await;
}

/// Like [`on_each_db`], with the settings changed by `configure` before the application starts.
pub async fn on_each_db_configured<C, F, Fut>(configure: C, scenario: F)
where
    C: Fn(&mut Settings),
    F: Fn(TestApp) -> Fut,
    Fut: Future<Output = ()>,
{
    for backend in backends() {
        let (app, teardown) = TestApp::spawn_with(&backend, &configure).await;
        scenario(app).await;
        teardown.run().await;
    }
}

/// A running application and what a test needs to drive it.
pub struct TestApp {
    pub address: String,
    /// The operations listener: `/readyz` and `/metrics`.
    pub ops_address: String,
    pub client: reqwest::Client,
    pub clock: Arc<ManualClock>,
    pub outbox: PathBuf,
    pub state: AppState,
    pub backend: &'static str,
    /// The Vapi simulator the application talks to, on a manual clock with a fixed seed.
    pub sim: Arc<SimHandle>,
}

pub struct Teardown {
    shutdown: tokio::sync::oneshot::Sender<()>,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
    postgres: Option<(String, String)>,
    settings: Settings,
    _dir: tempfile::TempDir,
}

impl Teardown {
    /// Stops the server the way a crash would leave things: no cleanup beyond closing
    /// connections. The database and files stay for a restart.
    async fn stop_server(
        shutdown: tokio::sync::oneshot::Sender<()>,
        server: tokio::task::JoinHandle<std::io::Result<()>>,
    ) {
        let _ = shutdown.send(());
        let _ = server.await;
    }

    pub async fn run(self) {
        Self::stop_server(self.shutdown, self.server).await;
        if let Some((admin_url, name)) = self.postgres
            && let Ok(mut admin) = PgConnection::connect(&admin_url).await
        {
            let _ = sqlx::query(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
            )))
            .execute(&mut admin)
            .await;
        }
    }
}

impl TestApp {
    /// Starts an application; the teardown stops it and drops its PostgreSQL database.
    pub async fn spawn(backend: &Backend) -> (TestApp, Teardown) {
        Self::spawn_with(backend, &|_| {}).await
    }

    /// Starts an application with its settings changed by `configure`.
    pub async fn spawn_with(
        backend: &Backend,
        configure: &dyn Fn(&mut Settings),
    ) -> (TestApp, Teardown) {
        let dir = tempfile::tempdir().expect("temp dir");
        let dist = dir.path().join("dist");
        std::fs::create_dir_all(&dist).expect("dist dir");
        std::fs::write(
            dist.join("index.html"),
            "<!doctype html><html><head><title>Hirelane</title></head>\
             <body><div id=\"root\"></div><!-- the single-page app shell --></body></html>",
        )
        .expect("index.html");
        let (database_url, postgres) = match backend {
            Backend::Sqlite => (
                format!("sqlite://{}", dir.path().join("hirelane.db").display()),
                None,
            ),
            Backend::Postgres { admin_url } => {
                let name = postgres_database_from_template(admin_url).await;
                (
                    replace_database(admin_url, &name),
                    Some((admin_url.clone(), name)),
                )
            }
        };
        let mut settings = Settings {
            data_dir: dir.path().to_path_buf(),
            ..Settings::default()
        };
        settings.server.host = "127.0.0.1".into();
        settings.server.port = 0;
        settings.server.ops_address = "127.0.0.1:0".into();
        settings.database.url = Some(Secret::new(database_url));
        settings.database.max_connections = 5;
        settings.web.dist_dir = dist;
        settings.auth.secret = Some(Secret::new(TEST_SECRET));
        // Files are read by the real binary's `extract` command (the test runner is not it).
        settings.uploads.extract_program = Some(env!("CARGO_BIN_EXE_hirelane").into());
        let sim = Simulator::start(
            SimConfig::new(SIM_KEY)
                .with_seed(7)
                .with_clock(SimClock::manual(start_instant())),
            "127.0.0.1:0",
        )
        .await
        .expect("simulator starts");
        settings.voice.base_url = Some(sim.base_url().to_owned());
        settings.voice.api_key = Some(Secret::new(SIM_KEY));
        settings.voice.phone_number_id = Some("test-phone-number".into());
        settings.voice.webhook_secret = Some(Secret::new(WEBHOOK_SECRET));
        // Join pages drive the simulator's web calls (as with the in-process one).
        settings.voice.simulated = true;
        // Tests run the reconciler themselves, so a timed run never races their assertions.
        settings.voice.reconcile_interval_seconds = 0;
        configure(&mut settings);
        let clock = Arc::new(ManualClock::new(start_instant()));
        let (app, shutdown, server) = Self::start(settings.clone(), clock, Arc::new(sim)).await;
        hirelane::auth::recruiters::add(
            &app.state.db,
            ADMIN_EMAIL,
            ADMIN_NAME,
            Role::Admin,
            clock_now(&app.clock),
        )
        .await
        .expect("first recruiter");
        let teardown = Teardown {
            shutdown,
            server,
            postgres,
            settings,
            _dir: dir,
        };
        (app, teardown)
    }

    /// Starts a second instance on the same database, files, outbox, clock and simulator, as
    /// when several instances serve one deployment; the returned sender stops it.
    pub async fn sibling(
        &self,
        teardown: &Teardown,
    ) -> (
        TestApp,
        tokio::sync::oneshot::Sender<()>,
        tokio::task::JoinHandle<std::io::Result<()>>,
    ) {
        Self::start(
            teardown.settings.clone(),
            self.clock.clone(),
            self.sim.clone(),
        )
        .await
    }

    /// Like [`TestApp::sibling`], with a data directory of its own: an instance's speech
    /// sidecar listens there, and two cannot share one. Files and outbox stay shared.
    pub async fn sibling_apart(
        &self,
        teardown: &Teardown,
    ) -> (
        TestApp,
        tokio::sync::oneshot::Sender<()>,
        tokio::task::JoinHandle<std::io::Result<()>>,
    ) {
        let mut settings = teardown.settings.clone();
        settings.uploads.files_dir = Some(settings.files_dir());
        settings.mail.outbox_dir = Some(settings.outbox_dir());
        settings.data_dir = teardown._dir.path().join("sibling");
        std::fs::create_dir_all(&settings.data_dir).expect("the sibling's data directory");
        Self::start(settings, self.clock.clone(), self.sim.clone()).await
    }

    /// Stops the server and starts a new one on the same database, files and clock, as after
    /// a crash or a deploy.
    pub async fn restart(self, teardown: Teardown) -> (TestApp, Teardown) {
        let Teardown {
            shutdown,
            server,
            postgres,
            settings,
            _dir,
        } = teardown;
        Teardown::stop_server(shutdown, server).await;
        let (app, shutdown, server) =
            Self::start(settings.clone(), self.clock.clone(), self.sim.clone()).await;
        let teardown = Teardown {
            shutdown,
            server,
            postgres,
            settings,
            _dir,
        };
        (app, teardown)
    }

    async fn start(
        settings: Settings,
        clock: Arc<ManualClock>,
        sim: Arc<SimHandle>,
    ) -> (
        TestApp,
        tokio::sync::oneshot::Sender<()>,
        tokio::task::JoinHandle<std::io::Result<()>>,
    ) {
        let outbox = settings.outbox_dir();
        let app = Application::build(settings, clock.clone())
            .await
            .expect("application builds");
        let port = app.port();
        let ops = app.ops_address().expect("the operations listener");
        let state = app.state().clone();
        let (shutdown, stop) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(app.run_with_shutdown(async move {
            let _ = stop.await;
        }));
        let app = TestApp {
            address: format!("http://127.0.0.1:{port}"),
            ops_address: format!("http://{ops}"),
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("client"),
            clock,
            outbox,
            backend: state.db.backend(),
            state,
            sim,
        };
        (app, shutdown, server)
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// A URL on the operations listener (`/readyz`, `/metrics`).
    pub fn ops_url(&self, path: &str) -> String {
        format!("{}{path}", self.ops_address)
    }

    pub fn advance(&self, by: SignedDuration) {
        self.clock.advance(by);
    }

    /// Moves the application's and the simulator's clocks together, then waits until the
    /// simulator's due transitions ran and their webhooks were delivered.
    pub async fn advance_both(&self, by: SignedDuration) {
        self.clock.advance(by);
        self.sim.clock().advance(by);
        self.sim.idle().await;
    }

    /// POST with a JSON body; returns status and parsed body (Null when not JSON).
    pub async fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let response = self
            .client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("request");
        read(response).await
    }

    pub async fn post(&self, path: &str) -> (u16, Value) {
        let response = self
            .client
            .post(self.url(path))
            .send()
            .await
            .expect("request");
        read(response).await
    }

    pub async fn get_with_token(&self, path: &str, token: &str) -> (u16, Value) {
        let response = self
            .client
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .expect("request");
        read(response).await
    }

    /// Sends `method path` with the bearer `token` and an optional JSON body.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: &str,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let mut request = self
            .client
            .request(method, self.url(path))
            .bearer_auth(token);
        if let Some(body) = body {
            request = request.json(body);
        }
        read(request.send().await.expect("request")).await
    }

    /// Signs in and returns just the access token.
    pub async fn token(&self) -> String {
        self.sign_in().await["token"]
            .as_str()
            .expect("token")
            .to_owned()
    }

    pub async fn request_otp(&self, email: &str, retry: bool) -> (u16, Value) {
        self.post(&format!("/api/auth/requestotp?email={email}&retry={retry}"))
            .await
    }

    pub async fn verify_otp(&self, email: &str, code: &str) -> (u16, Value) {
        self.post_json(
            "/api/auth/verifyotp",
            &serde_json::json!({ "email": email, "otpCode": code }),
        )
        .await
    }

    /// Waits for the sign-in mail to `email` number `nth` (1-based) and returns its code.
    pub async fn otp_from_outbox(&self, email: &str, nth: usize) -> String {
        for _ in 0..100 {
            let codes = self.outbox_codes(email);
            if let Some(code) = codes.get(nth - 1) {
                return code.clone();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no sign-in mail number {nth} for {email} in the outbox");
    }

    /// Codes mailed to `email`, oldest first.
    pub fn outbox_codes(&self, email: &str) -> Vec<String> {
        self.outbox_mails(email)
            .into_iter()
            .filter_map(|text| {
                text.lines()
                    .find_map(|l| l.strip_prefix("Subject: Your Hirelane sign-in code: "))
                    .map(|code| code.trim().to_owned())
            })
            .collect()
    }

    /// Raw messages (`.eml` text) mailed to `email`, oldest first.
    pub fn outbox_mails(&self, email: &str) -> Vec<String> {
        let mut mails: Vec<(std::time::SystemTime, String)> = std::fs::read_dir(&self.outbox)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
                    .filter_map(|e| {
                        let modified = e.metadata().ok()?.modified().ok()?;
                        Some((modified, std::fs::read_to_string(e.path()).ok()?))
                    })
                    .collect()
            })
            .unwrap_or_default();
        mails.sort_by_key(|(at, _)| *at);
        mails
            .into_iter()
            .filter(|(_, text)| text.lines().any(|l| l == format!("To: {email}")))
            .map(|(_, text)| text)
            .collect()
    }

    /// Adds a colleague with `role` and signs them in; returns their id and access token.
    pub async fn add_and_sign_in(&self, email: &str, name: &str, role: Role) -> (i64, String) {
        let now = clock_now(&self.clock);
        let added = hirelane::auth::recruiters::add(&self.state.db, email, name, role, now).await;
        let token = self.sign_in_as(email).await["token"]
            .as_str()
            .map(str::to_owned);
        (added.expect("a colleague").id, token.expect("token"))
    }

    /// Signs in as the first recruiter; returns the verify answer's `data`.
    pub async fn sign_in(&self) -> Value {
        self.sign_in_as(ADMIN_EMAIL).await
    }

    /// Signs in as the recruiter registered as `email`; returns the verify answer's `data`.
    pub async fn sign_in_as(&self, email: &str) -> Value {
        let before = self.outbox_codes(email).len();
        let (status, _) = self.request_otp(email, false).await;
        assert_eq!(status, 200);
        let code = self.otp_from_outbox(email, before + 1).await;
        let (status, body) = self.verify_otp(email, &code).await;
        assert_eq!(status, 200, "{body}");
        body["data"].clone()
    }
}

async fn read(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let body = response.json::<Value>().await.unwrap_or(Value::Null);
    (status, body)
}

fn start_instant() -> Timestamp {
    "2026-03-02T09:00:00Z".parse().expect("valid instant")
}

fn clock_now(clock: &ManualClock) -> Timestamp {
    use hirelane_core::clock::Clock;
    clock.now()
}

/// `url` with its database name replaced.
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let path_start = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{name}", &base[..path_start]);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

/// Creates a fresh database for one test by cloning a migrated template. The template is named
/// after the migrations' content and built once, under an advisory lock, by whichever test
/// process gets there first.
async fn postgres_database_from_template(admin_url: &str) -> String {
    let template = format!("hl_tpl_{}", migrations_fingerprint());
    let mut admin = PgConnection::connect(admin_url)
        .await
        .expect("TEST_DATABASE_URL must reach PostgreSQL");
    sqlx::query("SELECT pg_advisory_lock(7406211)")
        .execute(&mut admin)
        .await
        .expect("advisory lock");
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(&template)
            .fetch_one(&mut admin)
            .await
            .expect("template lookup");
    if !exists {
        drop_stale_databases(&mut admin).await;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "CREATE DATABASE \"{template}\""
        )))
        .execute(&mut admin)
        .await
        .expect("create template");
        let db = hirelane::store::Db::connect(&replace_database(admin_url, &template), 1)
            .await
            .expect("migrate template");
        db.close().await;
    }
    sqlx::query("SELECT pg_advisory_unlock(7406211)")
        .execute(&mut admin)
        .await
        .expect("advisory unlock");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    let name = format!(
        "hl_t_{now}_{}",
        hirelane_core::keys::random_token(6)
            .to_lowercase()
            .replace(['-', '_'], "x")
    );
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "CREATE DATABASE \"{name}\" TEMPLATE \"{template}\" STRATEGY FILE_COPY"
    )))
    .execute(&mut admin)
    .await
    .expect("clone template");
    name
}

/// Databases left behind by crashed runs: test clones older than three hours, and templates of
/// other migration sets.
async fn drop_stale_databases(admin: &mut PgConnection) {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT datname FROM pg_database WHERE datname LIKE 'hl\\_t\\_%' OR datname LIKE 'hl\\_tpl\\_%'",
    )
    .fetch_all(&mut *admin)
    .await
    .unwrap_or_default();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    for name in names {
        let stale = match name.strip_prefix("hl_t_") {
            Some(rest) => rest
                .split('_')
                .next()
                .and_then(|s| s.parse::<u64>().ok())
                .is_some_and(|created| created + 3 * 3600 < now),
            None => true,
        };
        if stale {
            let _ = sqlx::query(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
            )))
            .execute(&mut *admin)
            .await;
        }
    }
}

fn migrations_fingerprint() -> String {
    use std::hash::{Hash, Hasher};
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../hirelane-core/migrations/postgres");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("migrations dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for file in files {
        std::fs::read(&file).expect("migration").hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}
