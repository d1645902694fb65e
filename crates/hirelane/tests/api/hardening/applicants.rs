//! What applicants and uploads meet: the candidate's own page with the JD in the bin, mail that
//! carries none of a stranger's text, each limit in its own words, a retried upload, a body cut
//! off mid-form, structured data without an empty `sameAs`, and video frames whose path climbs
//! out of the embed folder.

use reqwest::Method;
use serde_json::{Value, json};

use crate::candidates::{create_job, fixture, upload};
use crate::careers::{
    Applicant, apply, candidates_of, get_text, portal_token, published_job, structured_data,
};
use crate::helpers::{TestApp, on_each_db, on_each_db_configured};
use crate::interviews::support::decoded;

const SLUG: &str = "backend-engineer";

#[tokio::test]
async fn the_candidates_page_works_while_their_jd_is_in_the_bin() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let priya = Applicant::new(
            "Priya Sharma",
            "priya@example.com",
            "priya_chromium_2col.pdf",
        );
        assert_eq!(apply(&app, SLUG, &priya).await.0, 200);
        let secret = portal_token(&app, "priya@example.com");
        let (status, body) = app
            .call(
                Method::DELETE,
                &format!("/api/Drive/DeleteJD?id={jd}&reason=Position%20filled"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");

        let page = format!("/api/Application/{secret}");
        let (status, body) = app.call(Method::GET, &page, "", None).await;
        assert_eq!(status, 200, "the page while the data is held: {body}");
        assert_eq!(body["jobTitle"], "Backend Engineer");
        let response = app
            .client
            .get(app.url(&format!("/api/Application/{secret}/Data")))
            .send()
            .await
            .expect("data");
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "application/zip");
        let (status, body) = app
            .call(Method::POST, &format!("{page}/Erasure"), "", None)
            .await;
        assert_eq!(
            (status, &body["erasureRequested"]),
            (200, &json!(true)),
            "{body}"
        );
        let (status, body) = app
            .call(Method::POST, &format!("{page}/Withdraw"), "", None)
            .await;
        assert_eq!(
            (status, &body["status"]),
            (200, &json!("withdrawn")),
            "{body}"
        );
    })
    .await;
}

/// The text of every mail to `email`, decoded.
fn mails_to(app: &TestApp, email: &str) -> Vec<String> {
    app.outbox_mails(email).iter().map(|m| decoded(m)).collect()
}

#[tokio::test]
async fn mail_to_an_unconfirmed_address_carries_none_of_the_typed_text() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        published_job(&app, &token).await;
        let victim = "victim@example.com";
        let first = "Win a prize at evil.example";
        let second = "Call +1 555 0100 about your account";
        for name in [first, second] {
            let form = Applicant::new(name, victim, "priya_chromium_2col.pdf");
            assert_eq!(apply(&app, SLUG, &form).await.0, 200);
        }
        let mails = mails_to(&app, victim);
        assert_eq!(
            mails.len(),
            2,
            "a receipt, then the confirmation of the second"
        );
        assert!(mails[0].contains("We received your application: Backend Engineer"));
        assert!(mails[1].contains("Confirm your updated application: Backend Engineer"));
        for mail in &mails {
            assert!(mail.contains("Hello,"), "a generic greeting: {mail}");
            for typed in [first, second, "evil.example", "555 0100"] {
                assert!(!mail.contains(typed), "{typed} was mailed: {mail}");
            }
        }
    })
    .await;
}

#[tokio::test]
async fn the_per_address_limit_says_so_not_from_here() {
    on_each_db_configured(
        |settings| {
            settings.careers.applications_per_ip_per_hour = 100;
            settings.careers.applications_per_email_per_day = 1;
        },
        |app: TestApp| async move {
            let token = app.token().await;
            published_job(&app, &token).await;
            let ana = Applicant::new("Ana Lima", "ana@example.com", "priya_chromium_2col.pdf");
            assert_eq!(apply(&app, SLUG, &ana).await.0, 200);
            let (status, answer) = apply(&app, SLUG, &ana).await;
            assert_eq!(status, 429, "{answer}");
            assert_eq!(
                answer["message"],
                "Too many applications were sent with this e-mail address today. \
                 Please try again tomorrow."
            );
        },
    )
    .await;
}

/// Rows of `table` (a fixed name) in the application's database.
async fn count(app: &TestApp, table: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    hirelane::with_db!(&app.state.db, |pool| {
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .fetch_one(pool)
            .await
            .expect("count")
    })
}

/// Files in the file store, at any depth.
fn stored_files(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| match e.file_type() {
                    Ok(t) if t.is_dir() => stored_files(&e.path()),
                    _ => 1,
                })
                .sum()
        })
        .unwrap_or(0)
}

#[tokio::test]
async fn a_retried_upload_stores_nothing_twice() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        // One resume with an e-mail, one without (encrypted: no text, so no address).
        let files = [
            ("priya.pdf", fixture("priya_chromium_2col.pdf")),
            ("locked.pdf", fixture("encrypted.pdf")),
        ];
        let (status, first) = upload(&app, &token, jd, &files).await;
        assert_eq!(status, 200, "{first}");
        let files_dir = app.state.settings.files_dir();
        let stored = stored_files(&files_dir);
        for retry in 0..3 {
            let (status, again) = upload(&app, &token, jd, &files).await;
            assert_eq!(status, 200, "{again}");
            for (before, now) in first["files"]
                .as_array()
                .expect("files")
                .iter()
                .zip(again["files"].as_array().expect("files"))
            {
                assert_eq!(
                    now["resumeId"], before["resumeId"],
                    "retry {retry}: {again}"
                );
                assert_eq!(now["status"], "updated", "{again}");
                assert_eq!(
                    now["message"],
                    "This resume is already on file for this candidate; nothing changed.",
                    "retry {retry} on {}: {again}",
                    app.backend
                );
            }
        }
        assert_eq!(candidates_of(&app, &token, jd).await.len(), 2);
        assert_eq!(count(&app, "resume_history").await, 0);
        assert_eq!(stored_files(&files_dir), stored, "no file stored again");
    })
    .await;
}

#[tokio::test]
async fn a_form_cut_off_midway_is_told_so() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        published_job(&app, &token).await;
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"fullName\"\r\n\r\nAna Li";
        let response = app
            .client
            .post(app.url(&format!("/api/Careers/Jobs/{SLUG}/Apply")))
            .header("content-type", "multipart/form-data; boundary=XyZ")
            .body(body)
            .send()
            .await
            .expect("sent");
        assert_eq!(response.status(), 400);
        let answer: Value = response.json().await.expect("json");
        assert_eq!(
            answer["message"],
            "The upload ended before it was complete. Please send it again."
        );
    })
    .await;
}

#[tokio::test]
async fn structured_data_has_no_empty_same_as() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        published_job(&app, &token).await;
        let (status, page) = get_text(&app, &format!("/careers/{SLUG}")).await;
        assert_eq!(status, 200);
        let organization = &structured_data(&page)["hiringOrganization"];
        assert_eq!(organization["@type"], "Organization");
        assert!(organization.get("sameAs").is_none(), "{organization}");
    })
    .await;
    on_each_db_configured(
        |settings| settings.careers.organization_url = Some("https://acme.example".into()),
        |app: TestApp| async move {
            let token = app.token().await;
            published_job(&app, &token).await;
            let (_, page) = get_text(&app, &format!("/careers/{SLUG}")).await;
            let data = structured_data(&page);
            assert_eq!(data["hiringOrganization"]["sameAs"], "https://acme.example");
        },
    )
    .await;
}

#[tokio::test]
async fn video_frames_are_checked_after_their_path_is_resolved() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let frame = |src: &str| format!(r#"<iframe class="ql-video" src="{src}"></iframe>"#);
        let description = [
            frame("https://www.youtube.com/embed/../../x"),
            frame("https://www.youtube.com/embed/%2e%2e/watch"),
            frame("https://player.vimeo.com/video/../../../evil.example/x"),
            frame("https://www.youtube.com/embed/abc123"),
        ]
        .concat();
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Drive/CreateJobFolder",
                &token,
                Some(&json!({
                    "jdname": "Video JD", "jddescription": description,
                    "keySkills": "Go, Rust, SQL", "experience": "1 year", "resumeRequired": true,
                })),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let jd = &body["jobDescId"];
        let (status, detail) = app
            .call(
                Method::GET,
                &format!("/api/Drive/GetJDByID?jdId={jd}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{detail}");
        let html = detail["jddescription"].as_str().expect("html");
        let sources: Vec<&str> = html
            .match_indices("src=\"")
            .map(|(at, _)| {
                let rest = &html[at + 5..];
                &rest[..rest.find('"').unwrap_or(rest.len())]
            })
            .collect();
        assert_eq!(sources, ["https://www.youtube.com/embed/abc123"], "{html}");
    })
    .await;
}
