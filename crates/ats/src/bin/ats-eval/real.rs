//! The real-world contacts corpus: resume files real people published, labelled by hand in
//! `eval/real/contacts/labels.tsv`. The files themselves are not in the repository; they live in
//! the evaluation data root (see [`corpus_dir`]) under `resumes-contacts/`, put there by
//! `eval/real/contacts/materialise.sh`. Shared by `ats-eval` and the tests (`#[path]`).

use std::path::{Path, PathBuf};

use unicode_normalization::UnicodeNormalization;

/// The corpus's folder under the data root.
const SUBDIR: &str = "resumes-contacts";

/// Accuracy per field over the corpus, and the misses.
#[derive(Debug, Default, Clone)]
pub struct RealContacts {
    pub total: usize,
    pub name: usize,
    pub email: usize,
    pub phone: usize,
    pub all: usize,
    /// Names below [`ats::CHECK_NAME_BELOW`] (shown as "check name") that were wrong / right.
    pub flagged_wrong: usize,
    pub flagged_right: usize,
    pub misses: Vec<String>,
}

impl RealContacts {
    pub fn rate(&self, n: usize) -> f64 {
        n as f64 / self.total.max(1) as f64
    }
}

/// The corpus's folder in the evaluation data root, if this machine has it.
pub fn corpus_dir() -> Option<PathBuf> {
    crate::data_root::find(SUBDIR)
}

/// The one line printed when the corpus is absent.
pub fn skip_line() -> String {
    format!(
        "real-world contacts corpus: skipped (no {SUBDIR}/ under $HIRELANE_EVAL_DATA, \
         ~/.cache/hirelane/eval-data or ../shared/eval-data; see \
         crates/ats/eval/real/contacts/materialise.sh)"
    )
}

/// Names compare after NFKC (Arabic presentation forms, full-width letters) and with runs of
/// spaces collapsed; e-mails case-insensitively; phones exactly as a caller would dial them.
fn same_name(got: Option<&str>, want: &str) -> bool {
    let fold = |s: &str| {
        s.nfkc()
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    got.is_some_and(|g| fold(g) == fold(want))
}

fn same_optional(got: Option<&str>, want: &str) -> bool {
    if want.is_empty() {
        got.is_none()
    } else {
        got == Some(want)
    }
}

/// Extracts and parses every labelled file the way `hirelane-ats` does (no default region).
pub fn contacts(
    eval_dir: &Path,
    corpus: &Path,
    options: &ats::ParseOptions,
) -> Result<RealContacts, String> {
    let labels_path = eval_dir.join("real/contacts/labels.tsv");
    let labels = std::fs::read_to_string(&labels_path)
        .map_err(|e| format!("{}: {e}", labels_path.display()))?;
    let mut out = RealContacts::default();
    for line in labels.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [file, name, email, phone, ..] = fields.as_slice() else {
            return Err(format!("{}: short row {line:?}", labels_path.display()));
        };
        let path = corpus.join(file);
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let resume = match ats::extract(&bytes) {
            Ok(doc) => ats::parse_document(&doc, options),
            Err(e) => {
                out.total += 1;
                out.misses.push(format!("{file}: unreadable ({e})"));
                continue;
            }
        };
        let ok_name = same_name(resume.name.as_deref(), name);
        let ok_email = same_optional(resume.email.as_deref(), &email.to_lowercase());
        let ok_phone = same_optional(resume.phone.as_deref(), phone);
        out.total += 1;
        out.name += usize::from(ok_name);
        out.email += usize::from(ok_email);
        out.phone += usize::from(ok_phone);
        out.all += usize::from(ok_name && ok_email && ok_phone);
        if resume
            .name_confidence
            .is_some_and(|c| c < ats::CHECK_NAME_BELOW)
        {
            out.flagged_wrong += usize::from(!ok_name);
            out.flagged_right += usize::from(ok_name);
        }
        let mark = |ok: bool, got: Option<&str>, want: &str| {
            if ok {
                String::from("ok")
            } else {
                format!("{got:?} (want {want:?})")
            }
        };
        if !(ok_name && ok_email && ok_phone) {
            out.misses.push(format!(
                "{file}: name {} / email {} / phone {}",
                mark(ok_name, resume.name.as_deref(), name),
                mark(ok_email, resume.email.as_deref(), email),
                mark(ok_phone, resume.phone.as_deref(), phone),
            ));
        }
    }
    Ok(out)
}
