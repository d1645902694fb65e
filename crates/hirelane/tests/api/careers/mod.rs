//! Inbound applications on both databases: publishing a JD's page (HTML with JobPosting
//! structured data, and the job board API), applying (consent stored, limits, the honeypot,
//! confirmed re-applications), the autopilot (one invite per qualifying applicant, across two
//! instances; never a rejection), the candidate's own page (status, withdrawal, data export,
//! erasure requests an admin decides), the daily digest, and hostile text kept inert on every
//! page and in every mail.

mod accommodation;
mod applying;
mod autopilot;
mod explanation;
mod organisation;
mod portal;
mod xss;

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
pub(crate) async fn create_job(
    app: &TestApp,
    token: &str,
    title: &str,
    resume_required: bool,
) -> i64 {
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

pub(crate) async fn publish(app: &TestApp, token: &str, jd: i64, published: bool) -> (u16, Value) {
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
    /// Self-identification fields sent with the form (`sex`, `race`).
    answers: &'a [(&'a str, &'a str)],
}

impl<'a> Applicant<'a> {
    pub(crate) fn new(name: &'a str, email: &'a str, resume: &'a str) -> Self {
        Applicant {
            name,
            email,
            resume,
            consent: true,
            honeypot: "",
            answers: &[],
        }
    }

    pub(crate) fn answering(self, answers: &'a [(&'a str, &'a str)]) -> Self {
        Applicant { answers, ..self }
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
        for (name, value) in self.answers {
            form = form.text(name.to_string(), value.to_string());
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
