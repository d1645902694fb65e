//! Reading an uploaded file in a child process, so a hostile file can crash or stall only that
//! process: a parser's stack overflow aborts whatever process it runs in (`catch_unwind` cannot
//! catch it), and a page that loops cannot be interrupted from inside.
//!
//! The child is this program's hidden `extract` command: it limits its own address space and CPU
//! time, reads the file from stdin and writes `Result<ats::Document, ats::ExtractError>` as JSON
//! to stdout. The parent writes the bytes, waits up to the wall-clock limit and kills it after.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{ExitCode, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use tokio::io::AsyncWriteExt;
use tokio::sync::Semaphore;

use crate::config::UploadSettings;
use crate::error::{Error, Result};

/// What the child answers.
type Extracted = std::result::Result<ats::Document, ats::ExtractError>;

/// The limits the child sets on itself before it reads a byte.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct ChildLimits {
    /// Address-space limit, in megabytes.
    #[arg(long)]
    pub memory_mb: u64,
    /// CPU-time limit, in seconds (each OCR program it starts has its own).
    #[arg(long)]
    pub cpu_seconds: u64,
    /// Time for reading pictures of pages with OCR; 0 for none.
    #[arg(long, default_value_t = 0)]
    pub ocr_seconds: u64,
}

/// The child's side: limit, read, extract, answer. Exits non-zero only when it cannot answer.
pub fn run_child(limits: ChildLimits) -> ExitCode {
    if let Err(err) = limit_self(limits) {
        eprintln!("extract: cannot set limits: {err}");
        return ExitCode::FAILURE;
    }
    let ocr = (limits.ocr_seconds > 0).then(|| ats::extract::Ocr {
        time_budget: Duration::from_secs(limits.ocr_seconds),
        ..ats::extract::Ocr::default()
    });
    let limits = ats::Limits {
        ocr,
        ..ats::Limits::default()
    };
    let max_bytes = limits.max_bytes;
    let mut bytes = Vec::new();
    let read = std::io::stdin()
        .lock()
        .take(u64::try_from(max_bytes).unwrap_or(u64::MAX) + 1)
        .read_to_end(&mut bytes);
    if let Err(err) = read {
        eprintln!("extract: cannot read the file: {err}");
        return ExitCode::FAILURE;
    }
    let extracted: Extracted = ats::extract_with(&bytes, &limits);
    let mut stdout = std::io::stdout().lock();
    let answered = serde_json::to_writer(&mut stdout, &extracted)
        .map_err(std::io::Error::from)
        .and_then(|()| stdout.flush());
    match answered {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("extract: cannot answer: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(unix)]
fn limit_self(limits: ChildLimits) -> std::io::Result<()> {
    let memory = limits.memory_mb.saturating_mul(1024 * 1024);
    rlimit::setrlimit(rlimit::Resource::AS, memory, memory)?;
    // The soft limit sends SIGXCPU; the hard one, a second later, SIGKILL.
    let cpu = limits.cpu_seconds.max(1);
    rlimit::setrlimit(rlimit::Resource::CPU, cpu, cpu + 1)
}

#[cfg(not(unix))]
fn limit_self(_: ChildLimits) -> std::io::Result<()> {
    // Elsewhere only the parent's wall-clock limit applies.
    Ok(())
}

/// Children reading at once on this instance; more uploads wait their turn.
fn readers() -> &'static Semaphore {
    static READERS: OnceLock<Semaphore> = OnceLock::new();
    READERS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Semaphore::new(cores * 2)
    })
}

/// The parent's side: extracts `bytes` in a child process. A child that crashes, runs out of
/// memory or time is the file's fault and answers an [`ats::ExtractError`]; a child that cannot
/// be started is the server's and answers [`Error::Internal`].
pub async fn extract(settings: &UploadSettings, bytes: &[u8]) -> Result<Extracted> {
    let _permit = readers()
        .acquire()
        .await
        .map_err(|e| Error::Internal(anyhow::anyhow!("extraction queue closed: {e}")))?;
    let program = match &settings.extract_program {
        Some(program) => program.clone(),
        None => std::env::current_exe()
            .map_err(|e| Error::Internal(anyhow::anyhow!("cannot find this program: {e}")))?,
    };
    let mut child = tokio::process::Command::new(&program)
        .arg("extract")
        .arg("--memory-mb")
        .arg(settings.extract_memory_mb.to_string())
        .arg("--cpu-seconds")
        .arg(settings.extract_timeout_seconds.to_string())
        .arg("--ocr-seconds")
        .arg(settings.ocr_seconds.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| spawn_failed(&program, e))?;
    let mut stdin = child.stdin.take();
    let feed = async move {
        if let Some(stdin) = stdin.as_mut() {
            // A child that stopped early closes the pipe; its exit status tells why.
            let _ = stdin.write_all(bytes).await;
        }
        drop(stdin);
    };
    let limit = Duration::from_secs(
        settings
            .extract_timeout_seconds
            .max(1)
            .saturating_add(settings.ocr_seconds),
    );
    // Dropping the child on time-out kills it (`kill_on_drop`).
    let Ok(((), output)) = tokio::time::timeout(limit, async {
        tokio::join!(feed, child.wait_with_output())
    })
    .await
    else {
        tracing::warn!(limit = ?limit, "extraction ran past its time limit; the reader was killed");
        return Ok(Err(ats::ExtractError::TimedOut));
    };
    let output = output.map_err(|e| Error::Internal(anyhow::anyhow!("extraction child: {e}")))?;
    if output.status.success() {
        return serde_json::from_slice(&output.stdout)
            .map_err(|e| Error::Internal(anyhow::anyhow!("extraction child answered badly: {e}")));
    }
    tracing::warn!(
        status = %output.status,
        stderr = %String::from_utf8_lossy(&output.stderr).chars().take(500).collect::<String>(),
        "the reader stopped on an uploaded file"
    );
    Ok(Err(stopped(&output.status)))
}

/// Why a child that did not answer stopped, as the file's problem.
fn stopped(status: &std::process::ExitStatus) -> ats::ExtractError {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        // SIGXCPU (24) and SIGKILL (9) come from the CPU-time limit.
        if matches!(status.signal(), Some(24 | 9)) {
            return ats::ExtractError::TimedOut;
        }
    }
    #[cfg(not(unix))]
    let _ = status;
    ats::ExtractError::Corrupt("the reader stopped on this file".into())
}

fn spawn_failed(program: &Path, err: std::io::Error) -> Error {
    Error::Internal(anyhow::anyhow!(
        "cannot start the file reader {} extract: {err}",
        program.display()
    ))
}
