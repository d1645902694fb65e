//! The `vapi-sim` command: run the simulator on its own.

use std::process::ExitCode;

use clap::Parser;
use tracing_subscriber::EnvFilter;
use vapi_sim::{SimClock, SimConfig, Simulator};

/// A Vapi-compatible HTTP simulator for offline development and tests.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Port to listen on.
    #[arg(long, default_value_t = 3001)]
    port: u16,
    /// Address to bind.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Private API key clients must send as `Authorization: Bearer <key>`
    /// (default: $VAPI_SIM_API_KEY, else "vapi-sim-key").
    #[arg(long)]
    api_key: Option<String>,
    /// Public key accepted by `POST /call/web` only.
    #[arg(long)]
    public_api_key: Option<String>,
    /// Base of the URLs handed out (webCallUrl, recordingUrl) when reached through a proxy.
    #[arg(long)]
    public_base_url: Option<String>,
    /// Seed for ids and generated interviews (default: random).
    #[arg(long)]
    seed: Option<u64>,
    /// Start with the clock frozen (move it with `POST /_sim/clock`).
    #[arg(long)]
    manual_clock: bool,
    /// Also write the mid-2024 top-level call fields (metadata, transcript, recordingUrl, summary).
    #[arg(long)]
    legacy_call_fields: bool,
    /// Keep assistants and calls in this file between runs (default: memory only).
    #[arg(long)]
    state_file: Option<std::path::PathBuf>,
}

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    let cli = Cli::parse();
    let api_key = cli
        .api_key
        .or_else(|| std::env::var("VAPI_SIM_API_KEY").ok())
        .unwrap_or_else(|| "vapi-sim-key".into());
    let mut config = SimConfig::new(api_key);
    config.public_api_key = cli.public_api_key;
    config.public_base_url = cli.public_base_url;
    config.legacy_call_fields = cli.legacy_call_fields;
    config.state_file = cli.state_file;
    if let Some(seed) = cli.seed {
        config.seed = seed;
    }
    if cli.manual_clock {
        config.clock = SimClock::manual(jiff::Timestamp::now());
    }
    let handle = match Simulator::start(config, (cli.host.as_str(), cli.port)).await {
        Ok(h) => h,
        Err(e) => {
            eprintln!("error: cannot listen on {}:{}: {e}", cli.host, cli.port);
            return ExitCode::FAILURE;
        }
    };
    println!("vapi-sim listening on {}", handle.base_url());
    if tokio::signal::ctrl_c().await.is_err() {
        eprintln!("error: cannot wait for Ctrl-C");
    }
    handle.shutdown().await;
    ExitCode::SUCCESS
}
