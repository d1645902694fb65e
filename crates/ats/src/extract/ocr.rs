//! Reading pictures of text: poppler's `pdftoppm` renders a page, Tesseract reads it.
//!
//! Both are separate programs, started per page with a deadline; a missing program or language
//! model means "no OCR here", never an error of the file. The server runs this inside its
//! extraction child process, whose memory and CPU limits the programs inherit.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// Where the OCR programs are and how much they may do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ocr {
    /// poppler's page renderer.
    pub pdftoppm: PathBuf,
    /// The Tesseract command line program.
    pub tesseract: PathBuf,
    /// Tesseract's language model (`eng` ships with Debian's `tesseract-ocr-eng`).
    pub language: String,
    /// Pages read at most (a resume's words are on its first pages).
    pub max_pages: u32,
    /// Rendering resolution: 300 dpi is Tesseract's sweet spot for body text.
    pub dpi: u32,
    /// Time for all pages together, on top of the text extraction's budget.
    pub time_budget: Duration,
}

impl Default for Ocr {
    fn default() -> Self {
        Ocr {
            pdftoppm: "pdftoppm".into(),
            tesseract: "tesseract".into(),
            language: "eng".into(),
            max_pages: 3,
            dpi: 300,
            time_budget: Duration::from_secs(60),
        }
    }
}

/// Why OCR gave no text.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum OcrFailure {
    /// A program or the language model is missing, or a program failed: the file is not to blame.
    Unavailable(String),
    /// The pages took longer than [`Ocr::time_budget`].
    TimedOut,
}

/// The text of each of the given pages (1-based, at most [`Ocr::max_pages`]), read from their
/// pictures.
pub(crate) fn read_pages(pdf: &[u8], pages: &[u32], ocr: &Ocr) -> Result<Vec<String>, OcrFailure> {
    let deadline = Instant::now() + ocr.time_budget;
    let dir = ScratchDir::new()?;
    let input = dir.path.join("in.pdf");
    std::fs::write(&input, pdf).map_err(unavailable("cannot write a scratch file"))?;
    let mut texts = Vec::new();
    for page in pages.iter().take(ocr.max_pages as usize) {
        let picture = dir.path.join(format!("page-{page}"));
        let mut render = Command::new(&ocr.pdftoppm);
        render
            .args(["-r", &ocr.dpi.to_string(), "-gray", "-png", "-singlefile"])
            .args(["-f", &page.to_string(), "-l", &page.to_string()])
            .arg(&input)
            .arg(&picture);
        run(render, deadline)?;
        let mut read = Command::new(&ocr.tesseract);
        read.arg(picture.with_extension("png"))
            .arg("stdout")
            .args(["-l", &ocr.language, "--psm", "3"])
            // One thread: the server reads several files at once on few cores.
            .env("OMP_THREAD_LIMIT", "1");
        texts.push(run(read, deadline)?);
    }
    Ok(texts)
}

/// Runs a program to completion before the deadline and answers its standard output.
fn run(mut command: Command, deadline: Instant) -> Result<String, OcrFailure> {
    let program = command.get_program().to_string_lossy().into_owned();
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(unavailable(&format!("cannot start {program}")))?;
    // Output is read on a thread so a chatty program never blocks on a full pipe while we wait.
    let stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        if let Some(mut stdout) = stdout {
            let _ = stdout.read_to_end(&mut out);
        }
        out
    });
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(OcrFailure::TimedOut);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(OcrFailure::Unavailable(format!("{program}: {e}"))),
        }
    };
    let out = reader.join().unwrap_or_default();
    if !status.success() {
        let mut stderr = String::new();
        if let Some(mut err) = child.stderr.take() {
            let _ = err.read_to_string(&mut stderr);
        }
        let stderr: String = stderr.chars().take(300).collect();
        return Err(OcrFailure::Unavailable(format!(
            "{program} failed ({status}): {stderr}"
        )));
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn unavailable(what: &str) -> impl Fn(std::io::Error) -> OcrFailure + '_ {
    move |e| OcrFailure::Unavailable(format!("{what}: {e}"))
}

/// A private directory for one file's pictures, removed when dropped.
struct ScratchDir {
    path: PathBuf,
}

impl ScratchDir {
    fn new() -> Result<Self, OcrFailure> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let unique = format!(
            "hirelane-ocr-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(unique);
        std::fs::create_dir(&path).map_err(unavailable("cannot make a scratch directory"))?;
        Ok(ScratchDir { path })
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Whether the programs OCR needs are installed (for tools that report it).
pub fn available(ocr: &Ocr) -> bool {
    let answers = |program: &Path, arg: &str| {
        Command::new(program)
            .arg(arg)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    answers(&ocr.pdftoppm, "-v") && answers(&ocr.tesseract, "--version")
}
