//! Sentence embeddings on the CPU, shared by the resume scorer (`ats`) and the answer grader
//! (`assess`): all-MiniLM-L6-v2 as an int8 ONNX file, run by ONNX Runtime on one thread, with
//! mean pooling and L2 normalisation exactly as sentence-transformers does for this model.
//!
//! ```no_run
//! let embedder = embed::Embedder::locate()?;
//! let [a, b] = <[embed::Embedding; 2]>::try_from(embedder.embed(&["cold calling", "lead generation"])?)
//!     .expect("two texts in, two vectors out");
//! println!("{} says {:.2}", embedder.version(), a.cosine(&b));
//! # Ok::<(), embed::Error>(())
//! ```
//!
//! The model and the runtime library are files installed by `scripts/models.sh` into
//! `~/.cache/hirelane/models` (or `$HIRELANE_MODELS_DIR`); nothing is downloaded at run time.
//!
//! **Determinism.** Each text runs alone (no padding, so a batch gives exactly what single calls
//! give), on one intra-op thread, so one machine always gives the same vector. ONNX Runtime picks
//! its kernels by CPU (AVX2, AVX-512, VNNI), whose rounding differs in the last bits, so every
//! component is rounded to a multiple of [`QUANTUM`] (2^-10): machines then agree on every
//! component except one that falls within the kernels' error of a rounding boundary, which moves
//! by one step. Downstream scores should be rounded coarser than that (a cosine moves by at most
//! about 1e-3 through one such step).

mod embedding;
mod model;
mod split;
mod tokenizer;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub use embedding::{DIM, Embedding, QUANTUM};

use model::{Model, ModelFiles};
use tokenizer::Tokenizer;

/// Word pieces per text, as the reference's `max_seq_length` (256) less `[CLS]` and `[SEP]`;
/// the rest of a longer text is cut off. [`Embedder::split`] cuts a document into such parts.
pub const MAX_PIECES: usize = 254;

/// The one error type of this crate.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A model file is missing, has the wrong size or the wrong sha256.
    #[error("{0}; run scripts/models.sh to install the pinned embedding model")]
    NotInstalled(String),
    /// The files are there but could not be used (a broken library, an unexpected graph).
    #[error("the embedding model could not be used: {0}")]
    Model(String),
}

/// A loaded model: load once, share (it is `Send + Sync`), call from any thread. Calls are
/// serialised on one ONNX Runtime session, which runs on the calling thread.
pub struct Embedder {
    tokenizer: Tokenizer,
    model: Mutex<Model>,
    version: String,
}

impl Embedder {
    /// Loads the model from a models directory laid out by `scripts/models.sh`, checking the
    /// sha256 of the model and vocabulary files (the runtime library is checked by size and by
    /// the version it reports; the script checked its sha256 when it installed it).
    pub fn load(models_dir: &Path) -> Result<Self, Error> {
        let files = ModelFiles::verify(models_dir)?;
        let tokenizer = Tokenizer::from_vocab(&files.vocab)?;
        let model = Model::load(&files)?;
        let version = files.version();
        Ok(Self {
            tokenizer,
            model: Mutex::new(model),
            version,
        })
    }

    /// Loads the model from `$HIRELANE_MODELS_DIR`, else `~/.cache/hirelane/models`.
    pub fn locate() -> Result<Self, Error> {
        Self::load(&models_dir()?)
    }

    /// Names the model, the sha256 prefix of its file and the runtime, e.g.
    /// `all-MiniLM-L6-v2-int8@8199be6f+onnxruntime-1.32.0`: store it with every score made
    /// from these vectors.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// One L2-normalised, quantised vector per text, in order. A text longer than
    /// [`MAX_PIECES`] word pieces is truncated; an empty text gives the vector of `[CLS] [SEP]`.
    pub fn embed(&self, texts: &[&str]) -> Result<Vec<Embedding>, Error> {
        let mut model = self
            .model
            .lock()
            .map_err(|_| Error::Model("an earlier call panicked while running".into()))?;
        texts
            .iter()
            .map(|text| {
                let ids = self.sequence(text);
                let hidden = model.run(&ids)?;
                Ok(Embedding::mean_pooled(&hidden, ids.len()))
            })
            .collect()
    }

    /// Splits a long text into consecutive parts of at most [`MAX_PIECES`] word pieces, after
    /// a sentence or line where one fits, else between words, so a whole resume can be embedded
    /// part by part (`embed(&embedder.split(text))`). A short text is one part; a blank one none.
    pub fn split<'t>(&self, text: &'t str) -> Vec<&'t str> {
        split::split(&self.tokenizer, text)
    }

    /// `[CLS]`, at most [`MAX_PIECES`] word pieces, `[SEP]`.
    fn sequence(&self, text: &str) -> Vec<i64> {
        let pieces = self.tokenizer.encode(text);
        let kept = &pieces[..pieces.len().min(MAX_PIECES)];
        std::iter::once(self.tokenizer.cls)
            .chain(kept.iter().copied())
            .chain(std::iter::once(self.tokenizer.sep))
            .map(i64::from)
            .collect()
    }
}

/// `$HIRELANE_MODELS_DIR`, else `~/.cache/hirelane/models` (where `scripts/models.sh` installs).
pub fn models_dir() -> Result<PathBuf, Error> {
    if let Some(dir) = std::env::var_os("HIRELANE_MODELS_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(|home| PathBuf::from(home).join(".cache/hirelane/models"))
        .ok_or_else(|| Error::NotInstalled("neither HIRELANE_MODELS_DIR nor HOME is set".into()))
}
