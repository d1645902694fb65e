//! Sign-in lockout that cannot be used as a weapon: a stranger's requests and wrong codes from
//! one client neither lock nor delay the owner signing in from another.

use jiff::SignedDuration;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, TestApp, on_each_db_configured};

const STRANGER: &str = "198.51.100.66";
const OWNER: &str = "203.0.113.7";

fn behind_proxy(settings: &mut hirelane::config::Settings) {
    settings.server.trust_forwarded_for = true;
}

async fn read(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Asks for a code for `email` from the client `from`.
///
/// Waits until the code's mail is written, so the outbox holds codes in the order they were
/// asked for (each mail is delivered in the background).
async fn request_code(app: &TestApp, email: &str, from: &str, retry: bool) -> (u16, Value) {
    let url = app.url(&format!("/api/auth/requestotp?email={email}&retry={retry}"));
    let answer = read(
        app.client
            .post(url)
            .header("x-forwarded-for", from)
            .send()
            .await
            .expect("request"),
    )
    .await;
    app.state.mailer.settled().await;
    answer
}

/// Sends `code` for `email` from the client `from`.
async fn send_code(app: &TestApp, email: &str, code: &str, from: &str) -> (u16, Value) {
    read(
        app.client
            .post(app.url("/api/auth/verifyotp"))
            .header("x-forwarded-for", from)
            .json(&json!({ "email": email, "otpCode": code }))
            .send()
            .await
            .expect("verify"),
    )
    .await
}

/// A code that is not `code`.
fn other_than(code: &str) -> &'static str {
    if code == "000000" { "111111" } else { "000000" }
}

#[tokio::test]
async fn a_strangers_wrong_codes_neither_lock_nor_delay_the_owner() {
    on_each_db_configured(behind_proxy, |app: TestApp| async move {
        // The stranger asks for the admin's code, guesses five times, waits out the cooldown and
        // does it again: past the ten wrong codes an hour that lock.
        for round in 1..=2 {
            let (status, body) = request_code(&app, ADMIN_EMAIL, STRANGER, false).await;
            assert_eq!(status, 200, "{body}");
            let mailed = app.otp_from_outbox(ADMIN_EMAIL, round).await;
            for _ in 0..5 {
                let (status, body) =
                    send_code(&app, ADMIN_EMAIL, other_than(&mailed), STRANGER).await;
                assert_eq!((status, body["code"].as_str()), (400, Some("invalid_otp")));
            }
            app.advance(SignedDuration::from_secs(61));
        }
        // The stranger is locked out...
        let (status, body) = request_code(&app, ADMIN_EMAIL, STRANGER, false).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (429, Some("sign_in_locked")),
            "{body}"
        );
        let (status, _) = send_code(&app, ADMIN_EMAIL, "123456", STRANGER).await;
        assert_eq!(status, 429);
        // ...the owner, from their own network, is not: a code at once, and in.
        let (status, body) = request_code(&app, ADMIN_EMAIL, OWNER, false).await;
        assert_eq!(status, 200, "{body}");
        let code = app.otp_from_outbox(ADMIN_EMAIL, 3).await;
        let (status, body) = send_code(&app, ADMIN_EMAIL, &code, OWNER).await;
        assert_eq!(status, 200, "{body}");
        assert!(body["data"]["token"].is_string());
    })
    .await;
}

#[tokio::test]
async fn a_strangers_code_request_neither_delays_nor_replaces_the_owners() {
    on_each_db_configured(behind_proxy, |app: TestApp| async move {
        let (status, _) = request_code(&app, ADMIN_EMAIL, STRANGER, false).await;
        assert_eq!(status, 200);
        // Mail goes out in the background: wait for the stranger's, so the owner's is the second.
        app.otp_from_outbox(ADMIN_EMAIL, 1).await;
        app.advance(SignedDuration::from_secs(5));
        // Seconds later, the owner from another network gets a new code at once...
        let (status, body) = request_code(&app, ADMIN_EMAIL, OWNER, false).await;
        assert_eq!(status, 200, "{body}");
        let code = app.otp_from_outbox(ADMIN_EMAIL, 2).await;
        // ...while their own page still shows the spec's cooldown and resend rules.
        let (status, body) = request_code(&app, ADMIN_EMAIL, OWNER, true).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (429, Some("resend_cooldown")),
            "{body}"
        );
        assert_eq!(
            body["message"],
            "Please wait 60 seconds before requesting a new code."
        );
        // The stranger asking again does not replace the owner's code, nor can the stranger's
        // client use it.
        app.advance(SignedDuration::from_secs(61));
        let (status, _) = request_code(&app, ADMIN_EMAIL, STRANGER, false).await;
        assert_eq!(status, 200);
        let (status, body) = send_code(&app, ADMIN_EMAIL, &code, STRANGER).await;
        assert_eq!(status, 400, "{body}");
        let (status, body) = send_code(&app, ADMIN_EMAIL, &code, OWNER).await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}
