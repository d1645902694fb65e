//! The `hirelane` command: serve the product, manage recruiters.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use clap::{Parser, Subcommand};
use hirelane::Application;
use hirelane::auth::first_run::{self, FirstRun};
use hirelane::auth::recruiters::{self, Role};
use hirelane::config::Settings;
use hirelane::store::Db;
use hirelane_core::clock::{Clock, SystemClock};

/// Hirelane: job descriptions, ATS scoring and AI voice interviews.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Settings file (default: ./hirelane.toml when present). Environment variables
    /// HIRELANE__SECTION__KEY override it.
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server and background workers.
    Serve,
    /// Manage recruiter accounts.
    #[command(subcommand)]
    User(UserCommand),
    /// Remove for good what has been in the bin for 30 days (the server also does this hourly).
    Purge,
    /// Candidates' data.
    #[command(subcommand)]
    Candidate(CandidateCommand),
    /// Read one uploaded file from stdin in a limited process (run by the server, not by hand).
    #[command(hide = true)]
    Extract(hirelane::candidates::intake::extraction::ChildLimits),
    /// Load the demo: 3 JDs and 30 resumes, analysed through the normal pipeline.
    Demo {
        /// Another demo set, laid out as `demo/` is (jobs.json and resumes/); without it, the
        /// set built into this binary.
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Load even into a database that already holds data.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Subcommand)]
enum CandidateCommand {
    /// Erase everything stored about a candidate: rows in every JD, resumes, invites, calls.
    Erase { email: String },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Register a recruiter who can then sign in with an e-mailed code (the first one is admin).
    Add {
        email: String,
        full_name: String,
        /// Make them an admin (manages the team, templates and settings).
        #[arg(long)]
        admin: bool,
    },
    /// List registered recruiters with their roles.
    List,
    /// Change a recruiter's role (`admin` or `recruiter`); the last admin stays admin.
    Role { email: String, role: String },
    /// Remove a recruiter and end their sessions.
    Remove { email: String },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The file reader stays one small thread: no runtime, no settings.
    if let Command::Extract(limits) = cli.command {
        return hirelane::candidates::intake::extraction::run_child(limits);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build();
    let result = match runtime {
        Ok(runtime) => runtime.block_on(run(cli)),
        Err(err) => Err(err.into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let settings = Settings::load(cli.config.as_deref())?;
    match cli.command {
        Command::Serve => serve(settings).await,
        Command::User(command) => user(settings, command).await,
        Command::Purge => purge(settings).await,
        Command::Candidate(CandidateCommand::Erase { email }) => erase(settings, &email).await,
        Command::Demo { dir, force } => demo(settings, dir.as_deref(), force).await,
        Command::Extract(_) => unreachable!("the file reader runs before the runtime"),
    }
}

/// The machine's clock; builds for browser tests can run on a movable one instead.
fn serving_clock() -> hirelane_core::clock::SharedClock {
    #[cfg(feature = "test-clock")]
    if let Some(clock) = hirelane_core::clock::test_clock() {
        tracing::warn!("serving on the movable test clock (HIRELANE_TEST_CLOCK=1)");
        return clock;
    }
    Arc::new(SystemClock)
}

async fn serve(settings: Settings) -> anyhow::Result<()> {
    hirelane::telemetry::init(&settings.log);
    let app = Application::build(settings, serving_clock()).await?;
    let state = app.state().clone();
    let embedded = state.settings.database.url.is_none();
    match first_run::prepare(&state.db, embedded, SystemClock.now()).await? {
        FirstRun::Ready => {}
        FirstRun::NoRecruiters => tracing::warn!(
            "no recruiter is registered yet: add one with `hirelane user add EMAIL \"Full Name\" --admin`"
        ),
        FirstRun::OnlyBuiltIn => anyhow::bail!(
            "the only recruiter is the quick start's built-in {}, whose sign-in codes nobody reads \
             on this database; add a real one with `hirelane user add EMAIL \"Full Name\" --admin`, \
             then remove the built-in one with `hirelane user remove {}`",
            first_run::BUILT_IN.0,
            first_run::BUILT_IN.0
        ),
    }
    if !state.settings.web.dist_dir.join("index.html").exists() {
        tracing::warn!(
            dir = %state.settings.web.dist_dir.display(),
            "the web app is not built (npm run build in web/); only the API is served"
        );
    }
    if state.settings.uploads.ocr_seconds > 0
        && !ats::extract::ocr_available(&ats::extract::Ocr::default())
    {
        tracing::warn!(
            "scanned resumes are held for review unread: OCR needs pdftoppm and tesseract \
             (scripts/system-deps.sh installs them; uploads.ocr_seconds = 0 silences this)"
        );
    }
    let url = state.settings.public_url();
    tracing::info!(
        database = state.db.backend(),
        port = app.port(),
        "Hirelane is running at {url} — sign in as {} with the code from {}",
        if embedded {
            first_run::BUILT_IN.0
        } else {
            "a registered recruiter"
        },
        match state.settings.mail.transport {
            hirelane::config::MailTransport::Outbox =>
                format!("the log below or {}", state.settings.outbox_dir().display()),
            hirelane::config::MailTransport::Smtp => "your inbox".to_owned(),
        }
    );
    app.run_until_stopped().await.context("server")
}

async fn purge(settings: Settings) -> anyhow::Result<()> {
    let state = hirelane::app::build_state(settings, Arc::new(SystemClock)).await?;
    let purged = hirelane::jobs::purge_bin(&state).await?;
    println!("purged {purged} job description(s) from the bin");
    state.db.close().await;
    Ok(())
}

async fn erase(settings: Settings, email: &str) -> anyhow::Result<()> {
    let state = hirelane::app::build_state(settings, Arc::new(SystemClock)).await?;
    let erased =
        hirelane::candidates::erase::erase(&state, email, "an operator (hirelane candidate erase)")
            .await;
    state.db.close().await;
    let erased = erased?;
    println!(
        "erased {email}: {} candidate row(s), {} file(s), {} call(s), {} outbox mail(s)",
        erased.candidates, erased.files, erased.calls, erased.mails
    );
    Ok(())
}

async fn demo(
    settings: Settings,
    dir: Option<&std::path::Path>,
    force: bool,
) -> anyhow::Result<()> {
    let set = match dir {
        Some(dir) => hirelane::demo::DemoSet::from_dir(dir)?,
        None => hirelane::demo::DemoSet::built_in(),
    };
    let state = hirelane::app::build_state(settings, Arc::new(SystemClock)).await?;
    let loaded = hirelane::demo::load(&state, &set, force).await;
    state.db.close().await;
    let loaded = loaded?;
    println!(
        "loaded the demo: {} JDs, {} resumes, all analysed",
        loaded.jobs, loaded.resumes
    );
    Ok(())
}

async fn user(settings: Settings, command: UserCommand) -> anyhow::Result<()> {
    std::fs::create_dir_all(&settings.data_dir)?;
    let db = Db::connect(&settings.database_url(), 2).await?;
    let result = match command {
        UserCommand::Add {
            email,
            full_name,
            admin,
        } => {
            let role = if admin { Role::Admin } else { Role::Recruiter };
            let row = recruiters::add(&db, &email, &full_name, role, SystemClock.now()).await?;
            println!(
                "registered {} ({}, {})",
                row.email,
                row.full_name,
                row.role.as_str()
            );
            Ok(())
        }
        UserCommand::List => {
            for row in recruiters::list(&db).await? {
                println!("{}\t{}\t{}", row.email, row.full_name, row.role.as_str());
            }
            Ok(())
        }
        UserCommand::Role { email, role } => {
            let role = match role.as_str() {
                "admin" => Role::Admin,
                "recruiter" => Role::Recruiter,
                other => anyhow::bail!("unknown role {other}: use admin or recruiter"),
            };
            let email = recruiters::normalize_email(&email)?;
            let row = recruiters::find_by_email(&db, &email)
                .await?
                .ok_or_else(|| anyhow::anyhow!("no recruiter is registered as {email}"))?;
            recruiters::set_role(&db, row.id, role).await?;
            println!("{email} is now {}", role.as_str());
            Ok(())
        }
        UserCommand::Remove { email } => {
            if recruiters::remove(&db, &email).await? {
                println!("removed {email}");
                Ok(())
            } else {
                Err(anyhow::anyhow!("no recruiter is registered as {email}"))
            }
        }
    };
    db.close().await;
    result
}
