//! The last admin under real concurrency: two admins demote (or remove) each other at the same
//! moment, over HTTP, many rounds; one admin always remains.

use hirelane::auth::Role;
use hirelane::auth::recruiters;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{ADMIN_EMAIL, TestApp, on_each_db};

const ROUNDS: usize = 12;

async fn admins(app: &TestApp) -> Vec<String> {
    recruiters::list(&app.state.db)
        .await
        .expect("list")
        .into_iter()
        .filter(|r| r.role == Role::Admin)
        .map(|r| r.email)
        .collect()
}

async fn id_of(app: &TestApp, email: &str) -> i64 {
    recruiters::find_by_email(&app.state.db, email)
        .await
        .expect("look-up")
        .expect("registered")
        .id
}

/// Both requests went out together; exactly one may win, the other is refused as the last
/// admin's (409) or, when it came after, as no longer an admin's (403).
fn one_won(statuses: [u16; 2], round: usize) {
    let won = statuses.iter().filter(|s| **s == 200).count();
    assert_eq!(won, 1, "round {round}: {statuses:?}");
    assert!(
        statuses.iter().all(|s| [200, 403, 409].contains(s)),
        "round {round}: {statuses:?}"
    );
}

#[tokio::test]
async fn two_admins_demoting_each_other_at_once_leave_one_admin() {
    on_each_db(|app: TestApp| async move {
        let (_, ines) = app
            .add_and_sign_in("ines@example.com", "Inès", Role::Admin)
            .await;
        let tokens = [app.token().await, ines];
        let ids = [
            id_of(&app, ADMIN_EMAIL).await,
            id_of(&app, "ines@example.com").await,
        ];
        let (app, tokens) = (&app, &tokens);
        for round in 0..ROUNDS {
            let demote = |by: usize| async move {
                let path = format!("/api/Team/{}/Role", ids[1 - by]);
                let body = json!({ "role": "recruiter" });
                app.call(Method::PUT, &path, &tokens[by], Some(&body)).await
            };
            let (a, b) = tokio::join!(demote(0), demote(1));
            one_won([a.0, b.0], round);
            let left = admins(app).await;
            assert_eq!(left.len(), 1, "round {round}: {left:?}");
            // The one left makes the other admin again for the next round.
            let keeper = usize::from(left[0] != ADMIN_EMAIL);
            let (status, body) = app
                .call(
                    Method::PUT,
                    &format!("/api/Team/{}/Role", ids[1 - keeper]),
                    &tokens[keeper],
                    Some(&json!({ "role": "admin" })),
                )
                .await;
            assert_eq!(status, 200, "{body}");
        }
    })
    .await;
}

#[tokio::test]
async fn two_admins_removing_each_other_at_once_leave_one_admin() {
    on_each_db(|app: TestApp| async move {
        let mut keeper = (app.token().await, ADMIN_EMAIL.to_owned());
        for round in 0..ROUNDS / 2 {
            // Two new admins, then the one left from before steps down: they are the only two.
            let pair = [
                format!("a{round}@example.com"),
                format!("b{round}@example.com"),
            ];
            let mut tokens = Vec::new();
            for email in &pair {
                tokens.push(app.add_and_sign_in(email, "Admin", Role::Admin).await.1);
            }
            let (status, body) = app
                .call(
                    Method::PUT,
                    &format!("/api/Team/{}/Role", id_of(&app, &keeper.1).await),
                    &tokens[0],
                    Some(&json!({ "role": "recruiter" })),
                )
                .await;
            assert_eq!(status, 200, "{body}");
            let ids = [id_of(&app, &pair[0]).await, id_of(&app, &pair[1]).await];
            let (app, tokens) = (&app, &tokens);
            let remove = |by: usize| async move {
                let path = format!("/api/Team/{}", ids[1 - by]);
                app.call(Method::DELETE, &path, &tokens[by], None).await
            };
            let (a, b) = tokio::join!(remove(0), remove(1));
            // A removed admin's request finds no account: 401 rather than 403.
            let statuses = [a.0, b.0].map(|s| if s == 401 { 403 } else { s });
            one_won(statuses, round);
            let left = admins(app).await;
            assert_eq!(left.len(), 1, "round {round}: {left:?}");
            let kept = usize::from(left[0] != pair[0]);
            keeper = (tokens[kept].clone(), pair[kept].clone());
        }
        // The operator's view is unchanged: e-mail, name and role in lower case, tab-separated.
        let url = app.state.settings.database.url.as_ref().expect("url");
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_hirelane"))
            .args(["user", "list"])
            .current_dir(&app.state.settings.data_dir)
            .env("HIRELANE__DATA_DIR", &app.state.settings.data_dir)
            .env("HIRELANE__DATABASE__URL", url.expose())
            .output()
            .expect("hirelane user list");
        assert!(output.status.success(), "{output:?}");
        let text = String::from_utf8(output.stdout).expect("utf-8");
        assert!(
            text.lines()
                .any(|l| l == format!("{}\tAdmin\tadmin", keeper.1)),
            "{text}"
        );
        assert!(
            text.lines()
                .any(|l| l == format!("{ADMIN_EMAIL}\tAdmin User\trecruiter")),
            "{text}"
        );
    })
    .await;
}
