//! The `hirelane-ats` command line, run as a process.

use std::path::PathBuf;
use std::process::Command;

fn exe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hirelane-ats"))
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

#[test]
fn extract_prints_text_or_fails_clearly() {
    let ok = exe()
        .arg("extract")
        .arg(fixtures().join("zoe_header_table.docx"))
        .output()
        .unwrap();
    assert!(ok.status.success());
    assert!(String::from_utf8_lossy(&ok.stdout).contains("Zoë Müller"));

    let bad = exe()
        .arg("extract")
        .arg(fixtures().join("encrypted.pdf"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("password-protected"));
}

#[test]
fn rank_json_covers_every_file_best_first() {
    let jd = std::env::temp_dir().join(format!("ats-cli-jd-{}.json", std::process::id()));
    std::fs::write(
        &jd,
        r#"{"jdname": "DevOps Engineer", "jddescription": "<p>Must have Terraform</p>",
            "keySkills": "Kubernetes, Terraform, AWS, CI/CD", "experience": "3+ years"}"#,
    )
    .unwrap();
    let out = exe()
        .args(["rank", "--json", "--jd"])
        .arg(&jd)
        .arg(fixtures().join("zoe_fpdf.pdf"))
        .arg(fixtures().join("mei_fpdf.pdf"))
        .arg(fixtures().join("scanned.pdf"))
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&jd);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert!(rows[0]["file"].as_str().unwrap().ends_with("zoe_fpdf.pdf"));
    assert_eq!(rows[0]["candidateName"], "Zoë Müller");
    assert_eq!(rows[0]["recommendation"], "Pass");
    assert!(rows[0]["atsScore"].as_u64().unwrap() > rows[1]["atsScore"].as_u64().unwrap());
    assert!(rows[2]["error"].as_str().unwrap().contains("scanned"));
}

/// Ranks two fixtures against a DevOps JD with `extra` arguments and `models_dir` as the models
/// directory; returns the JSON rows and stderr.
fn rank_devops(extra: &[&str], models_dir: Option<&str>) -> (Vec<serde_json::Value>, String) {
    let jd = std::env::temp_dir().join(format!(
        "ats-cli-jd-{}-{}.json",
        std::process::id(),
        extra.len() + usize::from(models_dir.is_some())
    ));
    std::fs::write(
        &jd,
        r#"{"jdname": "DevOps Engineer", "jddescription": "<p>Run our Kubernetes clusters</p>",
            "keySkills": "Kubernetes, Terraform, AWS", "experience": "3+ years"}"#,
    )
    .unwrap();
    let mut cmd = exe();
    cmd.args(["rank", "--json", "--jd"])
        .arg(&jd)
        .args(extra)
        .arg(fixtures().join("zoe_fpdf.pdf"))
        .arg(fixtures().join("mei_fpdf.pdf"));
    if let Some(dir) = models_dir {
        cmd.env("HIRELANE_MODELS_DIR", dir);
    }
    let out = cmd.output().unwrap();
    let _ = std::fs::remove_file(&jd);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    (rows.as_array().unwrap().clone(), stderr)
}

#[test]
fn rank_without_the_embedding_model_scores_lexically_and_says_so() {
    let missing = std::env::temp_dir().join("ats-cli-no-models-here");
    let (rows, stderr) = rank_devops(&[], missing.to_str());
    assert!(stderr.contains("scores are lexical"), "{stderr}");
    let (forced, _) = rank_devops(&["--lexical"], None);
    for (a, b) in rows.iter().zip(&forced) {
        assert_eq!(a["version"], ats::VERSION);
        assert_eq!(a["atsScore"], b["atsScore"]);
        assert!(
            !a["analysisSummary"]
                .as_str()
                .unwrap()
                .contains("similarity")
        );
    }
}

#[test]
fn rank_with_the_embedding_model_names_the_similarity() {
    if let Err(e) = ats::semantic::Model::locate() {
        eprintln!("no embedding model ({e}): semantic ranking not checked");
        return;
    }
    let (rows, _) = rank_devops(&[], None);
    for row in &rows {
        assert_eq!(row["version"], ats::SEMANTIC_VERSION);
        assert!(
            row["analysisSummary"]
                .as_str()
                .unwrap()
                .contains("JD's duties (similarity 0."),
            "{row}"
        );
    }
}
