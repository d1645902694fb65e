//! Sign-in by one-time code, tokens and refresh, on every backend.

use jiff::SignedDuration;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{ADMIN_EMAIL, ADMIN_NAME, TestApp, on_each_db};

#[tokio::test]
async fn sign_in_happy_path() {
    on_each_db(|app: TestApp| async move {
        let (status, body) = app.request_otp("  Admin@Example.com ", false).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body,
            json!({ "success": true, "message": "OTP sent successfully." })
        );
        let code = app.otp_from_outbox(ADMIN_EMAIL, 1).await;
        let (status, body) = app.verify_otp("ADMIN@example.com", &code).await;
        assert_eq!(status, 200, "{body}");
        let data = &body["data"];
        assert_eq!(data["user"]["userFullName"], ADMIN_NAME);
        assert_eq!(
            data["validTo"], "2026-03-02T09:30:00Z",
            "30-minute access token"
        );
        let token = data["token"].as_str().expect("token");
        assert!(data["refreshToken"].as_str().is_some_and(|t| t.len() >= 40));
        let (status, me) = app.get_with_token("/api/auth/me", token).await;
        assert_eq!(status, 200);
        assert_eq!(
            me,
            json!({ "email": ADMIN_EMAIL, "userFullName": ADMIN_NAME, "role": "admin", "reports": true })
        );
    })
    .await;
}

#[tokio::test]
async fn mail_is_well_formed_text_and_html() {
    on_each_db(|app: TestApp| async move {
        app.request_otp(ADMIN_EMAIL, false).await;
        let code = app.otp_from_outbox(ADMIN_EMAIL, 1).await;
        let mail = std::fs::read_dir(&app.outbox)
            .expect("outbox")
            .filter_map(Result::ok)
            .map(|e| std::fs::read_to_string(e.path()).expect("eml"))
            .next()
            .expect("one mail");
        assert!(mail.contains("Content-Type: multipart/alternative"));
        assert!(mail.contains("Content-Type: text/plain"));
        assert!(mail.contains("Content-Type: text/html"));
        assert!(mail.contains(&format!("Your Hirelane sign-in code is {code}")));
        assert!(mail.contains("Message-ID:") && mail.contains("Date:"));
    })
    .await;
}

#[tokio::test]
async fn wrong_codes_count_down_then_kill_the_code() {
    on_each_db(|app: TestApp| async move {
        app.request_otp(ADMIN_EMAIL, false).await;
        let code = app.otp_from_outbox(ADMIN_EMAIL, 1).await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for remaining in (0..5).rev() {
            let (status, body) = app.verify_otp(ADMIN_EMAIL, wrong).await;
            assert_eq!(status, 400);
            assert_eq!(body["code"], "invalid_otp");
            assert_eq!(
                body["message"],
                "Invalid OTP. Please check otp and try again."
            );
            assert_eq!(body["attemptsRemaining"], remaining);
        }
        let (status, body) = app.verify_otp(ADMIN_EMAIL, &code).await;
        assert_eq!(status, 400, "the right code after five misses is dead");
        assert_eq!(body["code"], "otp_expired");
        assert_eq!(body["attemptsRemaining"], 0);
    })
    .await;
}

#[tokio::test]
async fn codes_expire_after_fifteen_minutes() {
    on_each_db(|app: TestApp| async move {
        app.request_otp(ADMIN_EMAIL, false).await;
        let code = app.otp_from_outbox(ADMIN_EMAIL, 1).await;
        app.advance(SignedDuration::from_mins(15));
        let (status, body) = app.verify_otp(ADMIN_EMAIL, &code).await;
        assert_eq!(status, 400);
        assert_eq!(body["code"], "otp_expired");
    })
    .await;
}

#[tokio::test]
async fn codes_are_single_use() {
    on_each_db(|app: TestApp| async move {
        app.request_otp(ADMIN_EMAIL, false).await;
        let code = app.otp_from_outbox(ADMIN_EMAIL, 1).await;
        assert_eq!(app.verify_otp(ADMIN_EMAIL, &code).await.0, 200);
        let (status, body) = app.verify_otp(ADMIN_EMAIL, &code).await;
        assert_eq!(status, 400);
        assert_eq!(body["code"], "otp_expired");
    })
    .await;
}

#[tokio::test]
async fn resend_waits_a_minute_and_replaces_the_code() {
    on_each_db(|app: TestApp| async move {
        app.request_otp(ADMIN_EMAIL, false).await;
        let first = app.otp_from_outbox(ADMIN_EMAIL, 1).await;
        app.advance(SignedDuration::from_secs(30));
        let (status, body) = app.request_otp(ADMIN_EMAIL, true).await;
        assert_eq!(status, 429);
        assert_eq!(body["code"], "resend_cooldown");
        assert_eq!(body["retryAfterSeconds"], 30);
        app.advance(SignedDuration::from_secs(30));
        let (status, body) = app.request_otp(ADMIN_EMAIL, true).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["message"], "OTP sent successfully again.");
        let second = app.otp_from_outbox(ADMIN_EMAIL, 2).await;
        if first != second {
            let (status, _) = app.verify_otp(ADMIN_EMAIL, &first).await;
            assert_eq!(status, 400, "the replaced code no longer works");
        }
        assert_eq!(app.verify_otp(ADMIN_EMAIL, &second).await.0, 200);
    })
    .await;
}

/// The cooldown holds for a first send too, and alternating first sends and resends neither
/// skips it nor resets the resend count.
#[tokio::test]
async fn every_new_code_waits_a_minute_after_an_unused_one() {
    on_each_db(|app: TestApp| async move {
        // Two minutes apart, so the per-address ceiling of six sends per 15 minutes stays out.
        assert_eq!(app.request_otp(ADMIN_EMAIL, false).await.0, 200);
        for retry in [true, false, true, true] {
            app.advance(SignedDuration::from_mins(2));
            let (status, body) = app.request_otp(ADMIN_EMAIL, retry).await;
            assert_eq!(status, 200, "{body}");
        }
        app.advance(SignedDuration::from_mins(2));
        let (status, body) = app.request_otp(ADMIN_EMAIL, true).await;
        assert_eq!(
            (status, &body["code"]),
            (429, &json!("resend_limit")),
            "{body}"
        );

        // Mails go out in the background: the fifth must be written before the sixth is asked
        // for, or "the sixth by file time" could be the fifth.
        app.otp_from_outbox(ADMIN_EMAIL, 5).await;
        app.advance(SignedDuration::from_mins(15));
        assert_eq!(app.request_otp(ADMIN_EMAIL, false).await.0, 200);
        let (status, body) = app.request_otp(ADMIN_EMAIL, false).await;
        assert_eq!(
            (status, &body["code"]),
            (429, &json!("resend_cooldown")),
            "{body}"
        );
        assert_eq!(body["retryAfterSeconds"], 60);
        // A used code needs no wait: signing in again at once works.
        let code = app.otp_from_outbox(ADMIN_EMAIL, 6).await;
        assert_eq!(app.verify_otp(ADMIN_EMAIL, &code).await.0, 200);
        assert_eq!(app.request_otp(ADMIN_EMAIL, false).await.0, 200);
    })
    .await;
}

#[tokio::test]
async fn at_most_three_resends_per_quarter_hour() {
    on_each_db(|app: TestApp| async move {
        app.request_otp(ADMIN_EMAIL, false).await;
        for _ in 0..3 {
            app.advance(SignedDuration::from_secs(61));
            let (status, body) = app.request_otp(ADMIN_EMAIL, true).await;
            assert_eq!(status, 200, "{body}");
        }
        app.advance(SignedDuration::from_secs(61));
        let (status, body) = app.request_otp(ADMIN_EMAIL, true).await;
        assert_eq!(status, 429);
        assert_eq!(body["code"], "resend_limit");
        assert_eq!(
            body["message"],
            "Maximum resend attempts reached. Please try again later."
        );
        // The window started with the first resend; once it has passed, resending works again.
        app.advance(SignedDuration::from_mins(13));
        let (status, body) = app.request_otp(ADMIN_EMAIL, true).await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}

#[tokio::test]
async fn unregistered_addresses_look_the_same_and_get_no_mail() {
    on_each_db(|app: TestApp| async move {
        let stranger = "nobody@example.org";
        let registered = app.request_otp(ADMIN_EMAIL, false).await;
        let unknown = app.request_otp(stranger, false).await;
        assert_eq!(registered, unknown);
        app.otp_from_outbox(ADMIN_EMAIL, 1).await;
        app.state.mailer.settled().await;
        assert!(
            app.outbox_codes(stranger).is_empty(),
            "no mail to unknown addresses"
        );
        let (status, body) = app.verify_otp(stranger, "123456").await;
        assert_eq!(status, 400);
        assert_eq!(body["code"], "invalid_otp");
        assert_eq!(body["attemptsRemaining"], 4);
        // Resend rules apply identically too.
        let (status, body) = app.request_otp(stranger, true).await;
        assert_eq!((status, &body["code"]), (429, &json!("resend_cooldown")));
    })
    .await;
}

#[tokio::test]
async fn too_many_codes_for_one_address_are_refused() {
    on_each_db(|app: TestApp| async move {
        for _ in 0..6 {
            assert_eq!(app.request_otp(ADMIN_EMAIL, false).await.0, 200);
            app.advance(SignedDuration::from_secs(61));
        }
        let (status, body) = app.request_otp(ADMIN_EMAIL, false).await;
        assert_eq!(status, 429);
        assert_eq!(body["code"], "rate_limited");
        assert!(
            body["retryAfterSeconds"]
                .as_u64()
                .is_some_and(|s| s > 0 && s <= 900)
        );
        app.advance(SignedDuration::from_mins(15));
        assert_eq!(app.request_otp(ADMIN_EMAIL, false).await.0, 200);
    })
    .await;
}

#[tokio::test]
async fn bad_input_gets_the_spec_messages() {
    on_each_db(|app: TestApp| async move {
        let (status, body) = app.post("/api/auth/requestotp?email=%20%20").await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "Please enter your email address.");
        let (status, body) = app.request_otp("not-an-address", false).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("invalid_email"))
        );
        let (status, body) = app.verify_otp(ADMIN_EMAIL, "").await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "Please enter the OTP.");
        let (status, body) = app.verify_otp(ADMIN_EMAIL, "12ab56").await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_otp")));
        let response = app
            .client
            .post(app.url("/api/auth/verifyotp"))
            .header("content-type", "application/json")
            .body("{not json")
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 400);
        let body: serde_json::Value = response.json().await.expect("json error body");
        assert_eq!(body["code"], "invalid_json");
        assert!(body["message"].is_string());
    })
    .await;
}

#[tokio::test]
async fn body_and_query_names_match_case_insensitively() {
    on_each_db(|app: TestApp| async move {
        let (status, _) = app
            .post(&format!(
                "/api/auth/requestotp?EMAIL={ADMIN_EMAIL}&Retry=false"
            ))
            .await;
        assert_eq!(status, 200);
        let code = app.otp_from_outbox(ADMIN_EMAIL, 1).await;
        let (status, body) = app
            .post_json(
                "/api/auth/verifyotp",
                &json!({ "Email": ADMIN_EMAIL, "OTPCODE": code }),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}

#[tokio::test]
async fn refresh_rotates_and_reuse_revokes_the_family() {
    on_each_db(|app: TestApp| async move {
        let session = app.sign_in().await;
        let first = session["refreshToken"]
            .as_str()
            .expect("refresh")
            .to_owned();
        app.advance(SignedDuration::from_mins(10));
        let (status, body) = app
            .post_json("/api/auth/refresh-token", &json!({ "refreshToken": first }))
            .await;
        assert_eq!(status, 200, "{body}");
        let second = body["refreshToken"].as_str().expect("rotated").to_owned();
        assert_ne!(first, second);
        assert_eq!(body["validTo"], "2026-03-02T09:40:00Z");
        let access = body["accessToken"].as_str().expect("access");
        assert_eq!(app.get_with_token("/api/auth/me", access).await.0, 200);
        // The old token again: someone copied it. Both it and its successor stop working.
        let (status, body) = app
            .post_json("/api/auth/refresh-token", &json!({ "refreshToken": first }))
            .await;
        assert_eq!((status, body["code"].as_str()), (401, Some("unauthorized")));
        let (status, _) = app
            .post_json(
                "/api/auth/refresh-token",
                &json!({ "refreshToken": second }),
            )
            .await;
        assert_eq!(status, 401, "the family is revoked");
        let (status, _) = app
            .post_json(
                "/api/auth/refresh-token",
                &json!({ "refreshToken": "made-up" }),
            )
            .await;
        assert_eq!(status, 401);
    })
    .await;
}

#[tokio::test]
async fn refresh_tokens_expire() {
    on_each_db(|app: TestApp| async move {
        let session = app.sign_in().await;
        app.advance(SignedDuration::from_hours(30 * 24));
        let (status, _) = app
            .post_json(
                "/api/auth/refresh-token",
                &json!({ "refreshToken": session["refreshToken"] }),
            )
            .await;
        assert_eq!(status, 401);
    })
    .await;
}

#[tokio::test]
async fn access_tokens_expire_and_removed_recruiters_lose_access() {
    on_each_db(|app: TestApp| async move {
        let session = app.sign_in().await;
        let token = session["token"].as_str().expect("token").to_owned();
        app.advance(SignedDuration::from_mins(29));
        assert_eq!(app.get_with_token("/api/auth/me", &token).await.0, 200);
        app.advance(SignedDuration::from_mins(1));
        assert_eq!(app.get_with_token("/api/auth/me", &token).await.0, 401);

        let session = app.sign_in().await;
        let token = session["token"].as_str().expect("token").to_owned();
        // The last admin stays; with a second one, the first can go.
        let now = "2026-03-02T10:00:00Z".parse().expect("instant");
        let role = hirelane::auth::Role::Admin;
        hirelane::auth::recruiters::add(&app.state.db, "ops@example.com", "Ops", role, now)
            .await
            .expect("second admin");
        assert!(
            hirelane::auth::recruiters::remove(&app.state.db, ADMIN_EMAIL)
                .await
                .expect("removed")
        );
        assert_eq!(app.get_with_token("/api/auth/me", &token).await.0, 401);
        let (status, _) = app
            .post_json(
                "/api/auth/refresh-token",
                &json!({ "refreshToken": session["refreshToken"] }),
            )
            .await;
        assert_eq!(status, 401);
    })
    .await;
}

#[tokio::test]
async fn logout_ends_the_access_and_refresh_tokens_of_that_session_only() {
    on_each_db(|app: TestApp| async move {
        let other = app.sign_in().await;
        let session = app.sign_in().await;
        let token = session["token"].as_str().expect("token").to_owned();
        let (status, body) = app
            .call(Method::POST, "/api/auth/logout", &token, None)
            .await;
        assert_eq!(
            (status, body["success"].as_bool()),
            (200, Some(true)),
            "{body}"
        );
        assert_eq!(
            app.get_with_token("/api/auth/me", &token).await.0,
            401,
            "access ends at once"
        );
        let (status, _) = app
            .post_json(
                "/api/auth/refresh-token",
                &json!({ "refreshToken": session["refreshToken"] }),
            )
            .await;
        assert_eq!(status, 401, "so does refresh");
        let (status, _) = app
            .call(Method::POST, "/api/auth/logout", &token, None)
            .await;
        assert_eq!(status, 401, "a session ends once");
        let (status, _) = app
            .call(Method::POST, "/api/auth/logout", "forged", None)
            .await;
        assert_eq!(status, 401);
        let other_token = other["token"].as_str().expect("token");
        assert_eq!(
            app.get_with_token("/api/auth/me", other_token).await.0,
            200,
            "another session goes on"
        );
    })
    .await;
}

#[tokio::test]
async fn refreshing_never_extends_a_session_past_thirty_days_from_sign_in() {
    on_each_db(|app: TestApp| async move {
        let session = app.sign_in().await;
        let mut refresh = session["refreshToken"]
            .as_str()
            .expect("refresh")
            .to_owned();
        // Refreshed on days 10, 20 and 29: each time well inside the new token's own 30 days.
        for (day, days_later) in [(10, 10), (20, 10), (29, 9)] {
            app.advance(SignedDuration::from_hours(24 * days_later));
            let (status, body) = app
                .post_json(
                    "/api/auth/refresh-token",
                    &json!({ "refreshToken": refresh }),
                )
                .await;
            assert_eq!(status, 200, "day {day}: {body}");
            refresh = body["refreshToken"].as_str().expect("rotated").to_owned();
        }
        app.advance(SignedDuration::from_hours(24));
        let (status, _) = app
            .post_json(
                "/api/auth/refresh-token",
                &json!({ "refreshToken": refresh }),
            )
            .await;
        assert_eq!(status, 401, "thirty days after sign-in the session is over");
    })
    .await;
}

/// A new code does not buy new guesses: ten wrong codes in an hour, across codes, lock the
/// address (even for the right code), the recruiter is told, and the lock runs out.
#[tokio::test]
async fn wrong_codes_across_new_codes_lock_the_address() {
    on_each_db(|app: TestApp| async move {
        for round in 1..=2 {
            app.request_otp(ADMIN_EMAIL, false).await;
            let code = app.otp_from_outbox(ADMIN_EMAIL, round).await;
            let wrong = if code == "000000" { "111111" } else { "000000" };
            for _ in 0..5 {
                let (status, body) = app.verify_otp(ADMIN_EMAIL, wrong).await;
                assert_eq!(
                    (status, body["code"].as_str()),
                    (400, Some("invalid_otp")),
                    "{body}"
                );
            }
            app.advance(SignedDuration::from_mins(2));
        }
        let (status, body) = app.request_otp(ADMIN_EMAIL, false).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (429, Some("sign_in_locked")),
            "{body}"
        );
        assert_eq!(
            body["message"],
            "Too many wrong sign-in codes. Please try again in 13 minutes."
        );
        let (status, body) = app.verify_otp(ADMIN_EMAIL, "123456").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (429, Some("sign_in_locked"))
        );
        app.state.mailer.settled().await;
        let notices = app
            .outbox_mails(ADMIN_EMAIL)
            .into_iter()
            .filter(|m| m.contains("Hirelane sign-in locked after wrong codes"))
            .count();
        assert_eq!(notices, 1, "the recruiter is told once");

        // Fifteen minutes after the lock, a new code signs in.
        app.advance(SignedDuration::from_mins(14));
        let (status, _) = app.request_otp(ADMIN_EMAIL, false).await;
        assert_eq!(status, 200);
        let code = app.otp_from_outbox(ADMIN_EMAIL, 3).await;
        let (status, body) = app.verify_otp(ADMIN_EMAIL, &code).await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}

/// The quick start's admin@example.com is registered on the embedded default only; a configured
/// database whose only recruiter it is refuses to serve until a real one is added.
#[tokio::test]
async fn the_built_in_recruiter_is_for_the_embedded_default_only() {
    use hirelane::auth::first_run::{FirstRun, prepare};
    on_each_db(|app: TestApp| async move {
        let (db, now) = (&app.state.db, app.state.clock.now());
        // The test app registered admin@example.com, as a start on the old default did.
        assert_eq!(
            prepare(db, false, now).await.expect("prepare"),
            FirstRun::OnlyBuiltIn
        );
        // The embedded default keeps it and adds nobody.
        assert_eq!(
            prepare(db, true, now).await.expect("prepare"),
            FirstRun::Ready
        );
        assert_eq!(
            hirelane::auth::recruiters::count(db).await.expect("count"),
            1
        );
        hirelane::auth::recruiters::add(
            db,
            "lead@acme.test",
            "Team Lead",
            hirelane::auth::Role::Admin,
            now,
        )
        .await
        .expect("a real admin");
        assert_eq!(
            prepare(db, false, now).await.expect("prepare"),
            FirstRun::Ready
        );
        assert!(
            hirelane::auth::recruiters::remove(db, ADMIN_EMAIL)
                .await
                .expect("removed")
        );
        assert_eq!(
            prepare(db, false, now).await.expect("prepare"),
            FirstRun::Ready
        );
    })
    .await;
}

/// Many client addresses and many accounts together still meet one ceiling: 300 code requests
/// per quarter hour for the whole server (a botnet cannot turn it into a mail cannon).
#[tokio::test]
async fn code_requests_from_everyone_together_have_a_ceiling() {
    let behind_proxy = |s: &mut hirelane::config::Settings| s.server.trust_forwarded_for = true;
    crate::helpers::on_each_db_configured(behind_proxy, |app: TestApp| async move {
        let ask = |n: usize| {
            app.client
                .post(app.url(&format!(
                    "/api/auth/requestotp?email=someone{n}@example.org"
                )))
                .header("x-forwarded-for", format!("198.51.100.{}", n / 25))
                .send()
        };
        for n in 0..300 {
            let status = ask(n).await.expect("request").status().as_u16();
            assert_eq!(
                status, 200,
                "request {n}: each address and account is under its own limit"
            );
        }
        let response = ask(300).await.expect("request");
        assert_eq!(response.status(), 429);
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["code"], "rate_limited");
        app.advance(SignedDuration::from_mins(15));
        assert_eq!(ask(301).await.expect("request").status(), 200);
    })
    .await;
}
