//! Candidates: resume and CSV intake checked by content, durable analysis, dedupe, lists,
//! details, delete, signed file links and resumes shown inside the app. Resumes are the ats
//! crate's fixtures, made by LibreOffice, Chromium, reportlab, fpdf2 and python-docx.

mod erasure;
mod hostile;
mod intake;
mod lists;
mod preview;
mod retention;
mod stored_values;

use std::path::PathBuf;
use std::time::Duration;

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::TestApp;

pub(crate) fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../ats/tests/fixtures")
        .join(name)
}

pub(crate) fn fixture(name: &str) -> Vec<u8> {
    let path = fixture_path(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A JD the fixtures' profiles partly match, in a fresh folder; returns its jobDescId.
pub(crate) async fn create_job(app: &TestApp, token: &str, resume_required: bool) -> i64 {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Drive/CreateJobFolder",
            token,
            Some(&json!({
                "jdname": "Backend Engineer",
                "jddescription": "<p>Build services in <strong>Python</strong> and <strong>Go</strong>; run them on AWS with Docker and Kubernetes.</p>",
                "keySkills": "Python, Go, SQL, Docker, Kubernetes, AWS",
                "experience": "3+ years",
                "resumeRequired": resume_required,
            })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["jobDescId"].as_i64().expect("id")
}

/// Uploads files (name, bytes) in one request.
pub(crate) async fn upload(
    app: &TestApp,
    token: &str,
    jd: i64,
    files: &[(&str, Vec<u8>)],
) -> (u16, Value) {
    let form = files.iter().fold(Form::new(), |form, (name, bytes)| {
        form.part(
            "resumeFile",
            Part::bytes(bytes.clone()).file_name(name.to_string()),
        )
    });
    let response = app
        .client
        .post(app.url(&format!("/api/Drive/UploadResume?jdId={jd}")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn upload_csv(app: &TestApp, token: &str, jd: i64, name: &str, text: &str) -> (u16, Value) {
    let form = Form::new().part(
        "csvFile",
        Part::bytes(text.as_bytes().to_vec()).file_name(name.to_owned()),
    );
    let response = app
        .client
        .post(app.url(&format!("/api/Drive/UploadCandidatesCsv?jobDescId={jd}")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Waits until no candidate of the JD is queued or being analysed; returns the list.
pub(crate) async fn analysed(app: &TestApp, token: &str, jd: i64) -> Vec<Value> {
    for _ in 0..200 {
        let (status, list) = app
            .call(
                Method::GET,
                &format!("/api/Drive/ViewJDResumes?JdID={jd}"),
                token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{list}");
        let rows = list.as_array().cloned().unwrap_or_default();
        if rows
            .iter()
            .all(|r| !matches!(r["analysisStatus"].as_str(), Some("queued" | "analysing")))
        {
            return rows;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("analysis did not finish");
}
