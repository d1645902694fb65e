//! Hostile text through every field that reaches a page or an e-mail comes out inert: the JD's
//! title, description, key skills and experience, the organisation's name, the candidate's name
//! and the team's answer to a request, on the public pages (the JobPosting JSON-LD too) and in
//! the HTML part of every e-mail they reach (the text part may hold them literally: it is text).

use super::*;

const SCRIPT: &str = "<script>alert(1)</script>";
const ATTRIBUTE: &str = "\"><img src=x onerror=alert(1)>";
const CLOSING: &str = "</script><script>alert(1)</script>";

/// A field's value: a label to find it by, then the three attacks.
fn hostile(label: &str) -> String {
    format!("{label} {SCRIPT} {ATTRIBUTE} {CLOSING}")
}

fn hostile_organization(settings: &mut hirelane::config::Settings) {
    settings.careers.organization_name = hostile("Org");
}

/// No script runs and no attribute was injected: the only script element is the JSON-LD one,
/// every script element that opens closes once, and no tag carries an event handler outside its
/// quoted values (where typed text stays, escaped).
fn assert_inert(what: &str, html: &str) {
    let opened = html.matches("<script").count();
    let json_ld = html
        .matches("<script type=\"application/ld+json\">")
        .count();
    assert_eq!(
        opened, json_ld,
        "{what}: a script element of the input\n{html}"
    );
    assert_eq!(
        html.matches("</script").count(),
        opened,
        "{what}: a closed script\n{html}"
    );
    for tag in html.split('<').skip(1) {
        let tag = tag.split('>').next().unwrap_or_default();
        let unquoted: String = tag.split('"').step_by(2).collect();
        assert!(
            !unquoted.contains("onerror"),
            "{what}: an event handler in <{tag}>\n{html}"
        );
    }
}

/// The HTML part and the text part of a decoded message.
fn parts(mail: &str) -> (&str, &str) {
    let html_at = mail.find("<!doctype html>").expect("an HTML part");
    let html_end = mail[html_at..]
        .find("</html>")
        .expect("the HTML part's end")
        + html_at;
    let text_at = mail.find("Content-Type: text/plain").expect("a text part");
    (&mail[html_at..html_end], &mail[text_at..html_at])
}

/// Every message to `email` is inert in HTML; answers their decoded text.
fn inert_mails(app: &TestApp, email: &str) -> Vec<String> {
    let mails: Vec<String> = app
        .outbox_mails(email)
        .iter()
        .map(|m| crate::interviews::support::decoded(m))
        .collect();
    for mail in &mails {
        assert_inert(&format!("a mail to {email}"), parts(mail).0);
    }
    mails
}

#[tokio::test]
async fn hostile_text_is_inert_on_every_page_and_in_every_mail() {
    on_each_db_configured(hostile_organization, |app: TestApp| async move {
        let token = app.token().await;
        let (title, skills, experience) = (hostile("Title"), hostile("Skill"), hostile("Years"));
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Drive/CreateJobFolder",
                &token,
                Some(&json!({
                    "jdname": title,
                    "jddescription": format!("<p>About {}</p>", hostile("the job")),
                    "keySkills": format!("Python, Go, {skills}"),
                    "experience": experience,
                    "resumeRequired": true,
                    "applyLastDate": "2026-03-31",
                })),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let jd = body["jobDescId"].as_i64().expect("id");
        let (status, body) = app
            .call(
                Method::PUT,
                "/api/Careers/Posting",
                &token,
                Some(&json!({
                    "jobDescId": jd, "published": true, "slug": "hostile-job", "location": "Pune",
                    "country": "in", "workType": "hybrid", "employmentType": "fullTime",
                })),
            )
            .await;
        assert_eq!(status, 200, "{body}");

        // The pages: each shows the fields, none runs them.
        for path in ["/careers", "/careers/hostile-job", "/how-we-score"] {
            let (status, page) = get_text(&app, path).await;
            assert_eq!(status, 200, "{path}");
            assert!(page.contains("Org "), "{path} names the organisation");
            assert_inert(path, &page);
        }
        let (_, page) = get_text(&app, "/careers/hostile-job").await;
        for label in ["Title ", "About the job ", "Skill ", "Years "] {
            assert!(page.contains(label), "the job page shows {label:?}");
        }
        // The JSON-LD holds the very text typed, and its description is the sanitised HTML.
        let data = structured_data(&page);
        assert_eq!(data["title"], title.as_str());
        assert_eq!(data["hiringOrganization"]["name"], hostile("Org").as_str());
        assert_eq!(data["skills"], format!("Python, Go, {skills}").as_str());
        assert_eq!(data["experienceRequirements"], experience.as_str());
        let description = data["description"].as_str().expect("description");
        assert!(description.contains("About the job"), "{description}");
        assert_inert("the JSON-LD description", description);

        // The form sent back with an error keeps the values typed, as text.
        let name = hostile("Name");
        let mut refused = Applicant::new(&name, "mia@example.com", "priya_chromium_2col.pdf");
        refused.consent = false;
        let response = app
            .client
            .post(app.url("/careers/hostile-job"))
            .multipart(refused.form())
            .send()
            .await
            .expect("post");
        assert_eq!(response.status().as_u16(), 400);
        let page = response.text().await.expect("page");
        assert!(page.contains("Name "), "the name typed is kept");
        assert_inert("the form with an error", &page);

        // The receipt names the job and the organisation.
        let mia = Applicant::new(&name, "mia@example.com", "priya_chromium_2col.pdf");
        assert_eq!(apply(&app, "hostile-job", &mia).await.0, 200);
        let receipts = inert_mails(&app, "mia@example.com");
        let receipt = receipts.first().expect("a receipt");
        assert!(parts(receipt).1.contains(&title), "the text part is the text typed");

        // The team's answer to a request reaches the candidate.
        let portal = format!("/api/Application/{}", portal_token(&app, "mia@example.com"));
        let (status, body) = app
            .call(
                Method::POST,
                &format!("{portal}/Accommodation"),
                "",
                Some(&json!({ "message": hostile("Need") })),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (_, requests) = app.call(Method::GET, "/api/Settings/AccommodationRequests", &token, None).await;
        let answer_path = format!("/api/Settings/AccommodationRequests/{}/Answer", requests[0]["id"]);
        let (status, body) = app
            .call(Method::POST, &answer_path, &token, Some(&json!({ "answer": hostile("Answer") })))
            .await;
        assert_eq!(status, 200, "{body}");

        // The recruiter's digest lists the applicant by name.
        let (status, body) = app
            .call(
                Method::PUT,
                "/api/Careers/Autopilot",
                &token,
                Some(&json!({ "jobDescId": jd, "enabled": false, "digest": true })),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let rows = analysed(&app, &token, jd).await;
        set_clock(&app, "2026-03-03T08:30:00Z");
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 1);
        let digests = inert_mails(&app, ADMIN_EMAIL);
        assert!(
            digests.iter().any(|d| parts(d).1.contains(&name)),
            "the digest names the applicant"
        );

        // A decision e-mail fills in the name and the title.
        let token = app.token().await;
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Pipeline/Move",
                &token,
                Some(&json!({
                    "candidates": [{ "resumeId": rows[0]["resumeId"], "fromStage": rows[0]["stage"] }],
                    "stage": "rejected", "reason": "Not enough Go",
                    "email": { "subject": "About {{jobTitle}}", "body": "Dear {{candidateName}},\n\nNo." },
                })),
            )
            .await;
        assert_eq!((status, body["emailsSent"].as_i64()), (200, Some(1)), "{body}");
        let mails = inert_mails(&app, "mia@example.com");
        for (what, expected) in [("the answer", hostile("Answer")), ("the decision", format!("Dear {name},"))] {
            assert!(mails.iter().any(|m| parts(m).1.contains(&expected)), "{what} reached the candidate");
        }
    })
    .await;
}
