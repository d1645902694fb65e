//! `hirelane-ats`: a recruiter's bulk tool over the `ats` library.
//!
//! ```text
//! hirelane-ats extract FILE
//! hirelane-ats rank --jd JD.json FILE_OR_DIR... [--json] [--lexical]
//! ```
//!
//! `rank` adds semantic fit when the embedding model is installed (`scripts/models.sh`); without
//! it, or with `--lexical`, scores are lexical, and each result's `version` says which.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde::{Deserialize, Serialize};

/// A recruiter's bulk tool over the `ats` library.
#[derive(Parser)]
#[command(name = "hirelane-ats")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the normalised text (exit 2 for damaged, password-protected, unsupported, empty or
    /// scanned files, with the reason on stderr).
    Extract {
        file: PathBuf,
        /// Read pages that are pictures with Tesseract (needs `pdftoppm` and `tesseract`).
        #[arg(long)]
        ocr: bool,
    },
    /// Score every file (in directories: *.pdf, *.docx, *.doc, *.txt) against the JD.
    Rank {
        /// JSON with jdname, jddescription, keySkills, experience (and optionally additionalNotes).
        #[arg(long, value_name = "JD.json")]
        jd: PathBuf,
        /// One JSON array instead of a table.
        #[arg(long)]
        json: bool,
        /// Country (ISO code such as IN or DE) for phone numbers written without a country code
        /// when the resume names no place; without it such numbers are kept as written.
        #[arg(long, value_name = "XX", value_parser = region)]
        default_region: Option<ats::Region>,
        /// Score without the embedding model even when it is installed.
        #[arg(long)]
        lexical: bool,
        #[arg(required = true, value_name = "FILE_OR_DIR")]
        inputs: Vec<PathBuf>,
    },
    /// For benchmarking: median in-process milliseconds to extract, to extract+parse+score
    /// (lexical), and to embed the resume's work text when the model is installed, each file
    /// (JSON lines).
    Bench {
        #[arg(long, default_value_t = 30)]
        runs: usize,
        files: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // Help goes to stdout and succeeds; a usage error is EX_USAGE (64), because exit 2
            // already means "this document cannot be read".
            return if e.use_stderr() {
                ExitCode::from(64)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.command {
        Command::Extract { file, ocr } => extract(&file, ocr),
        Command::Rank {
            jd,
            json,
            default_region,
            lexical,
            inputs,
        } => rank(&jd, json, default_region, lexical, &inputs),
        Command::Bench { runs, files } => bench(runs.max(1), &files),
    }
}

fn region(code: &str) -> Result<ats::Region, String> {
    ats::Region::new(code).ok_or_else(|| format!("'{code}' is not a two-letter country code"))
}

fn extract(path: &Path, ocr: bool) -> ExitCode {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return ExitCode::from(1);
        }
    };
    let limits = ats::Limits {
        ocr: ocr.then(ats::extract::Ocr::default),
        ..ats::Limits::default()
    };
    match ats::extract_with(&bytes, &limits) {
        Ok(doc) => {
            if doc.ocr {
                eprintln!("{}: some text was read by OCR", path.display());
            }
            println!("{}", doc.text);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {e} ({})", path.display(), e.code());
            ExitCode::from(2)
        }
    }
}

/// A JD file, with the spec's field names.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JdFile {
    jdname: String,
    #[serde(default)]
    jddescription: String,
    #[serde(default)]
    key_skills: String,
    #[serde(default)]
    experience: String,
    #[serde(default)]
    additional_notes: String,
}

/// One line of `rank --json`, with the spec's resume field names.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Ranked {
    file: String,
    candidate_name: Option<String>,
    candidate_email: Option<String>,
    candidate_phone: Option<String>,
    ats_score: Option<u8>,
    skills_match_score: Option<u8>,
    recommendation: Option<ats::Recommendation>,
    /// The scoring version: with the embedding model's name when semantic fit counted.
    version: Option<&'static str>,
    matched_skills: Vec<String>,
    missing_skills: Vec<String>,
    analysis_summary: Option<String>,
    error: Option<String>,
}

fn rank(
    jd_path: &Path,
    json: bool,
    default_region: Option<ats::Region>,
    lexical: bool,
    inputs: &[PathBuf],
) -> ExitCode {
    let jd: JdFile = match std::fs::read(jd_path)
        .map_err(|e| e.to_string())
        .and_then(|b| serde_json::from_slice(&b).map_err(|e| e.to_string()))
    {
        Ok(jd) => jd,
        Err(e) => {
            eprintln!("{}: {e}", jd_path.display());
            return ExitCode::from(1);
        }
    };
    let job = ats::JobSpec::new(
        &jd.jdname,
        &jd.jddescription,
        &jd.key_skills,
        &jd.experience,
        &jd.additional_notes,
    );
    let files = collect_files(inputs);
    let semantic = if lexical { None } else { semantic_model(&job) };
    let semantic = semantic.as_ref().map(|(model, duties)| (model, duties));
    let config = ats::ScoringConfig::default();
    let options = ats::ParseOptions {
        default_region,
        ..ats::ParseOptions::default()
    };

    // Files are independent: split them across cores.
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(files.len().max(1));
    let chunk = files.len().div_ceil(workers).max(1);
    let mut results: Vec<Ranked> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .map(|part| {
                scope.spawn(|| {
                    part.iter()
                        .map(|f| rank_one(f, &job, &config, &options, semantic))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    results.sort_by(|a, b| {
        b.ats_score
            .cmp(&a.ats_score)
            .then_with(|| a.file.cmp(&b.file))
    });

    if json {
        match serde_json::to_string_pretty(&results) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(1);
            }
        }
    } else {
        print_table(&results);
    }
    ExitCode::SUCCESS
}

fn collect_files(inputs: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(input)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file() && looks_like_resume_name(p))
                .collect();
            entries.sort();
            files.extend(entries);
        } else {
            files.push(input.clone());
        }
    }
    files
}

/// In a directory, only files named like resumes are ranked (the type itself is still decided
/// from the content); files named on the command line are always ranked.
fn looks_like_resume_name(path: &Path) -> bool {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    matches!(ext.as_deref(), Some("pdf" | "docx" | "doc" | "txt"))
}

/// The embedding model and the JD's vector, or `None` with a note on stderr: scores are then
/// lexical, as a server without the model makes them.
fn semantic_model(job: &ats::JobSpec) -> Option<(ats::semantic::Model, ats::semantic::Vector)> {
    let loaded = ats::semantic::Model::locate().and_then(|model| {
        let duties = model.job(job)?;
        Ok((model, duties))
    });
    loaded
        .inspect_err(|e| {
            eprintln!(
                "hirelane-ats: no semantic fit ({e}); scores are lexical ({})",
                ats::VERSION
            );
        })
        .ok()
}

fn rank_one(
    path: &Path,
    job: &ats::JobSpec,
    config: &ats::ScoringConfig,
    options: &ats::ParseOptions,
    semantic: Option<(&ats::semantic::Model, &ats::semantic::Vector)>,
) -> Ranked {
    let mut out = Ranked {
        file: path.display().to_string(),
        candidate_name: None,
        candidate_email: None,
        candidate_phone: None,
        ats_score: None,
        skills_match_score: None,
        recommendation: None,
        version: None,
        matched_skills: Vec::new(),
        missing_skills: Vec::new(),
        analysis_summary: None,
        error: None,
    };
    let doc = match std::fs::read(path).map_err(|e| e.to_string()) {
        Ok(bytes) => ats::extract(&bytes).map_err(|e| e.to_string()),
        Err(e) => Err(e),
    };
    match doc {
        Ok(doc) => {
            let resume = ats::parse_document(&doc, options);
            let input = ats::ScorerInput::new(&resume);
            // A resume the model fails on is scored lexically; its version says so.
            let similarity = semantic.and_then(|(model, duties)| {
                model
                    .resume(&input)
                    .inspect_err(|e| eprintln!("{}: no semantic fit ({e})", path.display()))
                    .ok()
                    .map(|v| v.similarity(duties))
            });
            let a = ats::score_input_with(&input, job, config, similarity);
            out.version = Some(a.version);
            out.candidate_name = resume.name;
            out.candidate_email = resume.email;
            out.candidate_phone = resume.phone;
            out.ats_score = Some(a.ats_score);
            out.skills_match_score = Some(a.skills_match);
            out.recommendation = Some(a.recommendation);
            out.matched_skills = a.matched_skills;
            out.missing_skills = a.missing_skills;
            out.analysis_summary = Some(a.summary);
        }
        Err(e) => out.error = Some(e),
    }
    out
}

fn print_table(results: &[Ranked]) {
    println!(
        "{:>4}  {:>5}  {:>6}  {:<6}  {:<26}  FILE",
        "RANK", "SCORE", "SKILLS", "RESULT", "CANDIDATE"
    );
    for (i, r) in results.iter().enumerate() {
        let file = Path::new(&r.file)
            .file_name()
            .map_or(r.file.clone(), |f| f.to_string_lossy().into_owned());
        match &r.error {
            Some(e) => println!(
                "{:>4}  {:>5}  {:>6}  {:<6}  {:<26}  {file}: {e}",
                "-", "-", "-", "ERROR", "-"
            ),
            None => {
                let name: String = r
                    .candidate_name
                    .clone()
                    .unwrap_or_else(|| "?".into())
                    .chars()
                    .take(26)
                    .collect();
                let verdict = match r.recommendation {
                    Some(ats::Recommendation::Pass) => "Pass",
                    _ => "Fail",
                };
                println!(
                    "{:>4}  {:>5}  {:>5}%  {:<6}  {:<26}  {file}",
                    i + 1,
                    r.ats_score.unwrap_or(0),
                    r.skills_match_score.unwrap_or(0),
                    verdict,
                    name
                );
            }
        }
    }
}

/// Median timings per file, for bench/ats/compare.py.
fn bench(runs: usize, files: &[PathBuf]) -> ExitCode {
    let job = ats::JobSpec::new(
        "Senior Backend Engineer",
        "<p>Must have: Go, PostgreSQL, Kafka</p><h3>Nice to have</h3><ul><li>Redis, gRPC</li></ul>",
        "Go, Java, PostgreSQL, Kafka, Kubernetes, Microservices",
        "5+ years",
        "",
    );
    let config = ats::ScoringConfig::default();
    let options = ats::ParseOptions::default();
    let model = ats::semantic::Model::locate()
        .inspect_err(|e| eprintln!("embed_ms not measured: {e}"))
        .ok();
    for file in files {
        let Ok(bytes) = std::fs::read(file) else {
            eprintln!("{}: unreadable", file.display());
            return ExitCode::from(1);
        };
        let median = |f: &dyn Fn()| {
            f();
            let mut t: Vec<f64> = (0..runs)
                .map(|_| {
                    let start = std::time::Instant::now();
                    f();
                    start.elapsed().as_secs_f64() * 1000.0
                })
                .collect();
            t.sort_by(f64::total_cmp);
            t[t.len() / 2]
        };
        let extract_ms = median(&|| {
            let _ = std::hint::black_box(ats::extract(&bytes));
        });
        let full_ms = median(&|| {
            if let Ok(doc) = ats::extract(&bytes) {
                let r = ats::parse_document(&doc, &options);
                std::hint::black_box(ats::score(&r, &job, &config));
            }
        });
        let doc = ats::extract(&bytes).ok();
        let pages = doc.as_ref().map_or(0, |d| d.pages);
        let input = doc.map(|d| ats::ScorerInput::new(&ats::parse_document(&d, &options)));
        let embed_ms = match (&model, &input) {
            (Some(model), Some(input)) => format!(
                "{:.3}",
                median(&|| {
                    let _ = std::hint::black_box(model.resume(input));
                })
            ),
            _ => "null".into(),
        };
        println!(
            "{{\"file\": {:?}, \"pages\": {pages}, \"extract_ms\": {extract_ms:.3}, \"full_ms\": {full_ms:.3}, \"embed_ms\": {embed_ms}}}",
            file.display().to_string()
        );
    }
    ExitCode::SUCCESS
}
