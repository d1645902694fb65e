//! Intake: resumes and CSVs checked by content, dedupe by e-mail, durable analysis and
//! rescoring after a JD edit.

use hirelane::config::Settings;
use jiff::SignedDuration;
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use super::{analysed, create_job, fixture, fixture_path, upload, upload_csv};
use crate::helpers::{TestApp, on_each_db, on_each_db_configured};

// Shared with the ats tests: makes a scanned resume with poppler.
#[path = "../../../../ats/tests/support/scan.rs"]
mod scan;

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
        // Scored with the embedding model `make test` installs (scripts/models.sh): the version
        // names it and the summary says how close the work reads to the JD.
        assert_eq!(d["scoringVersion"], ats::SEMANTIC_VERSION);
        assert!(
            d["analysisSummary"]
                .as_str()
                .is_some_and(|s| s.contains("the JD's duties (similarity 0.")),
            "{}",
            d["analysisSummary"]
        );

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
        // The first half of a resume (a download cut short) is damaged, not a resume to score.
        let (status, body) = upload(
            &app,
            &token,
            jd,
            &[
                ("cut.pdf", fixture("truncated.pdf")),
                ("locked.pdf", fixture("encrypted.pdf")),
            ],
        )
        .await;
        assert_eq!(status, 200, "{body}");
        for file in body["files"].as_array().expect("files") {
            assert_eq!(file["analysisStatus"], "unreadable", "{file}");
            assert!(file["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
        assert!(
            body["files"][0]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("The file is damaged")),
            "{body}"
        );
        let rows = analysed(&app, &token, jd).await;
        let reasons: Vec<&Value> = rows.iter().map(|r| &r["unreadableReason"]).collect();
        assert!(reasons.contains(&&json!("damaged")), "{rows:?}");
        assert!(reasons.contains(&&json!("password_protected")), "{rows:?}");
        for row in &rows {
            assert_eq!(row["analysisStatus"], "unreadable");
            assert_eq!(row["atsScore"], Value::Null);
            assert_eq!(row["isAnalyzed"], false);
            assert_eq!(row["ocr"], false);
            assert!(row["analysisError"].is_string());
        }
    })
    .await;
}

/// A scan (a resume rendered to a picture and wrapped in a PDF, made here) is read by OCR:
/// its contacts come through, and the lists say the text was read from a picture.
#[tokio::test]
async fn a_scanned_resume_is_read_by_ocr() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let scan = scan::scanned_copy(&fixture_path("ananya_reportlab.pdf"));
        let (status, body) = upload(&app, &token, jd, &[("scan.pdf", scan)]).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["files"][0]["analysisStatus"], "queued", "{body}");
        let rows = analysed(&app, &token, jd).await;
        let row = &rows[0];
        assert_eq!(row["ocr"], true, "{row}");
        assert_eq!(row["candidateEmail"], "ananya.iyer@yahoo.co.in");
        assert_eq!(row["candidateName"], "Ananya Iyer");
        assert_eq!(row["unreadableReason"], Value::Null);
        assert!(
            row["nameConfidence"].as_f64().is_some_and(|c| c >= 0.8),
            "{row}"
        );
        assert!(row["atsScore"].is_number(), "{row}");
    })
    .await;
}

/// With OCR off, a scan is held for review with the reason, never scored.
#[tokio::test]
async fn without_ocr_a_scan_is_held_for_review() {
    let no_ocr = |settings: &mut Settings| settings.uploads.ocr_seconds = 0;
    on_each_db_configured(no_ocr, |app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let scan = fixture("scanned.pdf");
        let (status, body) = upload(&app, &token, jd, &[("scan.pdf", scan)]).await;
        assert_eq!(status, 200, "{body}");
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows[0]["analysisStatus"], "unreadable");
        assert_eq!(rows[0]["unreadableReason"], "scanned");
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
