//! Lists, delete, signed file links, the bin purge and erasure.

use std::path::PathBuf;

use jiff::SignedDuration;
use reqwest::Method;
use serde_json::{Value, json};

use super::{analysed, create_job, fixture, upload, upload_csv};
use crate::helpers::{TestApp, on_each_db};

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

pub(super) fn walk(dir: &std::path::Path) -> Vec<PathBuf> {
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
        let first: Value = response.json().await.expect("json");
        let names: Vec<&str> = first
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
        // Out of bounds is a clear 400, never an overflowing OFFSET (a 500 on PostgreSQL).
        let page_of = |query: &str| format!("/api/Drive/ViewJDResumes?JdID={jd}&{query}");
        for (path, message) in [
            (
                page_of("page=9223372036854775807"),
                "page must be a whole number from 1 to 100000.",
            ),
            (
                page_of("page=0"),
                "page must be a whole number from 1 to 100000.",
            ),
            (
                page_of("page=2&pageSize=1000"),
                "pageSize must be a whole number from 1 to 100.",
            ),
            (
                page_of("pageSize=0"),
                "pageSize must be a whole number from 1 to 100.",
            ),
            (
                "/api/Drive/GetAllCandidates?page=100001".to_owned(),
                "page must be a whole number from 1 to 100000.",
            ),
            (
                format!("/api/Pipeline/Board?jdId={jd}&offset=-1"),
                "offset must be a whole number from 0 to 1000000.",
            ),
            (
                "/api/Activity?limit=100000".to_owned(),
                "limit must be a whole number from 1 to 200.",
            ),
        ] {
            let (status, body) = app.call(Method::GET, &path, &token, None).await;
            assert_eq!(status, 400, "{path}: {body}");
            assert_eq!(body["code"], "invalid_query", "{path}");
            assert_eq!(body["message"], message, "{path}");
        }
        let (total, names) = page(&app, &token, &page_of("page=100000&pageSize=100")).await;
        assert_eq!(
            (total.as_str(), names.len()),
            ("25", 0),
            "the last page allowed is empty"
        );
    })
    .await;
}

/// Whole lists are written out in chunks of 500 rows: every row once, in order, as one valid
/// JSON array, with the total in the header, filtered or not.
#[tokio::test]
async fn whole_lists_stream_every_row_in_order() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, false).await;
        let mut csv = String::from("name,email,phone\n");
        for i in 0..1_234 {
            csv.push_str(&format!("Person {i:04},p{i}@example.com,\n"));
        }
        let (status, body) = upload_csv(&app, &token, jd, "people.csv", &csv).await;
        assert_eq!(status, 200, "{body}");
        for (path, expected) in [
            (
                format!("/api/Drive/ViewJDResumes?JdID={jd}&sort=name"),
                1_234,
            ),
            ("/api/Drive/GetAllCandidates?sort=oldest".to_owned(), 1_234),
            ("/api/Drive/GetAllCandidates".to_owned(), 1_234),
            ("/api/Drive/GetAllCandidates?q=Person%2001".to_owned(), 100),
        ] {
            let response = app
                .client
                .get(app.url(&path))
                .bearer_auth(&token)
                .send()
                .await
                .expect("list");
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(
                response.headers()["x-total-count"],
                expected.to_string().as_str()
            );
            assert!(
                response.headers().get("content-length").is_none(),
                "{path} is streamed"
            );
            let rows: Vec<Value> = response.json().await.expect("one JSON array");
            assert_eq!(rows.len(), expected, "{path}");
            let names: Vec<&str> = rows
                .iter()
                .filter_map(|r| r["candidateName"].as_str())
                .collect();
            let mut sorted = names.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), expected, "{path}: every row once");
            if path.contains("sort=name") {
                assert_eq!(names, sorted, "{path}: in order");
            }
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

/// The lists narrow to an AI interview outcome (as the API names it: `Pass`, `Fail`, `Needs
/// Review`) and, across JDs, to one JD; an outcome the API does not know is refused like the
/// other bounds, a JD it does not know is not found.
#[tokio::test]
async fn lists_filter_by_interview_status_and_jd() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let first = create_job(&app, &token, false).await;
        let second = create_job(&app, &token, false).await;
        let csv = "name,email\nAsha Pass,asha@example.com\nBen Fail,ben@example.com\n\
                   Cara Review,cara@example.com\nDev Waiting,dev@example.com\n";
        assert_eq!(upload_csv(&app, &token, first, "a.csv", csv).await.0, 200);
        let csv = "name,email\nEla Pass,ela@example.com\n";
        assert_eq!(upload_csv(&app, &token, second, "b.csv", csv).await.0, 200);
        // How an interview's report sets the outcome is the interview tests' concern; here only
        // the filter is.
        for (email, status) in [
            ("asha@example.com", "Pass"),
            ("ben@example.com", "Fail"),
            ("cara@example.com", "Needs Review"),
            ("ela@example.com", "Pass"),
        ] {
            hirelane::with_db!(&app.state.db, |pool| {
                sqlx::query(
                    "UPDATE candidates SET interview_status = $1 WHERE candidate_email = $2",
                )
                .bind(status)
                .bind(email)
                .execute(pool)
                .await
                .expect("update");
            });
        }
        let all = "/api/Drive/GetAllCandidates?page=1&sort=name";
        for (query, total, names) in [
            (
                "interviewStatus=Pass".to_owned(),
                "2",
                vec!["Asha Pass", "Ela Pass"],
            ),
            (
                "interviewStatus=Needs%20Review".to_owned(),
                "1",
                vec!["Cara Review"],
            ),
            (
                "interviewstatus=Needs+Review".to_owned(),
                "1",
                vec!["Cara Review"],
            ),
            (format!("jdId={second}"), "1", vec!["Ela Pass"]),
            (
                format!("jdId={first}&interviewStatus=Fail"),
                "1",
                vec!["Ben Fail"],
            ),
        ] {
            let path = format!("{all}&{query}");
            let (found_total, found) = page(&app, &token, &path).await;
            assert_eq!(
                (found_total.as_str(), found),
                (total, names.iter().map(|n| n.to_string()).collect()),
                "{path}"
            );
        }
        let jd_pass = format!("/api/Drive/ViewJDResumes?JdID={first}&interviewStatus=Pass&page=1");
        assert_eq!(
            page(&app, &token, &jd_pass).await,
            ("1".to_owned(), vec!["Asha Pass".to_owned()])
        );
        // The whole list, written out in chunks, is narrowed the same way.
        let path = format!("/api/Drive/GetAllCandidates?jdId={first}&interviewStatus=Pass");
        let (status, whole) = app.call(Method::GET, &path, &token, None).await;
        assert_eq!(status, 200, "{whole}");
        assert_eq!(whole.as_array().map(Vec::len), Some(1), "{whole}");
        assert_eq!(whole[0]["candidateName"], "Asha Pass");

        for path in [
            "/api/Drive/GetAllCandidates?interviewStatus=Maybe".to_owned(),
            // A blank JD is a mistake, not "every JD" (the schema asks for one character).
            "/api/Drive/GetAllCandidates?jdId=%20".to_owned(),
            format!("/api/Drive/ViewJDResumes?JdID={first}&interviewStatus=pass&page=1"),
        ] {
            let (status, body) = app.call(Method::GET, &path, &token, None).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (400, Some("invalid_query")),
                "{path}: {body}"
            );
        }
        let (status, body) = app
            .call(
                Method::GET,
                "/api/Drive/GetAllCandidates?jdId=987654",
                &token,
                None,
            )
            .await;
        assert_eq!(status, 404, "{body}");
    })
    .await;
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
