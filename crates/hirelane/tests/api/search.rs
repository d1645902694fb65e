//! Server-side search: the same answers on SQLite (FTS5) and PostgreSQL (tsvector), including
//! cases a plain substring match gets wrong.

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{TestApp, on_each_db};

async fn job(app: &TestApp, token: &str, name: &str, skills: &str, html: &str) -> i64 {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Drive/CreateJobFolder",
            token,
            Some(&json!({ "jdname": name, "keySkills": skills, "experience": "2+ years", "jddescription": html })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["jobDescId"].as_i64().expect("id")
}

async fn search(app: &TestApp, token: &str, q: &str) -> Value {
    let (status, body) = app
        .call(
            Method::GET,
            &format!(
                "/api/Drive/SearchAll?q={}",
                q.replace(' ', "%20").replace('+', "%2B")
            ),
            token,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn names(results: &Value) -> Vec<String> {
    results
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|r| r["jdname"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn search_ranks_stems_and_finds_phones_on_both_databases() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let rust = job(
            &app,
            &token,
            "Senior Rust Developer",
            "Rust, Tokio, SQL",
            "<p>Own our payments core.</p>",
        )
        .await;
        job(
            &app,
            &token,
            "Data Analyst",
            "SQL, Excel, Tableau",
            "<p>Dashboards. Some <em>Rust</em> exposure helps.</p>",
        )
        .await;
        job(
            &app,
            &token,
            "Pastry Chef",
            "Baking, Lamination, Chocolate",
            "<p>Early mornings.</p>",
        )
        .await;
        let form = Form::new().part(
            "resumeFile",
            Part::bytes(
                std::fs::read(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../ats/tests/fixtures/priya_chromium_2col.pdf"
                ))
                .expect("fixture"),
            )
            .file_name("priya.pdf"),
        );
        let response = app
            .client
            .post(app.url(&format!("/api/Drive/UploadResume?jdId={rust}")))
            .bearer_auth(&token)
            .multipart(form)
            .send()
            .await
            .expect("upload");
        assert_eq!(response.status(), 200);
        // The candidate is found by what the analysis reads from the resume.
        crate::candidates::analysed(&app, &token, rust).await;

        // Word forms: "developers" finds "Developer" (a substring match would not).
        assert_eq!(
            names(&search(&app, &token, "developers").await),
            ["Senior Rust Developer"]
        );
        // A title match ranks above a mention in the body.
        assert_eq!(
            names(&search(&app, &token, "rust").await),
            ["Senior Rust Developer", "Data Analyst"]
        );
        // Several words must all match; prefixes count.
        assert_eq!(
            names(&search(&app, &token, "chocolate bak").await),
            ["Pastry Chef"]
        );
        // Candidates by name, with their JD card.
        let by_name = search(&app, &token, "priya sharma").await;
        assert_eq!(names(&by_name), ["Senior Rust Developer"]);
        assert_eq!(by_name[0]["resumes"][0]["candidateName"], "Priya Sharma");
        assert!(
            by_name[0]["resumes"][0]["filePath"]
                .as_str()
                .is_some_and(|p| p.contains("ResumeFile"))
        );
        // Phones however written.
        for q in ["9876543210", "98765", "+91 98765 43210"] {
            let found = search(&app, &token, q).await;
            assert_eq!(
                found[0]["resumes"][0]["candidatePhone"], "+919876543210",
                "{q} on {}",
                app.backend
            );
        }
        // A deleted resume is no longer found by its phone.
        let (status, rows) = app
            .get_with_token(&format!("/api/Drive/ViewJDResumes?JdID={rust}"), &token)
            .await;
        assert_eq!(status, 200, "{rows}");
        let file_id = rows
            .as_array()
            .expect("rows")
            .iter()
            .find(|r| r["candidatePhone"] == "+919876543210")
            .and_then(|r| r["resumeFileId"].as_str())
            .expect("Priya's file id")
            .to_owned();
        let (status, body) = app
            .get_with_token(
                &format!("/api/Drive/DeleteResume?resumeFileId={file_id}"),
                &token,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            search(&app, &token, "98765").await,
            json!([]),
            "on {}",
            app.backend
        );
        // A JD that matches keeps its card even when none of its resumes does.
        let sql = search(&app, &token, "sql").await;
        assert_eq!(sql.as_array().map(Vec::len), Some(2));
        assert!(
            sql.as_array()
                .expect("results")
                .iter()
                .all(|r| r["resumes"].is_array())
        );
        // Nothing and nonsense find nothing.
        for q in ["", "   ", "zzzqqq"] {
            assert_eq!(search(&app, &token, q).await, json!([]), "{q:?}");
        }
        // Query syntax of either engine is read as plain words, never an error (search()
        // asserts the 200).
        for q in [
            "\"OR\" AND*",
            "NEAR((",
            "a:* & !b",
            "'; DROP TABLE jobs; --",
        ] {
            search(&app, &token, q).await;
        }
    })
    .await;
}
