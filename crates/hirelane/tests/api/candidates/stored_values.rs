//! A stored value no enum variant has (a corrupt row, or one a newer version wrote) fails the
//! request that reads it with a 500, instead of reading as some other state.

use reqwest::Method;

use super::{analysed, create_job, fixture, upload};
use crate::helpers::{TestApp, on_each_db};

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
