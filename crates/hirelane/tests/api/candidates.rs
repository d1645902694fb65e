//! Candidates: resume and CSV intake checked by content, durable analysis, dedupe, lists,
//! details, delete, and signed file links. Resumes are the ats crate's fixtures, made by
//! LibreOffice, Chromium, reportlab, fpdf2 and python-docx.

use std::path::PathBuf;
use std::time::Duration;

use jiff::SignedDuration;
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{TestApp, on_each_db};

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../ats/tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A JD the fixtures' profiles partly match, in a fresh folder; returns its jobDescId.
async fn create_job(app: &TestApp, token: &str, resume_required: bool) -> i64 {
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
async fn upload(app: &TestApp, token: &str, jd: i64, files: &[(&str, Vec<u8>)]) -> (u16, Value) {
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
async fn analysed(app: &TestApp, token: &str, jd: i64) -> Vec<Value> {
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

#[tokio::test]
async fn resumes_are_read_scored_and_listed() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let (status, body) = upload(
            &app,
            &token,
            jd,
            &[
                ("Priya Sharma.pdf", fixture("priya_chromium_2col.pdf")),
                ("aarav.DOCX", fixture("aarav.docx")),
                ("zoe.pdf", fixture("zoe_fpdf.pdf")),
            ],
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["message"], "Resume uploaded successfully!");
        let files = body["files"].as_array().expect("per-file results");
        assert_eq!(files.len(), 3);
        assert!(
            files
                .iter()
                .all(|f| f["status"] == "created" && f["analysisStatus"] == "queued")
        );

        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows.len(), 3);
        let priya = rows
            .iter()
            .find(|r| r["candidateEmail"] == "priya.sharma@example.com")
            .expect("priya listed");
        assert_eq!(priya["candidateName"], "Priya Sharma");
        assert_eq!(priya["candidatePhone"], "+919876543210");
        assert_eq!(priya["fileName"], "Priya Sharma.pdf");
        assert_eq!(priya["fileType"], "pdf");
        assert_eq!(priya["isAnalyzed"], true);
        assert_eq!(priya["analysisStatus"], "done");
        let score = priya["atsScore"].as_i64().expect("scored");
        assert!((0..=100).contains(&score));
        assert_eq!(priya["overallMatchPercentage"], score);
        assert!(matches!(
            priya["recommendation"].as_str(),
            Some("Pass" | "Fail")
        ));
        assert!(
            priya["filePath"]
                .as_str()
                .is_some_and(|p| p.starts_with("/api/Drive/ResumeFile?"))
        );
        let docx = rows.iter().find(|r| r["fileType"] == "docx").expect("docx");
        assert_eq!(docx["candidateEmail"], "aarav.mehta92@gmail.com");

        // The folder counts real rows.
        let (_, folders) = app
            .call(Method::GET, "/api/Drive/JDFolders", &token, None)
            .await;
        assert_eq!(folders[0]["numberOfResumes"], 3);
        assert_eq!(folders[0]["resumesAnalyzed"], 3);

        // The original bytes come back through the signed link, with a safe disposition.
        let path = priya["filePath"].as_str().expect("link");
        let response = app.client.get(app.url(path)).send().await.expect("file");
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "application/pdf");
        assert_eq!(
            response.headers()["content-disposition"],
            "inline; filename=\"Priya Sharma.pdf\""
        );
        let bytes = response.bytes().await.expect("bytes");
        assert_eq!(
            bytes.as_ref(),
            fixture("priya_chromium_2col.pdf").as_slice()
        );

        // Details explain the score.
        let (status, details) = app
            .call(
                Method::GET,
                &format!(
                    "/api/Interview/ResumeDetails?resumeId={}",
                    priya["resumeId"]
                ),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200);
        let d = &details[0];
        assert_eq!(d["candidateName"], "Priya Sharma");
        assert_eq!(d["jobName"], "Backend Engineer");
        assert_eq!(d["atsScore"], score);
        assert!(d["analysisSummary"].as_str().is_some_and(|s| !s.is_empty()));
        // Priya's resume names Kubernetes and Docker; the JD also asks for Python, which she lacks.
        let matched: Vec<&str> = d["matchedSkills"]
            .as_array()
            .expect("matched")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(
            matched.contains(&"Kubernetes") && matched.contains(&"Docker"),
            "{matched:?}"
        );
        let missing: Vec<&str> = d["missingSkills"]
            .as_array()
            .expect("missing")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(missing.contains(&"Python"), "{missing:?}");
        assert!(d["experienceYears"].as_f64().is_some_and(|y| y > 0.0));
        assert_eq!(d["scoringVersion"], ats::VERSION);

        // All candidates, across JDs, with the spec's names.
        let (_, all) = app
            .call(Method::GET, "/api/Drive/GetAllCandidates", &token, None)
            .await;
        assert_eq!(all.as_array().map(Vec::len), Some(3));
        assert_eq!(all[0]["jdname"], "Backend Engineer");
        assert!(all[0]["atsscore"].is_number());
        assert!(
            all[0]["uploadedAt"]
                .as_str()
                .is_some_and(|t| t.ends_with('Z'))
        );
    })
    .await;
}

#[tokio::test]
async fn concurrent_uploads_all_succeed() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let names = [
            "priya_chromium_2col.pdf",
            "aarav.docx",
            "zoe_fpdf.pdf",
            "mei_libreoffice.pdf",
            "jose_reportlab.pdf",
            "ananya_libreoffice.pdf",
            "oluwaseun_table.docx",
            "dmitry.docx",
        ];
        // Several browsers uploading at once: every read-then-write transaction must queue for
        // the write lock rather than fail with "database is locked".
        let mut uploads = tokio::task::JoinSet::new();
        for round in 0..2 {
            for name in names {
                let (client, url, token) = (
                    app.client.clone(),
                    app.url(&format!("/api/Drive/UploadResume?jdId={jd}")),
                    token.clone(),
                );
                let bytes = fixture(name);
                uploads.spawn(async move {
                    let form = Form::new().part(
                        "resumeFile",
                        Part::bytes(bytes).file_name(format!("{round}-{name}")),
                    );
                    let response = client
                        .post(url)
                        .bearer_auth(token)
                        .multipart(form)
                        .send()
                        .await
                        .expect("upload");
                    (
                        response.status().as_u16(),
                        response.text().await.unwrap_or_default(),
                    )
                });
            }
        }
        while let Some(done) = uploads.join_next().await {
            let (status, body) = done.expect("task");
            assert_eq!(status, 200, "{body}");
        }
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(
            rows.len(),
            names.len(),
            "the second round replaced the first (same e-mails)"
        );
    })
    .await;
}

#[tokio::test]
async fn uploads_are_checked_by_name_content_and_size() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
            (
                "a<b.pdf",
                fixture("zoe_fpdf.pdf"),
                400,
                "File name contains invalid characters.",
            ),
            ("resume", fixture("zoe_fpdf.pdf"), 400, "Invalid file name."),
            (
                "photo.pdf",
                fixture("photo.png"),
                400,
                "Invalid file format. Please upload a PDF or DOCX file.",
            ),
            (
                "legacy.docx",
                fixture("legacy.doc"),
                400,
                "Invalid file format. Please upload a PDF or DOCX file.",
            ),
            (
                "sheet.docx",
                fixture("not_docx.zip"),
                400,
                "Invalid file format. Please upload a PDF or DOCX file.",
            ),
            (
                "list.csv",
                b"name,email\nA,a@x.io\n".to_vec(),
                400,
                "Invalid file format. Please upload a PDF or DOCX file.",
            ),
            (
                "zoe.docx",
                fixture("zoe_fpdf.pdf"),
                400,
                "Invalid file format. Please upload a PDF or DOCX file.",
            ),
        ];
        for (name, bytes, status, message) in cases {
            let (got, body) = upload(&app, &token, jd, &[(name, bytes)]).await;
            assert_eq!(
                (got, body["message"].as_str()),
                (status, Some(message)),
                "{name}"
            );
        }
        let mut huge = b"%PDF-1.7\n".to_vec();
        huge.resize(10 * 1024 * 1024 + 1, b' ');
        let (status, body) = upload(&app, &token, jd, &[("huge.pdf", huge)]).await;
        assert_eq!(status, 413);
        assert_eq!(
            body["message"],
            "The file is too large. The limit is 10 MB."
        );

        let response = app
            .client
            .post(app.url("/api/Drive/UploadResume"))
            .bearer_auth(&token)
            .multipart(Form::new().part(
                "resumeFile",
                Part::bytes(fixture("zoe_fpdf.pdf")).file_name("z.pdf"),
            ))
            .send()
            .await
            .expect("upload");
        assert_eq!(response.status(), 400);
        let body: Value = response.json().await.expect("json");
        assert_eq!(body["message"], "Job Description ID is required");
        let (status, body) =
            upload(&app, &token, 9999, &[("z.pdf", fixture("zoe_fpdf.pdf"))]).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (404, Some("Invalid JD ID."))
        );

        // One bad file among good ones is reported, the rest go through.
        let (status, body) = upload(
            &app,
            &token,
            jd,
            &[
                ("ok.pdf", fixture("mei_fpdf.pdf")),
                ("bad.pdf", fixture("photo.png")),
            ],
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["files"][0]["status"], "created");
        assert_eq!(body["files"][1]["status"], "rejected");
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows.len(), 1, "nothing of the refused files was kept");
        let stored = std::fs::read_dir(app.state.settings.files_dir().join("resumes"))
            .map(|dirs| {
                dirs.filter_map(Result::ok)
                    .map(|d| std::fs::read_dir(d.path()).map(|f| f.count()).unwrap_or(0))
                    .sum::<usize>()
            })
            .unwrap_or(0);
        assert_eq!(stored, 1, "only the accepted file is in the store");
    })
    .await;
}

#[tokio::test]
async fn unreadable_resumes_are_flagged_never_scored_zero() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let (status, body) = upload(
            &app,
            &token,
            jd,
            &[
                ("scan.pdf", fixture("scanned.pdf")),
                ("locked.pdf", fixture("encrypted.pdf")),
            ],
        )
        .await;
        assert_eq!(status, 200, "{body}");
        for file in body["files"].as_array().expect("files") {
            assert_eq!(file["analysisStatus"], "unreadable", "{file}");
            assert!(file["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
        let rows = analysed(&app, &token, jd).await;
        for row in &rows {
            assert_eq!(row["analysisStatus"], "unreadable");
            assert_eq!(row["atsScore"], Value::Null);
            assert_eq!(row["isAnalyzed"], false);
            assert!(row["analysisError"].is_string());
        }
    })
    .await;
}

#[tokio::test]
async fn the_same_email_twice_updates_one_candidate() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let (_, first) = upload(&app, &token, jd, &[("aarav.docx", fixture("aarav.docx"))]).await;
        let id = first["files"][0]["resumeId"].clone();
        analysed(&app, &token, jd).await;
        app.advance(SignedDuration::from_mins(5));
        let (status, second) = upload(
            &app,
            &token,
            jd,
            &[("aarav-2026.pdf", fixture("aarav_libreoffice.pdf"))],
        )
        .await;
        assert_eq!(status, 200, "{second}");
        assert_eq!(second["files"][0]["status"], "updated");
        assert_eq!(second["files"][0]["resumeId"], id);
        assert!(
            second["files"][0]["message"]
                .as_str()
                .is_some_and(|m| m.contains("replaced"))
        );
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows.len(), 1);
        assert_eq!(
            rows[0]["fileName"], "aarav-2026.pdf",
            "the newest resume is kept"
        );
        assert_eq!(rows[0]["analysisStatus"], "done");
        // Another JD is another application.
        let other = create_job(&app, &token, true).await;
        let (_, third) = upload(
            &app,
            &token,
            other,
            &[("aarav.docx", fixture("aarav.docx"))],
        )
        .await;
        assert_eq!(third["files"][0]["status"], "created");
    })
    .await;
}

#[tokio::test]
async fn csv_imports_valid_rows_and_reports_bad_ones() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, false).await;
        let csv = "Full Name;E-mail;Mobile\nPriya Sharma;priya@example.com;+91 98765 43210\n;nobody@x;\nRahul Verma;rahul@example.com;9811223344\n";
        let (status, body) = upload_csv(&app, &token, jd, "candidates.csv", csv).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["message"], "CSV uploaded successfully!");
        assert_eq!(body["imported"], 2);
        assert_eq!(body["errors"][0]["line"], 3);
        let (_, rows) = app.call(Method::GET, &format!("/api/Drive/ViewJDResumes?jdId={jd}"), &token, None).await;
        assert_eq!(rows.as_array().map(Vec::len), Some(2));
        assert!(rows.as_array().expect("rows").iter().all(|r| r["analysisStatus"] == "no_resume"));
        // Importing the same people again updates them.
        let (_, again) = upload_csv(&app, &token, jd, "again.csv", "name,email\nPriya S.,PRIYA@example.com\n").await;
        assert_eq!((again["imported"].as_i64(), again["updated"].as_i64()), (Some(0), Some(1)));
        // A file with no valid row imports nothing and says why.
        let (status, body) = upload_csv(&app, &token, jd, "bad.csv", "colour,size\nred,xl\n").await;
        assert_eq!(status, 400);
        assert!(body["message"].as_str().is_some_and(|m| m.starts_with("No candidates could be imported")));
        let (status, body) = upload_csv(&app, &token, jd, "resume.pdf", csv).await;
        assert_eq!((status, body["message"].as_str()), (400, Some("Invalid file format. Please upload a CSV file.")));
        let (_, rows) = app.call(Method::GET, &format!("/api/Drive/ViewJDResumes?jdId={jd}"), &token, None).await;
        assert_eq!(rows.as_array().map(Vec::len), Some(2));
    })
    .await;
}

#[tokio::test]
async fn delete_resume_removes_row_and_file_and_links_expire() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        upload(
            &app,
            &token,
            jd,
            &[("mei.pdf", fixture("mei_libreoffice.pdf"))],
        )
        .await;
        let rows = analysed(&app, &token, jd).await;
        let path = rows[0]["filePath"].as_str().expect("link").to_owned();
        let file_id = rows[0]["resumeFileId"]
            .as_str()
            .expect("file id")
            .to_owned();

        // Tampering with any part of the link breaks it.
        let tampered = path.replace("&sig=", "&sig=0");
        let forged = path.replace(&file_id, "someone-elses-file");
        for bad in [tampered, forged] {
            let status = app
                .client
                .get(app.url(&bad))
                .send()
                .await
                .expect("get")
                .status();
            assert_eq!(status, 403, "{bad}");
        }
        app.advance(SignedDuration::from_mins(31));
        let status = app
            .client
            .get(app.url(&path))
            .send()
            .await
            .expect("get")
            .status();
        assert_eq!(status, 403, "expired");

        let token = app.token().await;
        let (status, body) = app
            .call(
                Method::GET,
                "/api/Drive/DeleteResume?resumeFileId=",
                &token,
                None,
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("Resume file ID missing."))
        );
        let (status, body) = app
            .call(
                Method::GET,
                &format!("/api/Drive/DeleteResume?resumeFileId={file_id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Resume deleted successfully."))
        );
        let rows = analysed(&app, &token, jd).await;
        assert!(rows.is_empty());
        let left = walk(&app.state.settings.files_dir());
        assert!(left.is_empty(), "files left: {left:?}");
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/Drive/DeleteResume?resumeFileId={file_id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 404);
    })
    .await;
}

fn walk(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
    {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[tokio::test]
async fn deleted_jds_take_their_candidates_to_the_bin_and_purge_their_files() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        upload(
            &app,
            &token,
            jd,
            &[("zoe.docx", fixture("zoe_header_table.docx"))],
        )
        .await;
        analysed(&app, &token, jd).await;
        app.call(
            Method::DELETE,
            &format!("/api/Drive/DeleteJD?id={jd}&reason=closed"),
            &token,
            None,
        )
        .await;
        let (_, all) = app
            .call(Method::GET, "/api/Drive/GetAllCandidates", &token, None)
            .await;
        assert_eq!(all, json!([]), "hidden with their JD");
        app.call(
            Method::POST,
            &format!("/api/Drive/RestoreJD?id={jd}"),
            &token,
            None,
        )
        .await;
        let (_, all) = app
            .call(Method::GET, "/api/Drive/GetAllCandidates", &token, None)
            .await;
        assert_eq!(all.as_array().map(Vec::len), Some(1), "back with their JD");
        app.call(
            Method::DELETE,
            &format!("/api/Drive/DeleteJD?id={jd}&reason=closed"),
            &token,
            None,
        )
        .await;
        assert_eq!(walk(&app.state.settings.files_dir()).len(), 1);
        app.advance(SignedDuration::from_hours(30 * 24));
        assert_eq!(
            hirelane::jobs::purge_bin(&app.state).await.expect("purge"),
            1
        );
        assert!(
            walk(&app.state.settings.files_dir()).is_empty(),
            "files purged"
        );
    })
    .await;
}

#[tokio::test]
async fn lists_page_sort_and_filter_on_the_server() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, false).await;
        let mut csv = String::from("name,email,phone\n");
        for i in 0..25 {
            csv.push_str(&format!(
                "Person {i:02},p{i}@example.com,+91 98765 432{i:02}\n"
            ));
        }
        upload_csv(&app, &token, jd, "people.csv", &csv).await;
        let response = app
            .client
            .get(app.url(&format!(
                "/api/Drive/ViewJDResumes?JdID={jd}&page=3&pageSize=10&sort=name"
            )))
            .bearer_auth(&token)
            .send()
            .await
            .expect("list");
        assert_eq!(response.headers()["x-total-count"], "25");
        let page: Value = response.json().await.expect("json");
        let names: Vec<&str> = page
            .as_array()
            .expect("page")
            .iter()
            .filter_map(|r| r["candidateName"].as_str())
            .collect();
        assert_eq!(
            names,
            [
                "Person 20",
                "Person 21",
                "Person 22",
                "Person 23",
                "Person 24"
            ]
        );
        // Phone digits match however the number was written.
        for q in ["9876543207", "98765%2043207", "p7@example"] {
            let (_, found) = app
                .call(
                    Method::GET,
                    &format!("/api/Drive/GetAllCandidates?q={q}&page=1"),
                    &token,
                    None,
                )
                .await;
            assert_eq!(found.as_array().map(Vec::len), Some(1), "{q}: {found}");
            assert_eq!(found[0]["candidateName"], "Person 07");
        }
    })
    .await;
}

/// A page of a candidate list: the `X-Total-Count` header and the names in order.
async fn page(app: &TestApp, token: &str, path: &str) -> (String, Vec<String>) {
    let response = app
        .client
        .get(app.url(path))
        .bearer_auth(token)
        .send()
        .await
        .expect("list");
    assert_eq!(response.status(), 200, "{path}");
    let total = response.headers()["x-total-count"]
        .to_str()
        .expect("total")
        .to_owned();
    let rows: Value = response.json().await.expect("json");
    let names = rows
        .as_array()
        .expect("page")
        .iter()
        .filter_map(|r| r["candidateName"].as_str().map(str::to_owned))
        .collect();
    (total, names)
}

#[tokio::test]
async fn newest_first_pages_follow_every_change_to_the_lists() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let first = create_job(&app, &token, false).await;
        let second = create_job(&app, &token, false).await;
        let people = |prefix: &str, count: usize| {
            let mut csv = String::from("name,email,phone\n");
            for i in 0..count {
                csv.push_str(&format!("{prefix} {i:02},{prefix}{i}@example.com,\n"));
            }
            csv
        };
        let (status, body) = upload_csv(&app, &token, first, "a.csv", &people("Person", 12)).await;
        assert_eq!(status, 200, "{body}");
        let all = "/api/Drive/GetAllCandidates?pageSize=5&page=";
        let (total, names) = page(&app, &token, &format!("{all}2")).await;
        assert_eq!(total, "12");
        assert_eq!(
            names,
            [
                "Person 06",
                "Person 05",
                "Person 04",
                "Person 03",
                "Person 02"
            ]
        );
        let (_, names) = page(&app, &token, &format!("{all}3&sort=oldest")).await;
        assert_eq!(names, ["Person 10", "Person 11"]);

        // Imports, the bin, a restore, a purge and a write by another instance all show at once.
        app.advance(SignedDuration::from_mins(1));
        let (status, body) = upload_csv(&app, &token, second, "b.csv", &people("Other", 3)).await;
        assert_eq!(status, 200, "{body}");
        let (total, names) = page(&app, &token, &format!("{all}1")).await;
        assert_eq!(total, "15");
        assert_eq!(
            names,
            ["Other 02", "Other 01", "Other 00", "Person 11", "Person 10"]
        );
        let jd_page = format!("/api/Drive/ViewJDResumes?JdID={second}&page=1&pageSize=2");
        let (total, names) = page(&app, &token, &jd_page).await;
        assert_eq!(total, "3");
        assert_eq!(names, ["Other 02", "Other 01"]);
        let bin = format!("/api/Drive/DeleteJD?id={second}&reason=closed");
        app.call(Method::DELETE, &bin, &token, None).await;
        assert_eq!(page(&app, &token, &format!("{all}1")).await.0, "12");
        let restore = format!("/api/Drive/RestoreJD?id={second}");
        app.call(Method::POST, &restore, &token, None).await;
        assert_eq!(page(&app, &token, &format!("{all}1")).await.0, "15");
        hirelane::with_db!(&app.state.db, |pool| {
            sqlx::query(
                "INSERT INTO candidates (job_id, source, candidate_name, analysis_status,
                    created_on, modified_on) VALUES ($1, 'csv', 'Late Arrival', 'no_resume', 0, 0)",
            )
            .bind(first)
            .execute(pool)
            .await
            .expect("insert");
        });
        let (total, names) = page(&app, &token, &format!("{all}1&sort=oldest")).await;
        assert_eq!(total, "16");
        assert_eq!(names[0], "Late Arrival");
        app.call(Method::DELETE, &bin, &token, None).await;
        app.advance(SignedDuration::from_hours(31 * 24));
        hirelane::jobs::purge_bin(&app.state).await.expect("purge");
        let token = app.token().await;
        assert_eq!(page(&app, &token, &format!("{all}1")).await.0, "13");
    })
    .await;
}

#[tokio::test]
async fn editing_the_jd_rescores_its_candidates() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        upload(&app, &token, jd, &[("priya.pdf", fixture("priya_chromium_2col.pdf"))]).await;
        let before = analysed(&app, &token, jd).await[0]["atsScore"].as_i64().expect("score");
        let (status, _) = app
            .call(
                Method::POST,
                "/api/Drive/EditJDFolder",
                &token,
                Some(&json!({ "JobDescId": jd, "Jdname": "Pastry Chef", "KeySkills": "Baking, Lamination, Chocolate tempering", "Experience": "10 years" })),
            )
            .await;
        assert_eq!(status, 200);
        let after = analysed(&app, &token, jd).await[0]["atsScore"].as_i64().expect("score");
        assert!(after < before, "a pastry JD scores a software resume lower ({after} vs {before})");
    })
    .await;
}

#[tokio::test]
async fn analysis_survives_a_crash() {
    for backend in crate::helpers::backends() {
        let (app, teardown) = TestApp::spawn(&backend).await;
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        upload(
            &app,
            &token,
            jd,
            &[
                ("a.pdf", fixture("ananya_reportlab.pdf")),
                ("b.pdf", fixture("jose_libreoffice.pdf")),
            ],
        )
        .await;
        analysed(&app, &token, jd).await;
        // As if the process died: one row queued and never claimed, one claimed mid-analysis.
        hirelane::with_db!(&app.state.db, |pool| {
            sqlx::query("UPDATE candidates SET analysis_status = 'queued', ats_score = NULL WHERE candidate_email LIKE 'ananya%'")
                .execute(pool)
                .await
                .expect("queued");
            sqlx::query("UPDATE candidates SET analysis_status = 'analysing', lease_until = 1, ats_score = NULL WHERE candidate_email LIKE 'jose%'")
                .execute(pool)
                .await
                .expect("analysing");
        });
        let (app, teardown) = app.restart(teardown).await;
        let token = app.token().await;
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows.len(), 2);
        for row in rows {
            assert_eq!(row["analysisStatus"], "done", "{row}");
            assert!(row["atsScore"].is_number());
        }
        teardown.run().await;
    }
}

#[tokio::test]
async fn erasing_a_candidate_removes_their_rows_files_and_history_in_every_jd() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let first = create_job(&app, &token, true).await;
        let second = create_job(&app, &token, true).await;
        upload(
            &app,
            &token,
            first,
            &[("aarav.docx", fixture("aarav.docx"))],
        )
        .await;
        analysed(&app, &token, first).await;
        // A newer resume keeps the older one in the history: both files must go.
        upload(
            &app,
            &token,
            first,
            &[
                ("aarav.pdf", fixture("aarav_libreoffice.pdf")),
                ("ananya.pdf", fixture("ananya_libreoffice.pdf")),
            ],
        )
        .await;
        upload(
            &app,
            &token,
            second,
            &[("aarav.docx", fixture("aarav.docx"))],
        )
        .await;
        analysed(&app, &token, first).await;
        analysed(&app, &token, second).await;
        let files_dir = app.state.settings.files_dir();
        assert_eq!(walk(&files_dir).len(), 4);

        let erased = hirelane::candidates::erase::erase(&app.state, "Aarav.Mehta92@gmail.com")
            .await
            .expect("erase");
        assert_eq!((erased.candidates, erased.files), (2, 3), "{erased:?}");
        let left = analysed(&app, &token, first).await;
        assert_eq!(left.len(), 1, "{left:?}");
        assert_eq!(left[0]["candidateEmail"], "ananya.iyer@yahoo.co.in");
        assert!(analysed(&app, &token, second).await.is_empty());
        assert_eq!(
            walk(&files_dir).len(),
            1,
            "only the other candidate's file stays"
        );
        let again = hirelane::candidates::erase::erase(&app.state, "aarav.mehta92@gmail.com")
            .await
            .expect("erase twice");
        assert_eq!(again.candidates, 0, "erasing is idempotent");
    })
    .await;
}
