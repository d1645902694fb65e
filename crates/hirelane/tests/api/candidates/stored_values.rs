//! A stored value no enum variant has (a corrupt row, or one a newer version wrote) fails the
//! request that reads it with a 500, instead of reading as some other state or as nothing.

use reqwest::Method;
use serde_json::json;

use super::{analysed, create_job, fixture, upload};
use crate::helpers::{TestApp, on_each_db};
use crate::interviews::support::{send_invites, setup};

#[tokio::test]
async fn an_unknown_stored_value_is_a_server_error_not_another_state() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, true).await;
        let (status, body) = upload(
            &app,
            &token,
            jd,
            &[("priya.pdf", fixture("priya_chromium_2col.pdf"))],
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows[0]["source"], "uploaded");
        let stage = rows[0]["stage"].as_str().expect("stage").to_owned();
        // A page: the whole list is streamed, and a failure half-way can only cut it off.
        let list = format!("/api/Drive/ViewJDResumes?JdID={jd}&page=1");

        for (column, text) in [("source", "scraped"), ("stage", "limbo")] {
            let sql = format!("UPDATE candidates SET {column} = $1 WHERE job_id = $2");
            hirelane::execute!(&app.state.db, sqlx::AssertSqlSafe(sql.clone()), (text, jd))
                .expect("planted");
            let (status, body) = app.call(Method::GET, &list, &token, None).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (500, Some("internal")),
                "{column} = {text}: {body}"
            );
            let restored = if column == "source" {
                "resume"
            } else {
                stage.as_str()
            };
            hirelane::execute!(
                &app.state.db,
                sqlx::AssertSqlSafe(sql.clone()),
                (restored, jd)
            )
            .expect("restored");
            let (status, body) = app.call(Method::GET, &list, &token, None).await;
            assert_eq!(status, 200, "{body}");
        }
    })
    .await;
}

/// The nullable columns the lists, the board and the candidate record show (the analysis's
/// recommendation, why a resume is unreadable, the invite's state): unknown text there is a
/// 500 too, not an empty field.
#[tokio::test]
async fn an_unknown_value_in_a_nullable_column_fails_every_view_that_shows_it() {
    on_each_db(|app: TestApp| async move {
        let s = setup(&app, "2026-03-10", &[("Ana Lima", "ana@example.com")]).await;
        let ana = s.ids[0];
        let (status, body) = send_invites(
            &app,
            &s.token,
            json!({"jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": [ana]}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let list = format!("/api/Drive/ViewJDResumes?JdID={}&page=1", s.jd);
        let all = format!("/api/Drive/GetAllCandidates?jdId={}&page=1", s.jd);
        let board = format!("/api/Pipeline/Board?jdId={}", s.jd);
        let record = format!("/api/Interview/ResumeDetails?resumeId={ana}");
        let search = "/api/Drive/SearchAll?q=Lima".to_owned();
        // (statement planting or restoring `$1` on Ana, planted text, restored value, views)
        let plantings = [
            (
                "UPDATE candidates SET recommendation = $1 WHERE id = $2",
                "Maybe",
                None,
                vec![&list, &all, &board, &record, &search],
            ),
            (
                "UPDATE candidates SET unreadable_reason = $1 WHERE id = $2",
                "smudged",
                None,
                vec![&list, &record],
            ),
            (
                "UPDATE interview_invites SET state = $1 WHERE candidate_id = $2",
                "paused",
                Some("invited"),
                vec![&list, &all, &board, &record],
            ),
        ];
        for (sql, text, restored, views) in plantings {
            for view in &views {
                let (status, body) = app.get_with_token(view, &s.token).await;
                assert_eq!(status, 200, "{view} before planting: {body}");
            }
            let planted = hirelane::execute!(&app.state.db, sql, (text, ana)).expect("planted");
            assert_eq!(planted, 1, "{sql}");
            for view in &views {
                let (status, body) = app.get_with_token(view, &s.token).await;
                assert_eq!(
                    (status, body["code"].as_str()),
                    (500, Some("internal")),
                    "{sql} with '{text}', {view}: {body}"
                );
            }
            hirelane::execute!(&app.state.db, sql, (restored, ana)).expect("restored");
        }
        // Restored, every view reads again: one bad row failed its requests, nothing more.
        let (status, body) = app.get_with_token(&record, &s.token).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body[0]["inviteStatus"], "Invited", "{body}");
    })
    .await;
}
