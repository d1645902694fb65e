//! The installed model end to end. These tests need `scripts/models.sh` to have run (the test
//! command runs it first); without the model they fail with that instruction, never pass.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use embed::{DIM, Embedder, Embedding, Error, MAX_PIECES, QUANTUM};

fn embedder() -> &'static Embedder {
    static EMBEDDER: OnceLock<Embedder> = OnceLock::new();
    EMBEDDER.get_or_init(|| Embedder::locate().unwrap_or_else(|e| panic!("{e}")))
}

fn one(text: &str) -> Embedding {
    let mut vectors = embedder().embed(&[text]).expect("the model runs");
    assert_eq!(vectors.len(), 1);
    vectors.remove(0)
}

fn cosine(a: &str, b: &str) -> f32 {
    one(a).cosine(&one(b))
}

#[test]
fn paraphrases_score_high_and_unrelated_texts_low() {
    let paraphrases = [
        (
            "Built REST APIs in Python with Django and PostgreSQL.",
            "Developed web services using the Django framework on a Postgres database.",
        ),
        (
            "Cold calling prospects to book sales meetings.",
            "Phoned potential customers to arrange appointments for the sales team.",
        ),
        (
            "A hash map finds a value by hashing its key into a bucket.",
            "Hash tables hash the key to pick a bucket, so lookups are constant time on average.",
        ),
    ];
    let unrelated = [
        (
            "Built REST APIs in Python with Django and PostgreSQL.",
            "Prepared seasonal menus and ran the pastry section of a busy kitchen.",
        ),
        (
            "Cold calling prospects to book sales meetings.",
            "Monitored patients' vital signs in the intensive care unit.",
        ),
    ];
    for (a, b) in paraphrases {
        assert!(cosine(a, b) > 0.6, "{a:?} ~ {b:?}: {}", cosine(a, b));
    }
    for (a, b) in unrelated {
        assert!(cosine(a, b) < 0.2, "{a:?} vs {b:?}: {}", cosine(a, b));
    }
}

/// The fixture holds sentence-transformers' own vectors for a few texts; int8 weights keep
/// every cosine with them above 0.99 (measured: 0.9993 and more for real sentences).
#[test]
fn vectors_match_sentence_transformers() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sentence-transformers.txt");
    let text = std::fs::read_to_string(&fixture).expect("the fixture");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 8);
    for pair in lines.chunks_exact(2) {
        let reference: Vec<f32> = pair[1]
            .split(' ')
            .map(|x| x.parse().expect("a number"))
            .collect();
        assert_eq!(reference.len(), DIM);
        let ours = one(pair[0]);
        let dot: f32 = ours
            .as_slice()
            .iter()
            .zip(&reference)
            .map(|(a, b)| a * b)
            .sum();
        assert!(dot > 0.99, "{:?}: cosine {dot}", pair[0]);
    }
}

#[test]
fn vectors_are_unit_length_on_the_quantum_grid() {
    let v = one("Managed the monthly close and IFRS reporting for twelve entities.");
    assert_eq!(v.as_slice().len(), DIM);
    assert!(v.as_slice().iter().all(|x| (x / QUANTUM).fract() == 0.0));
    let norm: f32 = v.as_slice().iter().map(|x| x * x).sum::<f32>().sqrt();
    assert!((norm - 1.0).abs() < 0.01, "norm {norm}");
}

#[test]
fn the_same_text_gives_the_same_vector_on_any_thread() {
    let text = "I would start by reproducing the slowdown, then read the query plan.";
    let here = one(text);
    let there: Vec<Embedding> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..3).map(|_| s.spawn(|| one(text))).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    assert!(there.iter().all(|v| *v == here));
    assert_eq!(one(text), here);
}

#[test]
fn a_batch_gives_exactly_what_single_calls_give() {
    let texts = [
        "Kubernetes",
        "",
        "Led the monthly close for twelve entities.",
        "Kubernetes",
    ];
    let batch = embedder().embed(&texts).expect("the model runs");
    assert_eq!(batch.len(), texts.len());
    for (text, vector) in texts.iter().zip(&batch) {
        assert_eq!(*vector, one(text), "{text:?}");
    }
    assert_eq!(batch[0], batch[3]);
    assert!(embedder().embed(&[]).expect("nothing to run").is_empty());
}

#[test]
fn long_texts_are_cut_after_the_first_254_word_pieces() {
    let long = "Reconciled bank accounts and prepared the quarterly management pack. ".repeat(40);
    assert!(
        embedder().split(&long).len() > 1,
        "{MAX_PIECES} word pieces hold less"
    );
    let longer = format!("{long} Then something entirely different about cooking pasta.");
    assert_eq!(one(&long), one(&longer));
    assert_ne!(one(&long), one("Reconciled bank accounts."));
}

#[test]
fn an_empty_text_has_a_vector_like_any_other() {
    let empty = one("");
    assert_eq!(empty, one("   \n\t"));
    assert!((empty.cosine(&empty) - 1.0).abs() < 1e-6);
    assert!(empty.as_slice().iter().all(|x| x.is_finite()));
}

#[test]
fn the_version_names_the_model_its_hash_and_the_runtime() {
    assert_eq!(
        embedder().version(),
        "all-MiniLM-L6-v2-int8@8199be6f+onnxruntime-1.32.0"
    );
}

#[test]
fn the_embedder_can_be_shared_between_threads() {
    fn shareable<T: Send + Sync>() {}
    shareable::<Embedder>();
}

/// A scratch models directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("hirelane-embed-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn refused(dir: &Path) -> String {
    match Embedder::load(dir) {
        Ok(_) => panic!("{} has no usable model but it loaded", dir.display()),
        Err(e) => {
            assert!(matches!(e, Error::NotInstalled(_)), "{e}");
            e.to_string()
        }
    }
}

#[test]
fn a_missing_model_says_to_run_the_install_script() {
    let scratch = Scratch::new("missing");
    let message = refused(&scratch.0);
    assert!(message.contains("model.onnx"), "{message}");
    assert!(message.contains("run scripts/models.sh"), "{message}");
}

#[test]
fn a_changed_model_file_is_refused_by_its_sha256() {
    let installed = embed::models_dir().expect("a models directory");
    let scratch = Scratch::new("corrupt");
    let model_dir = scratch.0.join("all-MiniLM-L6-v2-int8");
    std::fs::create_dir_all(&model_dir).expect("a scratch model directory");
    let mut model = std::fs::read(installed.join("all-MiniLM-L6-v2-int8/model.onnx"))
        .unwrap_or_else(|e| panic!("{e}; run scripts/models.sh"));
    let middle = model.len() / 2;
    model[middle] ^= 1;
    std::fs::write(model_dir.join("model.onnx"), &model).expect("the changed copy");
    let message = refused(&scratch.0);
    assert!(message.contains("sha256"), "{message}");
    assert!(message.contains("run scripts/models.sh"), "{message}");
}

#[test]
fn a_resume_is_embedded_whole_in_parts() {
    let resume = include_str!("../benches/texts/resume.txt");
    let parts = embedder().split(resume);
    assert_eq!(parts.len(), 3, "{parts:#?}");
    let vectors = embedder().embed(&parts).expect("the model runs");
    // Every part is seen whole: its last word still moves its vector.
    for (part, vector) in parts.iter().zip(&vectors) {
        let without_last_word = &part[..part.rfind(' ').expect("several words")];
        assert_ne!(*vector, one(without_last_word), "{part:?}");
    }
}
