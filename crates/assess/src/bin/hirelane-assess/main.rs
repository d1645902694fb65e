//! `hirelane-assess`: grades interview answers from JSON lines (`grade`), measures the grader
//! against human grades (`eval`), and lists the texts an embedding cache must hold (`texts`).

mod cache;
mod eval;
mod grade;
mod metrics;

use std::path::PathBuf;
use std::process::ExitCode;

use assess::{Embed, Grader};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "hirelane-assess",
    about = "Grade interview answers against key points"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Reads `{"id","question","reference","answer"[,"keyPoints"]}` lines on stdin and writes one
    /// `{"id","score",...}` line per input line on stdout.
    Grade {
        /// Take the embedding vectors from this cache (built by eval/embed_cache.py) instead of
        /// the installed model.
        #[arg(long)]
        embeddings: Option<PathBuf>,
        /// Grade on word overlap alone, without the embedding model.
        #[arg(long)]
        lexical: bool,
    },
    /// Prints Pearson r, Spearman rho and quadratic weighted kappa per dataset and split, for
    /// the grader and the two baselines.
    Eval {
        /// Dev-set files (JSON lines with `grade`, `dataset` and `split`).
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// Take the embedding vectors from this cache instead of the installed model.
        #[arg(long)]
        embeddings: Option<PathBuf>,
        /// Grade on word overlap alone, without the embedding model.
        #[arg(long)]
        lexical: bool,
        /// Only these splits (comma-separated), e.g. `unseen-questions,unseen-domains`.
        #[arg(long, value_delimiter = ',')]
        splits: Vec<String>,
        /// At most this many answers of each dataset's split, taken evenly (0: all).
        #[arg(long, default_value_t = 0)]
        per_split: usize,
        /// Also write each answer's signals and human grade here, for eval/fit.py.
        #[arg(long)]
        features: Option<PathBuf>,
        /// One JSON object per dataset and split instead of the markdown table.
        #[arg(long)]
        json: bool,
    },
    /// Prints, one JSON string a line, every text the grader would embed for these files.
    Texts {
        /// Dev-set files.
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// At most this many answers of each dataset's split, as `eval --per-split`.
        #[arg(long, default_value_t = 0)]
        per_split: usize,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Grade {
            embeddings,
            lexical,
        } => grader(embeddings, lexical).and_then(|g| grade::run(&g)),
        Command::Eval {
            data,
            embeddings,
            lexical,
            splits,
            per_split,
            features,
            json,
        } => grader(embeddings, lexical)
            .and_then(|g| eval::run(&g, &data, &splits, per_split, features.as_deref(), json)),
        Command::Texts { data, per_split } => eval::texts(&data, per_split),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hirelane-assess: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The grader the command asked for: lexical, with the cached vectors, or with the installed
/// model (a missing model is an error that says to run scripts/models.sh, never a silent
/// fall-back to another method).
fn grader(embeddings: Option<PathBuf>, lexical: bool) -> Result<Grader, String> {
    if lexical {
        return Ok(Grader::lexical());
    }
    if let Some(path) = embeddings {
        let cache = cache::Cache::load(&path)?;
        return Ok(Grader::with_model(Box::new(cache) as Box<dyn Embed>));
    }
    installed()
}

#[cfg(feature = "embed")]
fn installed() -> Result<Grader, String> {
    let model = assess::MiniLm::locate().map_err(|e| e.to_string())?;
    Ok(Grader::with_model(Box::new(model)))
}

#[cfg(not(feature = "embed"))]
fn installed() -> Result<Grader, String> {
    Err("built without the embedding model (feature `embed`): pass --lexical".into())
}
