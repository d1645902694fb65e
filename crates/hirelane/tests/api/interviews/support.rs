//! What the interview scenarios share: a JD with CSV candidates, an assistant, invites, the
//! candidate routes, the mailbox and the injected clock.

use base64::Engine;
use jiff::{SignedDuration, Timestamp};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::TestApp;

/// A JD without resumes (candidates come by CSV) whose applications close on `last_date`.
pub(crate) async fn create_job(app: &TestApp, token: &str, last_date: &str) -> i64 {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Drive/CreateJobFolder",
            token,
            Some(&json!({
                "jdname": "Platform Engineer",
                "jddescription": "<p>Run our Rust services.</p>",
                "keySkills": "Rust, SQL, Linux",
                "experience": "3+ years",
                "resumeRequired": false,
                "applyLastDate": last_date,
            })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["jobDescId"].as_i64().expect("id")
}

/// Imports candidates by CSV; returns `{name: resumeId}` in CSV order.
pub(crate) async fn import(app: &TestApp, token: &str, jd: i64, rows: &[(&str, &str)]) -> Vec<i64> {
    let mut csv = String::from("Name,Email,Phone\n");
    for (name, email) in rows {
        csv.push_str(&format!("{name},{email},9811223344\n"));
    }
    let form = Form::new().part(
        "csvFile",
        Part::bytes(csv.into_bytes()).file_name("candidates.csv"),
    );
    let response = app
        .client
        .post(app.url(&format!("/api/Drive/UploadCandidatesCsv?jobDescId={jd}")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    assert_eq!(response.status().as_u16(), 200);
    let (status, list) = app
        .get_with_token(&format!("/api/Drive/ViewJDResumes?JdID={jd}"), token)
        .await;
    assert_eq!(status, 200, "{list}");
    rows.iter()
        .map(|(name, _)| {
            row_named(&list, name)["resumeId"]
                .as_i64()
                .unwrap_or_else(|| panic!("{name} imported"))
        })
        .collect()
}

/// The row of a candidate list (`ViewJDResumes`, `GetAllCandidates`) with this name.
pub(crate) fn row_named(list: &Value, name: &str) -> Value {
    list.as_array()
        .unwrap_or_else(|| panic!("a list: {list}"))
        .iter()
        .find(|r| r["candidateName"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("{name} in {list}"))
}

pub(crate) async fn create_assistant(app: &TestApp, token: &str) -> String {
    create_assistant_with(
        app,
        token,
        json!({
            "assistantName": "Platform screen", "candidateName": "Candidate",
            "role": "Platform Engineer", "experience": "3 years", "interviewTime": "15",
            "topics": ["Rust", "SQL", "Linux", "Testing"],
            "questions": ["Tell me about a service you run", "How do you find a slow query",
                          "How do you test code that talks to a database"], "tools": []
        }),
    )
    .await
}

/// Creates an assistant from this form; returns its id.
pub(crate) async fn create_assistant_with(app: &TestApp, token: &str, form: Value) -> String {
    let (status, body) = app
        .call(Method::POST, "/api/Voice/assistants", token, Some(&form))
        .await;
    assert_eq!(status, 200, "{body}");
    body["id"].as_str().expect("id").to_owned()
}

/// Joins a web call's room in the simulator, as the join page does.
pub(crate) async fn join_room(app: &TestApp, web_call_url: &str) {
    let room: Value = app
        .client
        .get(web_call_url)
        .header("accept", "application/json")
        .send()
        .await
        .expect("room")
        .json()
        .await
        .expect("json");
    let started = app
        .client
        .post(room["startUrl"].as_str().expect("startUrl"))
        .send()
        .await
        .expect("start");
    assert_eq!(started.status().as_u16(), 200);
}

pub(crate) async fn send_invites(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    app.call(
        Method::POST,
        "/api/Interview/SendInvites",
        token,
        Some(&body),
    )
    .await
}

/// The text of a message with every base64 or quoted-printable part decoded.
pub(crate) fn decoded(eml: &str) -> String {
    let eml = eml.replace("\r\n", "\n");
    let mut out = String::new();
    let mut encoding = String::new();
    // Parts end at a boundary line, not at any line starting with "--": a quoted-printable
    // line can start so when it wraps inside a token such as `ab--cd`.
    let mut boundaries: Vec<String> = Vec::new();
    let mut lines = eml.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(at) = line.find("boundary=") {
            let boundary = line[at + "boundary=".len()..].trim_matches(|c| c == '"' || c == ';');
            boundaries.push(format!("--{boundary}"));
        }
        if let Some(enc) = line
            .to_ascii_lowercase()
            .strip_prefix("content-transfer-encoding: ")
        {
            encoding = enc.trim().to_owned();
        } else if line.is_empty() && !encoding.is_empty() {
            let mut body = Vec::new();
            while let Some(next) = lines.peek() {
                if boundaries.iter().any(|b| next.starts_with(b.as_str())) {
                    break;
                }
                body.push(lines.next().unwrap_or_default());
            }
            match encoding.as_str() {
                "base64" => {
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(body.concat())
                        .expect("base64 part");
                    out.push_str(&String::from_utf8_lossy(&bytes));
                }
                "quoted-printable" => out.push_str(&quoted_printable(&body.join("\n"))),
                _ => out.push_str(&body.join("\n")),
            }
            out.push('\n');
            encoding.clear();
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

pub(crate) fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'=' && i + 2 < bytes.len())
            .then(|| u8::from_str_radix(&joined[i + 1..i + 3], 16).ok())
            .flatten();
        if let Some(b) = escaped {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Decoded messages to `email` whose subject starts with `subject`.
pub(crate) fn mails(app: &TestApp, email: &str, subject: &str) -> Vec<String> {
    app.outbox_mails(email)
        .iter()
        .map(|m| decoded(m))
        .filter(|m| {
            m.lines().any(|l| {
                l.strip_prefix("Subject: ")
                    .is_some_and(|s| s.starts_with(subject))
            })
        })
        .collect()
}

/// The invite token from the newest invitation to `email`.
pub(crate) fn invite_token(app: &TestApp, email: &str) -> String {
    let mail = mails(app, email, "Interview invitation")
        .pop()
        .unwrap_or_else(|| panic!("an invitation to {email}"));
    let at = mail
        .find("/nextstep?inviteId=")
        .expect("link in the invitation");
    mail[at + "/nextstep?inviteId=".len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

pub(crate) async fn next_step(app: &TestApp, token: &str) -> (u16, Value) {
    let response = app
        .client
        .get(app.url(&format!("/api/Interview/NextStep/{token}")))
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn book(
    app: &TestApp,
    path: &str,
    token: &str,
    at: &str,
    zone: &str,
    gmt: &str,
) -> (u16, Value) {
    app.post_json(
        &format!("/api/Interview/{path}"),
        &json!({ "inviteId": token, "candidateName": "ignored", "JobRole": "ignored",
                 "interviewStartUtc": at, "timeZoneName": zone, "gmtValue": gmt }),
    )
    .await
}

pub(crate) async fn start(app: &TestApp, token: &str) -> (u16, Value) {
    let response = app
        .client
        .get(app.url(&format!("/api/Interview/StartInterview/{token}")))
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(crate) fn set_clock(app: &TestApp, to: &str) {
    app.clock.set(to.parse::<Timestamp>().expect("instant"));
}

/// Everything a test needs: a signed-in recruiter, a JD, candidates, an assistant.
pub(crate) struct Setup {
    pub(crate) token: String,
    pub(crate) jd: i64,
    pub(crate) ids: Vec<i64>,
    pub(crate) assistant: String,
}

pub(crate) async fn setup(app: &TestApp, last_date: &str, rows: &[(&str, &str)]) -> Setup {
    let token = app.token().await;
    let jd = create_job(app, &token, last_date).await;
    let ids = import(app, &token, jd, rows).await;
    let assistant = create_assistant(app, &token).await;
    Setup {
        token,
        jd,
        ids,
        assistant,
    }
}

/// Invites `s`'s candidates with `assistant` on 2 March and books each (named by `rows`, in
/// order) at 10:00 UTC on 4 March; the server's and the simulator's clocks end five minutes
/// before. Returns the invite tokens in order.
pub(crate) async fn invite_and_book(
    app: &TestApp,
    s: &Setup,
    assistant: &str,
    rows: &[(&str, &str)],
) -> Vec<String> {
    set_clock(app, "2026-03-02T09:00:00Z");
    let (status, body) = send_invites(
        app,
        &s.token,
        json!({"jobDescId": s.jd, "assistantId": assistant, "resumeIds": s.ids}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let mut tokens = Vec::new();
    for (_, email) in rows {
        let token = invite_token(app, email);
        let (status, body) = book(
            app,
            "ScheduleInterview",
            &token,
            "2026-03-04T10:00:00.000Z",
            "UTC",
            "GMT",
        )
        .await;
        assert_eq!(status, 200, "{body}");
        tokens.push(token);
    }
    set_clock(app, "2026-03-04T09:55:00Z");
    app.sim
        .clock()
        .set("2026-03-04T09:55:00Z".parse().expect("instant"));
    tokens
}

/// Lets the simulated interviews run until `done` holds (at most half an hour).
pub(crate) async fn run_until<F, Fut>(app: &TestApp, done: F)
where
    F: Fn() -> Fut,
    Fut: Future<Output = bool>,
{
    for _ in 0..60 {
        if done().await {
            return;
        }
        app.advance_both(SignedDuration::from_secs(30)).await;
    }
    panic!("the simulated interviews did not finish");
}

pub(crate) async fn completed(app: &TestApp, invite: &str) -> bool {
    next_step(app, invite).await.1["showPageId"] == 3
}
