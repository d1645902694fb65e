//! Inbound applications on both databases: publishing a JD's page (HTML with JobPosting
//! structured data, and the job board API), applying (consent stored, limits, the honeypot,
//! confirmed re-applications), the autopilot (one invite per qualifying applicant, across two
//! instances; never a rejection), the candidate's own page (status, withdrawal, data export,
//! erasure requests an admin decides) and the daily digest.

use std::io::Read;
use std::time::Duration;

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::candidates::{analysed, fixture};
use crate::helpers::{ADMIN_EMAIL, TestApp, backends, on_each_db, on_each_db_configured};
use crate::interviews::support::{create_assistant, mails, set_clock};

/// The JD the fixtures are scored against (Priya's resume passes, Zoë's fails), taking
/// applications until the end of March 2026 (the test clock starts on 2 March).
async fn create_job(app: &TestApp, token: &str, title: &str, resume_required: bool) -> i64 {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Drive/CreateJobFolder",
            token,
            Some(&json!({
                "jdname": title,
                "jddescription": "<p>Build services in <strong>Python</strong> and <strong>Go</strong>; run them on AWS with Docker and Kubernetes.</p>",
                "keySkills": "Python, Go, SQL, Docker, Kubernetes, AWS",
                "experience": "3+ years",
                "resumeRequired": resume_required,
                "applyLastDate": "2026-03-31",
            })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["jobDescId"].as_i64().expect("id")
}

async fn publish(app: &TestApp, token: &str, jd: i64, published: bool) -> (u16, Value) {
    app.call(
        Method::PUT,
        "/api/Careers/Posting",
        token,
        Some(&json!({
            "jobDescId": jd, "published": published, "location": "Pune", "country": "in",
            "workType": "hybrid", "employmentType": "fullTime",
        })),
    )
    .await
}

/// A JD published at `backend-engineer`; returns its id.
pub(crate) async fn published_job(app: &TestApp, token: &str) -> i64 {
    let jd = create_job(app, token, "Backend Engineer", true).await;
    let (status, body) = publish(app, token, jd, true).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["slug"], "backend-engineer");
    jd
}

/// An applicant's form.
pub(crate) struct Applicant<'a> {
    name: &'a str,
    email: &'a str,
    resume: &'a str,
    consent: bool,
    honeypot: &'a str,
}

impl<'a> Applicant<'a> {
    pub(crate) fn new(name: &'a str, email: &'a str, resume: &'a str) -> Self {
        Applicant {
            name,
            email,
            resume,
            consent: true,
            honeypot: "",
        }
    }

    fn form(&self) -> Form {
        let mut form = Form::new()
            .text("fullName", self.name.to_owned())
            .text("email", self.email.to_owned())
            .text("phone", "+91 98765 43210")
            .text("note", "I can start in April.")
            .text("website", self.honeypot.to_owned());
        if self.consent {
            form = form.text("consent", "on");
        }
        form.part(
            "resume",
            Part::bytes(fixture(self.resume)).file_name(self.resume.to_owned()),
        )
    }
}

/// Applies through the job board API.
pub(crate) async fn apply(app: &TestApp, slug: &str, applicant: &Applicant<'_>) -> (u16, Value) {
    let response = app
        .client
        .post(app.url(&format!("/api/Careers/Jobs/{slug}/Apply")))
        .multipart(applicant.form())
        .send()
        .await
        .expect("apply");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn get_text(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.client.get(app.url(path)).send().await.expect("page");
    let status = response.status().as_u16();
    (status, response.text().await.unwrap_or_default())
}

/// The JSON-LD of a page.
pub(crate) fn structured_data(html: &str) -> Value {
    let start = html
        .find("<script type=\"application/ld+json\">")
        .expect("structured data")
        + "<script type=\"application/ld+json\">".len();
    let end = start + html[start..].find("</script>").expect("script end");
    serde_json::from_str(&html[start..end]).expect("JSON-LD parses")
}

/// The secret of the candidate's own page, from the newest mail to them that links it.
pub(crate) fn portal_token(app: &TestApp, email: &str) -> String {
    let mail = app
        .outbox_mails(email)
        .iter()
        .map(|m| crate::interviews::support::decoded(m))
        .rfind(|m| m.contains("/application/"))
        .unwrap_or_else(|| panic!("a mail to {email} with their application link"));
    let at = mail.find("/application/").expect("link") + "/application/".len();
    mail[at..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

pub(crate) async fn candidates_of(app: &TestApp, token: &str, jd: i64) -> Vec<Value> {
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/Drive/ViewJDResumes?JdID={jd}"),
            token,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body.as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_published_jd_has_a_public_page_search_engines_can_read() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, "Backend Engineer", true).await;
        let path = format!("/api/Careers/Posting?jdId={jd}");
        let (status, posting) = app.call(Method::GET, &path, &token, None).await;
        assert_eq!(status, 200, "{posting}");
        assert_eq!(posting["published"], false);
        assert_eq!(posting["slug"], "backend-engineer", "a suggestion from the title");
        assert_eq!(posting["url"], Value::Null);

        // Bad settings are refused, each with what to fix.
        for (body, message) in [
            (json!({ "jobDescId": jd, "published": true, "slug": "Bad Slug", "location": "Pune", "country": "IN" }),
             "The address may use lower-case letters, digits and single hyphens (3 to 80 characters)."),
            (json!({ "jobDescId": jd, "published": true, "country": "IN" }), "Please enter the job's location."),
            (json!({ "jobDescId": jd, "published": true, "location": "Pune", "country": "India" }),
             "Please choose the country (a two-letter code such as IN or DE)."),
        ] {
            let (status, answer) = app.call(Method::PUT, "/api/Careers/Posting", &token, Some(&body)).await;
            assert_eq!((status, answer["message"].as_str()), (400, Some(message)), "{body}");
        }
        let (status, posting) = publish(&app, &token, jd, true).await;
        assert_eq!(status, 200, "{posting}");
        assert_eq!(posting["published"], true);
        assert_eq!(posting["country"], "IN");
        assert!(posting["url"].as_str().is_some_and(|u| u.ends_with("/careers/backend-engineer")));
        assert_eq!(posting["publishedAt"], "2026-03-02T09:00:00Z");

        // Another JD cannot take the address; a JD of CSV lists cannot be published.
        let other = create_job(&app, &token, "Backend Engineer", true).await;
        let taken = json!({ "jobDescId": other, "published": true, "slug": "backend-engineer", "location": "Pune", "country": "IN" });
        let (status, answer) = app.call(Method::PUT, "/api/Careers/Posting", &token, Some(&taken)).await;
        assert_eq!((status, answer["code"].as_str()), (409, Some("slug_taken")), "{answer}");
        let (_, suggestion) = app.call(Method::GET, &format!("/api/Careers/Posting?jdId={other}"), &token, None).await;
        assert_eq!(suggestion["slug"], format!("backend-engineer-{other}"));
        let csv = create_job(&app, &token, "Warehouse staff", false).await;
        let (status, answer) = publish(&app, &token, csv, true).await;
        assert_eq!(status, 400, "{answer}");

        // The list and the job's page, with what link previews and search engines read.
        let (status, list) = get_text(&app, "/careers").await;
        assert_eq!(status, 200);
        assert!(list.contains("<a href=\"/careers/backend-engineer\">Backend Engineer</a>"), "{list}");
        let (status, page) = get_text(&app, "/careers/backend-engineer").await;
        assert_eq!(status, 200);
        assert!(page.contains("<title>Backend Engineer at Hirelane</title>"));
        assert!(page.contains("<meta property=\"og:title\" content=\"Backend Engineer at Hirelane\">"));
        assert!(page.contains("<meta name=\"description\" content=\"Build services in Python and Go"));
        assert!(page.contains("name=\"consent\""), "the application form");
        assert!(page.contains("An AI system screens applications"), "the AI notice before submitting");
        let data = structured_data(&page);
        assert_eq!(data["@context"], "https://schema.org/");
        assert_eq!(data["@type"], "JobPosting");
        assert_eq!(data["title"], "Backend Engineer");
        assert!(data["description"].as_str().is_some_and(|d| d.contains("<strong>Python</strong>")));
        assert_eq!(data["datePosted"], "2026-03-02");
        assert_eq!(data["validThrough"], "2026-03-31T23:59:59Z");
        assert_eq!(data["hiringOrganization"]["@type"], "Organization");
        assert_eq!(data["hiringOrganization"]["name"], "Hirelane");
        assert_eq!(data["jobLocation"]["address"]["addressLocality"], "Pune");
        assert_eq!(data["jobLocation"]["address"]["addressCountry"], "IN");
        assert_eq!(data["employmentType"], "FULL_TIME");
        let (_, jobs) = app.call(Method::GET, "/api/Careers/Jobs", "", None).await;
        assert_eq!(jobs.as_array().map(Vec::len), Some(1), "{jobs}");
        assert_eq!(jobs[0]["slug"], "backend-engineer");

        // Unpublished, the page is the app's not-found page; republished, it keeps its address
        // and first publication date.
        publish(&app, &token, jd, false).await;
        let (status, page) = get_text(&app, "/careers/backend-engineer").await;
        assert_eq!(status, 404);
        assert!(page.contains("<div id=\"root\"></div>"), "the app's shell shows its 404");
        app.advance(jiff::SignedDuration::from_mins(20));
        let (_, posting) = publish(&app, &token, jd, true).await;
        assert_eq!(posting["publishedAt"], "2026-03-02T09:00:00Z");
        assert_eq!(get_text(&app, "/careers/no-such-job").await.0, 404);

        // After the apply-last date the page says the job is closed and takes no application.
        set_clock(&app, "2026-04-01T09:00:00Z");
        let token = app.token().await;
        let (status, page) = get_text(&app, "/careers/backend-engineer").await;
        assert_eq!(status, 200);
        assert!(page.contains("This job is closed: applications ended on 31 March 2026."), "{page}");
        assert!(!page.contains("name=\"consent\""));
        assert!(!get_text(&app, "/careers").await.1.contains("/careers/backend-engineer"));
        let priya = Applicant::new("Priya Sharma", "priya@example.com", "priya_chromium_2col.pdf");
        let (status, answer) = apply(&app, "backend-engineer", &priya).await;
        assert_eq!((status, answer["code"].as_str()), (409, Some("applications_closed")));
        assert!(candidates_of(&app, &token, jd).await.is_empty());

        // A JD in the bin has no page.
        set_clock(&app, "2026-03-05T09:00:00Z");
        let token = app.token().await;
        let (status, _) = app
            .call(Method::DELETE, &format!("/api/Drive/DeleteJD?id={jd}&reason=filled"), &token, None)
            .await;
        assert_eq!(status, 200);
        assert_eq!(get_text(&app, "/careers/backend-engineer").await.0, 404);
    })
    .await;
}

#[tokio::test]
async fn applicants_enter_the_jd_with_their_consent_and_nothing_bad_is_stored() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let slug = "backend-engineer";

        // What is refused stores nothing.
        let mut no_consent = Applicant::new(
            "Priya Sharma",
            "priya.s@example.com",
            "priya_chromium_2col.pdf",
        );
        no_consent.consent = false;
        let (status, answer) = apply(&app, slug, &no_consent).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("consent_required")),
            "{answer}"
        );
        let not_a_pdf = Applicant::new("Priya Sharma", "priya.s@example.com", "photo.png");
        let (status, answer) = apply(&app, slug, &not_a_pdf).await;
        assert_eq!(status, 400, "{answer}");
        let no_address = Applicant::new(
            "Priya Sharma",
            "priya at example",
            "priya_chromium_2col.pdf",
        );
        let (status, answer) = apply(&app, slug, &no_address).await;
        assert_eq!(
            answer["message"], "Please enter a valid e-mail address.",
            "{status}"
        );
        let damaged = Applicant::new("Priya Sharma", "priya.s@example.com", "truncated.pdf");
        let (status, answer) = apply(&app, slug, &damaged).await;
        assert_eq!(
            status, 200,
            "a damaged file is taken in and held for review: {answer}"
        );
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows[0]["analysisStatus"], "unreadable");
        let (status, _) = app
            .call(
                Method::GET,
                &format!(
                    "/api/Drive/DeleteResume?resumeFileId={}",
                    rows[0]["resumeFileId"].as_str().expect("file")
                ),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200);
        // A bot filling the honeypot is answered like anyone, and nothing is stored.
        let mut bot = Applicant::new("Buy Now", "bot@spam.example", "priya_chromium_2col.pdf");
        bot.honeypot = "https://spam.example";
        let (status, answer) = apply(&app, slug, &bot).await;
        assert_eq!((status, answer["status"].as_str()), (200, Some("received")));
        assert!(candidates_of(&app, &token, jd).await.is_empty());
        assert!(app.outbox_mails("bot@spam.example").is_empty());

        // A real application: the contacts are what the applicant typed.
        let priya = Applicant::new(
            "Priya S. Sharma",
            "Priya.Applicant@Example.com",
            "priya_chromium_2col.pdf",
        );
        let (status, answer) = apply(&app, slug, &priya).await;
        assert_eq!(
            (status, answer["status"].as_str()),
            (200, Some("received")),
            "{answer}"
        );
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        assert_eq!(row["source"], "applied");
        assert_eq!(row["candidateName"], "Priya S. Sharma");
        assert_eq!(row["candidateEmail"], "priya.applicant@example.com");
        assert_eq!(row["candidatePhone"], "+91 98765 43210");
        assert_eq!(row["nameConfidence"], 1.0);
        assert_eq!(row["stage"], "screened", "analysed like any upload");
        assert_eq!(row["recommendation"], "Pass");
        let id = row["resumeId"].as_i64().expect("id");
        let (_, details) = app
            .call(
                Method::GET,
                &format!("/api/Interview/ResumeDetails?resumeId={id}"),
                &token,
                None,
            )
            .await;
        let application = &details[0]["application"];
        assert_eq!(application["note"], "I can start in April.");
        assert_eq!(application["timesApplied"], 1);
        assert_eq!(application["consentedAt"], "2026-03-02T09:00:00Z");
        assert!(
            application["consentVersion"]
                .as_str()
                .is_some_and(|v| v.len() == 12)
        );
        let (_, source_filter) = app
            .call(
                Method::GET,
                &format!("/api/Drive/GetAllCandidates?jdId={jd}&source=applied"),
                &token,
                None,
            )
            .await;
        assert_eq!(source_filter.as_array().map(Vec::len), Some(1));
        let (_, uploaded_only) = app
            .call(
                Method::GET,
                &format!("/api/Drive/GetAllCandidates?jdId={jd}&source=uploaded"),
                &token,
                None,
            )
            .await;
        assert_eq!(
            uploaded_only.as_array().map(Vec::len),
            Some(0),
            "{uploaded_only}"
        );
        let (_, funnel) = app
            .call(
                Method::GET,
                &format!("/api/Pipeline/Funnel?jdId={jd}"),
                &token,
                None,
            )
            .await;
        assert_eq!(
            funnel[0]["sources"],
            json!({ "applied": 1, "uploaded": 0, "csv": 0 })
        );
        let (_, activity) = app
            .call(
                Method::GET,
                &format!("/api/Activity?resumeId={id}"),
                &token,
                None,
            )
            .await;
        let applied = activity["events"]
            .as_array()
            .and_then(|e| e.iter().find(|e| e["kind"] == "uploaded"))
            .cloned()
            .unwrap_or_default();
        assert_eq!(applied["actor"]["kind"], "candidate", "{activity}");
        assert_eq!(
            applied["summary"],
            "Applied on the job page with priya_chromium_2col.pdf"
        );

        // The receipt links the candidate's own page, which never shows a score.
        let receipt = mails(
            &app,
            "priya.applicant@example.com",
            "We received your application",
        );
        assert_eq!(receipt.len(), 1);
        let token_of_page = portal_token(&app, "priya.applicant@example.com");
        let (status, page) = app
            .call(
                Method::GET,
                &format!("/api/Application/{token_of_page}"),
                "",
                None,
            )
            .await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["status"], "inReview");
        assert_eq!(page["jobTitle"], "Backend Engineer");
        assert!(!page.to_string().to_lowercase().contains("score"), "{page}");

        // Applying again from the same address replaces the resume only once confirmed.
        let again = Applicant::new(
            "Priya Sharma",
            "priya.applicant@example.com",
            "zoe_fpdf.pdf",
        );
        let (status, answer) = apply(&app, slug, &again).await;
        assert_eq!(
            (status, answer["status"].as_str()),
            (200, Some("confirmationSent")),
            "{answer}"
        );
        assert_eq!(
            candidates_of(&app, &token, jd).await[0]["fileName"],
            "priya_chromium_2col.pdf"
        );
        let confirm = mails(
            &app,
            "priya.applicant@example.com",
            "Confirm your updated application",
        )
        .pop()
        .expect("confirmation mail");
        let at = confirm
            .find("/careers/backend-engineer/confirm/")
            .expect("link")
            + "/careers/backend-engineer/confirm/".len();
        let secret: String = confirm[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        let (status, page) =
            get_text(&app, &format!("/careers/backend-engineer/confirm/{secret}")).await;
        assert_eq!(status, 200);
        assert!(page.contains("zoe_fpdf.pdf"));
        let confirm_path = format!("/api/Careers/Jobs/backend-engineer/Confirm/{secret}");
        let (status, _) = app.call(Method::POST, &confirm_path, "", None).await;
        assert_eq!(status, 200);
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows.len(), 1, "one candidate, updated");
        assert_eq!(rows[0]["fileName"], "zoe_fpdf.pdf");
        assert_eq!(rows[0]["candidateName"], "Priya Sharma");
        let (_, details) = app
            .call(
                Method::GET,
                &format!("/api/Interview/ResumeDetails?resumeId={id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(details[0]["application"]["timesApplied"], 2);
        let (status, _) = app.call(Method::POST, &confirm_path, "", None).await;
        assert_eq!(status, 404, "a confirmation link works once");
    })
    .await;
}

#[tokio::test]
async fn the_job_page_form_applies_without_any_script() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let mut hostile = Applicant::new("<script>alert(1)</script>", "mia@example.com", "priya_chromium_2col.pdf");
        hostile.consent = false;
        let response = app
            .client
            .post(app.url("/careers/backend-engineer"))
            .multipart(hostile.form())
            .send()
            .await
            .expect("post");
        assert_eq!(response.status().as_u16(), 400);
        let page = response.text().await.expect("page");
        assert!(page.contains("<p class=\"alert\" role=\"alert\" id=\"apply-error\" tabindex=\"-1\">Please agree to the privacy notice to apply.</p>"));
        assert!(page.contains("value=\"mia@example.com\""), "the values sent are kept");
        assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(!page.contains("<script>alert(1)"));
        assert!(candidates_of(&app, &token, jd).await.is_empty());

        let mia = Applicant::new("Mia Wong", "mia@example.com", "priya_chromium_2col.pdf");
        let response = app
            .client
            .post(app.url("/careers/backend-engineer"))
            .multipart(mia.form())
            .send()
            .await
            .expect("post");
        assert_eq!(response.status().as_u16(), 303, "sent on, so a reload cannot apply twice");
        assert_eq!(response.headers()["location"], "/careers/backend-engineer/applied#main");
        let (status, page) = get_text(&app, "/careers/backend-engineer/applied").await;
        assert_eq!(status, 200);
        assert!(page.contains("Thank you for applying"));
        assert_eq!(candidates_of(&app, &token, jd).await.len(), 1);
    })
    .await;
}

#[tokio::test]
async fn applications_are_limited_per_client_and_per_address() {
    on_each_db_configured(
        |settings| {
            settings.careers.applications_per_ip_per_hour = 3;
            settings.careers.applications_per_email_per_day = 2;
        },
        |app: TestApp| async move {
            let token = app.token().await;
            published_job(&app, &token).await;
            let slug = "backend-engineer";
            let ana = Applicant::new("Ana Lima", "ana@example.com", "priya_chromium_2col.pdf");
            assert_eq!(apply(&app, slug, &ana).await.0, 200);
            assert_eq!(
                apply(&app, slug, &ana).await.0,
                200,
                "a second one waits for confirmation"
            );
            let (status, answer) = apply(&app, slug, &ana).await;
            assert_eq!(
                (status, answer["code"].as_str()),
                (429, Some("rate_limited")),
                "{answer}"
            );
            assert_eq!(
                answer["message"],
                "Too many applications were sent with this e-mail address today. Please try again tomorrow."
            );
            let bo = Applicant::new("Bo Chen", "bo@example.com", "zoe_fpdf.pdf");
            let (status, answer) = apply(&app, slug, &bo).await;
            assert_eq!(
                status, 429,
                "the fourth request from one client this hour was Ana's third"
            );
            assert_eq!(
                answer["message"],
                "Too many applications were sent from here. Please try again later."
            );
            app.advance(jiff::SignedDuration::from_hours(1));
            assert_eq!(apply(&app, slug, &bo).await.0, 200);
        },
    )
    .await;
}

async fn enable_autopilot(app: &TestApp, token: &str, jd: i64, assistant: &str, digest: bool) {
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/Careers/Autopilot",
            token,
            Some(&json!({ "jobDescId": jd, "enabled": true, "assistantId": assistant, "digest": digest })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

/// Waits until `email` has had `count` interview invitations (the autopilot runs on its own).
async fn invitations(app: &TestApp, email: &str, count: usize) -> usize {
    for _ in 0..200 {
        let n = mails(app, email, "Interview invitation").len();
        if n >= count {
            return n;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    mails(app, email, "Interview invitation").len()
}

#[tokio::test]
async fn the_autopilot_invites_qualifying_applicants_once_and_never_rejects() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let assistant = create_assistant(&app, &token).await;
        for (body, code) in [
            (json!({ "jobDescId": jd, "enabled": true }), "no_assistant"),
            (json!({ "jobDescId": jd, "enabled": true, "assistantId": "no-such-assistant" }), "not_found"),
            (json!({ "jobDescId": jd, "enabled": true, "assistantId": assistant, "minScore": 0 }), "validation"),
        ] {
            let (_, answer) = app.call(Method::PUT, "/api/Careers/Autopilot", &token, Some(&body)).await;
            assert_eq!(answer["code"], code, "{body}");
        }
        enable_autopilot(&app, &token, jd, &assistant, false).await;

        let priya = Applicant::new("Priya Sharma", "priya@example.com", "priya_chromium_2col.pdf");
        let zoe = Applicant::new("Zoë Müller", "zoe@example.com", "zoe_fpdf.pdf");
        assert_eq!(apply(&app, "backend-engineer", &priya).await.0, 200);
        assert_eq!(apply(&app, "backend-engineer", &zoe).await.0, 200);
        analysed(&app, &token, jd).await;
        assert_eq!(invitations(&app, "priya@example.com", 1).await, 1);
        let rows = candidates_of(&app, &token, jd).await;
        let stage_of = |email: &str| rows.iter().find(|r| r["candidateEmail"] == email).map(|r| r["stage"].clone());
        assert_eq!(stage_of("priya@example.com"), Some(json!("invited")));
        assert_eq!(stage_of("zoe@example.com"), Some(json!("screened")), "a Fail waits for a person");
        assert!(mails(&app, "zoe@example.com", "Interview invitation").is_empty());
        let invite = mails(&app, "priya@example.com", "Interview invitation").pop().expect("invite");
        assert!(invite.contains("/application/"), "every candidate e-mail links their page");

        // The invite is the system's, on the candidate's timeline.
        let priya_id = rows.iter().find(|r| r["candidateEmail"] == "priya@example.com").and_then(|r| r["resumeId"].as_i64()).expect("id");
        let (_, activity) = app.call(Method::GET, &format!("/api/Activity?resumeId={priya_id}"), &token, None).await;
        let invited = activity["events"].as_array().and_then(|e| e.iter().find(|e| e["kind"] == "invited")).cloned().unwrap_or_default();
        assert_eq!(invited["actor"]["kind"], "system", "{activity}");
        let (_, autopilot) = app.call(Method::GET, &format!("/api/Careers/Autopilot?jdId={jd}"), &token, None).await;
        assert_eq!(autopilot["invited"], 1);

        // Editing the JD scores everyone again; nobody is invited a second time.
        let (status, body) = app
            .call(Method::POST, "/api/Drive/EditJDFolder", &token, Some(&json!({
                "JobDescId": jd, "Jdname": "Backend Engineer",
                "Jddescription": "<p>Build services in Python and Go on AWS.</p>",
                "KeySkills": "Python, Go, SQL, Docker, Kubernetes, AWS", "Experience": "3+ years",
            })))
            .await;
        assert_eq!(status, 200, "{body}");
        analysed(&app, &token, jd).await;
        hirelane::careers::autopilot::invite_due(&app.state).await.expect("autopilot runs");
        assert_eq!(mails(&app, "priya@example.com", "Interview invitation").len(), 1);

        // From a chosen score up, without Pass.
        let (status, _) = app
            .call(Method::PUT, "/api/Careers/Autopilot", &token, Some(&json!({
                "jobDescId": jd, "enabled": true, "assistantId": assistant, "minScore": 50,
            })))
            .await;
        assert_eq!(status, 200);
        let jose = Applicant::new("José Álvarez-Núñez", "jose@example.com", "jose_reportlab.pdf");
        assert_eq!(apply(&app, "backend-engineer", &jose).await.0, 200);
        analysed(&app, &token, jd).await;
        assert_eq!(invitations(&app, "jose@example.com", 1).await, 1, "51 is at least 50");
    })
    .await;
}

#[tokio::test]
async fn two_instances_send_each_autopilot_invite_once() {
    for backend in backends() {
        let (app, teardown) = TestApp::spawn(&backend).await;
        let (other, stop_other, other_server) = app.sibling(&teardown).await;
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let assistant = create_assistant(&app, &token).await;
        enable_autopilot(&app, &token, jd, &assistant, false).await;
        let emails: Vec<String> = (1..=6)
            .map(|n| format!("applicant{n}@example.com"))
            .collect();
        for (n, email) in emails.iter().enumerate() {
            // Half the applications reach each instance.
            let to = if n % 2 == 0 { &app } else { &other };
            let applicant = Applicant::new("Priya Sharma", email, "priya_chromium_2col.pdf");
            assert_eq!(
                apply(to, "backend-engineer", &applicant).await.0,
                200,
                "{email}"
            );
        }
        analysed(&app, &token, jd).await;
        for email in &emails {
            invitations(&app, email, 1).await;
        }
        // Another round on each instance, whichever of their pollers ran last: nothing more
        // may go out.
        hirelane::careers::autopilot::invite_due(&app.state)
            .await
            .expect("runs");
        hirelane::careers::autopilot::invite_due(&other.state)
            .await
            .expect("runs");
        for email in &emails {
            assert_eq!(
                mails(&app, email, "Interview invitation").len(),
                1,
                "{email} on {}",
                app.backend
            );
        }
        let _ = stop_other.send(());
        let _ = other_server.await;
        teardown.run().await;
    }
}

#[tokio::test]
async fn candidates_follow_withdraw_download_and_ask_for_erasure() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let priya = Applicant::new(
            "Priya Sharma",
            "priya@example.com",
            "priya_chromium_2col.pdf",
        );
        apply(&app, "backend-engineer", &priya).await;
        analysed(&app, &token, jd).await;
        let secret = portal_token(&app, "priya@example.com");
        assert_eq!(
            app.call(
                Method::GET,
                "/api/Application/not-a-real-link-at-all1",
                "",
                None
            )
            .await
            .0,
            404
        );

        // Their data: data.json and the resume they sent, byte for byte.
        let response = app
            .client
            .get(app.url(&format!("/api/Application/{secret}/Data")))
            .send()
            .await
            .expect("data");
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "application/zip");
        let bytes = response.bytes().await.expect("zip");
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("a zip");
        let mut json_text = String::new();
        zip.by_name("data.json")
            .expect("data.json")
            .read_to_string(&mut json_text)
            .expect("text");
        let data: Value = serde_json::from_str(&json_text).expect("json");
        assert_eq!(data["email"], "priya@example.com");
        let candidacy = &data["candidacies"][0];
        assert_eq!(candidacy["job"], "Backend Engineer");
        assert_eq!(candidacy["source"], "applied");
        assert_eq!(candidacy["application"]["note"], "I can start in April.");
        assert!(
            candidacy["application"]["consentText"]
                .as_str()
                .is_some_and(|t| t.contains("An AI system screens applications"))
        );
        assert!(
            candidacy["atsAssessment"]["atsScore"].is_number(),
            "the data we hold includes the score"
        );
        assert!(
            candidacy["timeline"]
                .as_array()
                .is_some_and(|t| !t.is_empty())
        );
        let file = candidacy["resume"]["file"]
            .as_str()
            .expect("file name")
            .to_owned();
        let mut resume = Vec::new();
        zip.by_name(&file)
            .expect("the resume")
            .read_to_end(&mut resume)
            .expect("bytes");
        assert_eq!(resume, fixture("priya_chromium_2col.pdf"));

        // Withdrawing moves them to Withdrawn, as their own doing; it cannot be done twice.
        let (status, page) = app
            .call(
                Method::POST,
                &format!("/api/Application/{secret}/Withdraw"),
                "",
                None,
            )
            .await;
        assert_eq!(
            (status, page["status"].as_str()),
            (200, Some("withdrawn")),
            "{page}"
        );
        assert_eq!(page["canWithdraw"], false);
        let rows = candidates_of(&app, &token, jd).await;
        assert_eq!(rows[0]["stage"], "withdrawn");
        assert_eq!(
            rows[0]["stageReason"],
            "Withdrawn by the candidate from their application page."
        );
        let (status, _) = app
            .call(
                Method::POST,
                &format!("/api/Application/{secret}/Withdraw"),
                "",
                None,
            )
            .await;
        assert_eq!(status, 409);

        // Erasure: a request the team sees and an admin decides; asking twice is one request.
        let (status, page) = app
            .call(
                Method::POST,
                &format!("/api/Application/{secret}/Erasure"),
                "",
                None,
            )
            .await;
        assert_eq!(
            (status, page["erasureRequested"].as_bool()),
            (200, Some(true))
        );
        app.call(
            Method::POST,
            &format!("/api/Application/{secret}/Erasure"),
            "",
            None,
        )
        .await;
        let (_, requests) = app
            .call(Method::GET, "/api/Settings/ErasureRequests", &token, None)
            .await;
        assert_eq!(requests.as_array().map(Vec::len), Some(1), "{requests}");
        assert_eq!(requests[0]["email"], "priya@example.com");
        assert_eq!(requests[0]["state"], "pending");
        let id = requests[0]["id"].as_i64().expect("id");
        hirelane::auth::recruiters::add(
            &app.state.db,
            "sam@example.com",
            "Sam Recruiter",
            hirelane::auth::Role::Recruiter,
            app.state.clock.now(),
        )
        .await
        .expect("a colleague");
        let colleague = app.sign_in_as("sam@example.com").await["token"]
            .as_str()
            .expect("token")
            .to_owned();
        let confirm = format!("/api/Settings/ErasureRequests/{id}/Confirm");
        assert_eq!(
            app.call(Method::POST, &confirm, &colleague, None).await.0,
            403,
            "admins decide"
        );
        let (status, confirmed) = app.call(Method::POST, &confirm, &token, None).await;
        assert_eq!(status, 200, "{confirmed}");
        assert_eq!(confirmed["candidates"], 1);
        assert_eq!(confirmed["request"]["state"], "erased");
        assert_eq!(
            confirmed["request"]["email"], "",
            "the request forgets whom it was about"
        );
        assert_eq!(confirmed["request"]["decidedBy"], "Admin User");
        assert!(candidates_of(&app, &token, jd).await.is_empty());
        assert_eq!(
            app.call(Method::GET, &format!("/api/Application/{secret}"), "", None)
                .await
                .0,
            404
        );
        assert_eq!(app.call(Method::POST, &confirm, &token, None).await.0, 409);

        // A declined request keeps the data, with the reason.
        let zoe = Applicant::new("Zoë Müller", "zoe@example.com", "zoe_fpdf.pdf");
        apply(&app, "backend-engineer", &zoe).await;
        let zoe_secret = portal_token(&app, "zoe@example.com");
        app.call(
            Method::POST,
            &format!("/api/Application/{zoe_secret}/Erasure"),
            "",
            None,
        )
        .await;
        let (_, requests) = app
            .call(Method::GET, "/api/Settings/ErasureRequests", &token, None)
            .await;
        let id = requests[0]["id"].as_i64().expect("id");
        let decline = format!("/api/Settings/ErasureRequests/{id}/Decline");
        let (status, _) = app
            .call(
                Method::POST,
                &decline,
                &token,
                Some(&json!({ "reason": " " })),
            )
            .await;
        assert_eq!(status, 400);
        let (status, declined) = app
            .call(
                Method::POST,
                &decline,
                &token,
                Some(&json!({ "reason": "A legal claim is open." })),
            )
            .await;
        assert_eq!(
            (status, declined["state"].as_str()),
            (200, Some("declined")),
            "{declined}"
        );
        assert_eq!(declined["email"], "zoe@example.com");
        assert_eq!(candidates_of(&app, &token, jd).await.len(), 1);
    })
    .await;
}

#[tokio::test]
async fn the_daily_digest_goes_once_a_day_to_the_jds_recruiter() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let (status, body) = app
            .call(Method::PUT, "/api/Careers/Autopilot", &token, Some(&json!({ "jobDescId": jd, "enabled": false, "digest": true })))
            .await;
        assert_eq!(status, 200, "{body}");
        for (name, email, file) in [("Priya Sharma", "priya@example.com", "priya_chromium_2col.pdf"), ("Zoë Müller", "zoe@example.com", "zoe_fpdf.pdf")] {
            assert_eq!(apply(&app, "backend-engineer", &Applicant::new(name, email, file)).await.0, 200);
        }
        analysed(&app, &token, jd).await;
        let digests = || mails(&app, ADMIN_EMAIL, "Daily digest: Backend Engineer");
        set_clock(&app, "2026-03-03T07:30:00Z");
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 0, "before the hour");
        set_clock(&app, "2026-03-03T08:30:00Z");
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 1);
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 0, "once a day");
        let digest = digests().pop().expect("a digest");
        assert!(digest.contains("New applicants: 2"), "{digest}");
        assert!(digest.contains("Priya Sharma, Zoë Müller"), "{digest}");
        assert!(digest.contains("Waiting for a person (unreadable resumes, interviews to review, Fail applicants): 1"), "{digest}");
        // The next day: nothing new, but the Fail applicant still waits for a person.
        set_clock(&app, "2026-03-04T09:00:00Z");
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 1);
        assert!(digests().pop().is_some_and(|d| d.contains("New applicants: 0")));
        // Once nobody waits, a day with nothing to say sends nothing.
        let token = app.token().await;
        let rows = candidates_of(&app, &token, jd).await;
        let zoe = rows.iter().find(|r| r["candidateEmail"] == "zoe@example.com").expect("zoe");
        let (status, body) = app
            .call(Method::POST, "/api/Pipeline/Move", &token, Some(&json!({
                "candidates": [{ "resumeId": zoe["resumeId"], "fromStage": "screened" }],
                "stage": "rejected", "reason": "Not enough Go",
            })))
            .await;
        assert_eq!(status, 200, "{body}");
        set_clock(&app, "2026-03-05T09:00:00Z");
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 0);
    })
    .await;
}

#[tokio::test]
async fn hostile_application_forms_are_refused_and_store_nothing() {
    on_each_db_configured(
        |settings| settings.uploads.max_file_mb = 1,
        |app: TestApp| async move {
            let token = app.token().await;
            let jd = published_job(&app, &token).await;
            let send = |form: Form| {
                app.client
                    .post(app.url("/api/Careers/Jobs/backend-engineer/Apply"))
                    .multipart(form)
                    .send()
            };
            let many = (0..30).fold(Form::new(), |form, n| form.text(format!("f{n}"), "x"));
            let response = send(many).await.expect("sent");
            assert_eq!(response.status(), 400);
            let body: Value = response.json().await.expect("json");
            assert_eq!(body["message"], "The form has too many fields.");

            let long_note =
                Applicant::new("Ana Lima", "ana@example.com", "priya_chromium_2col.pdf")
                    .form()
                    .text("note", "x".repeat(20_000));
            let response = send(long_note).await.expect("sent");
            assert_eq!(response.status(), 400);
            let body: Value = response.json().await.expect("json");
            assert_eq!(body["message"], "A field of the form is too long.");

            let mut huge = b"%PDF-1.7\n".to_vec();
            huge.resize(2 * 1024 * 1024, b' ');
            let oversized = Form::new()
                .text("fullName", "Ana Lima")
                .text("email", "ana@example.com")
                .text("phone", "+91 98765 43210")
                .text("consent", "on")
                .part("resume", Part::bytes(huge).file_name("cv.pdf"));
            let response = send(oversized).await.expect("sent");
            assert_eq!(response.status(), 413);

            assert!(candidates_of(&app, &token, jd).await.is_empty());
            assert!(app.outbox_mails("ana@example.com").is_empty());
        },
    )
    .await;
}
