//! `job.published` and `job.closed`: queued with the change of a job's public page (publishing,
//! unpublishing, the bin), carrying the job as the API returns it, and never for a failed save.

use reqwest::Method;
use serde_json::Value;

use super::receiver::{Receiver, verify};
use super::{deliver_all, local_receivers, log, subscribe};
use crate::careers::{create_job, publish, published_job};
use crate::helpers::{TestApp, on_each_db_configured};

const JOB_EVENTS: [&str; 2] = ["job.published", "job.closed"];

/// Sends what is due and answers the one new delivery's body, checked against `secret`.
async fn next_delivery(app: &TestApp, receiver: &Receiver, secret: &str) -> Value {
    let before = receiver.got().len();
    assert_eq!(deliver_all(app).await, 1, "one event");
    let got = receiver.got();
    assert_eq!(got.len(), before + 1);
    let last = &got[before];
    assert!(verify(secret, last), "the documented check accepts it");
    last.json()
}

#[tokio::test]
async fn a_job_page_publishing_and_closing_is_delivered_with_the_job() {
    on_each_db_configured(local_receivers, |app: TestApp| async move {
        let token = app.token().await;
        let receiver = Receiver::start().await;
        let (endpoint, secret) = subscribe(&app, &token, &receiver.url, &JOB_EVENTS, false).await;

        let jd = published_job(&app, &token).await;
        let body = next_delivery(&app, &receiver, &secret).await;
        assert_eq!(body["type"], "job.published");
        assert_eq!(body["data"]["jobId"], jd);
        assert_eq!(body["data"]["detail"]["reason"], "published");
        assert_eq!(body["data"]["detail"]["slug"], "backend-engineer");
        let url = body["data"]["detail"]["url"].as_str().unwrap_or_default();
        assert!(url.ends_with("/careers/backend-engineer"), "{body}");
        let path = format!("/api/Drive/GetJDByID?jdId={jd}");
        let (status, job) = app.get_with_token(&path, &token).await;
        assert_eq!(status, 200, "{job}");
        assert_eq!(body["data"]["job"], job, "the job as the API returns it");

        // Saving a published page again publishes nothing new.
        assert_eq!(publish(&app, &token, jd, true).await.0, 200);
        assert_eq!(deliver_all(&app).await, 0);

        assert_eq!(publish(&app, &token, jd, false).await.0, 200);
        let body = next_delivery(&app, &receiver, &secret).await;
        assert_eq!(body["type"], "job.closed");
        assert_eq!(body["data"]["detail"]["reason"], "unpublished");
        assert_eq!(body["data"]["job"]["jobDescId"], jd);

        // The bin closes a published page; restoring it opens it again.
        assert_eq!(publish(&app, &token, jd, true).await.0, 200);
        let body = next_delivery(&app, &receiver, &secret).await;
        assert_eq!(body["type"], "job.published");
        let bin = format!("/api/Drive/DeleteJD?id={jd}");
        let (status, answer) = app.call(Method::DELETE, &bin, &token, None).await;
        assert_eq!(status, 200, "{answer}");
        let body = next_delivery(&app, &receiver, &secret).await;
        assert_eq!(body["type"], "job.closed");
        assert_eq!(body["data"]["detail"]["reason"], "deleted");
        assert_eq!(
            body["data"]["job"]["jdname"], "Backend Engineer",
            "still sent from the bin"
        );
        let restore = format!("/api/Drive/RestoreJD?id={jd}");
        let (status, answer) = app.call(Method::POST, &restore, &token, None).await;
        assert_eq!(status, 200, "{answer}");
        let body = next_delivery(&app, &receiver, &secret).await;
        assert_eq!(body["type"], "job.published");
        assert_eq!(body["data"]["detail"]["reason"], "restored");

        let types: Vec<Value> = log(&app, &token, endpoint)
            .await
            .iter()
            .map(|entry| entry["eventType"].clone())
            .collect();
        let newest_first = [
            "job.published",
            "job.closed",
            "job.published",
            "job.closed",
            "job.published",
        ];
        assert_eq!(types, newest_first.map(Value::from));
    })
    .await;
}

#[tokio::test]
async fn a_failed_save_or_an_unpublished_jd_in_the_bin_queues_nothing() {
    on_each_db_configured(local_receivers, |app: TestApp| async move {
        let token = app.token().await;
        let receiver = Receiver::start().await;
        let (endpoint, _) = subscribe(&app, &token, &receiver.url, &JOB_EVENTS, false).await;
        published_job(&app, &token).await;
        assert_eq!(deliver_all(&app).await, 1);

        // The database refuses the second page at the same address: the save rolls back whole.
        let other = create_job(&app, &token, "Platform Engineer", true).await;
        let taken = serde_json::json!({
            "jobDescId": other, "published": true, "slug": "backend-engineer",
            "location": "Pune", "country": "IN",
        });
        let (status, answer) = app
            .call(Method::PUT, "/api/Careers/Posting", &token, Some(&taken))
            .await;
        assert_eq!((status, answer["code"].as_str()), (409, Some("slug_taken")));
        let path = format!("/api/Careers/Posting?jdId={other}");
        let (_, posting) = app.call(Method::GET, &path, &token, None).await;
        assert_eq!(posting["published"], false, "{posting}");

        // A JD whose page was never published closes nothing when it goes to the bin.
        let bin = format!("/api/Drive/DeleteJD?id={other}");
        assert_eq!(app.call(Method::DELETE, &bin, &token, None).await.0, 200);
        assert_eq!(publish(&app, &token, other, true).await.0, 404, "binned");

        assert_eq!(deliver_all(&app).await, 0);
        assert_eq!(log(&app, &token, endpoint).await.len(), 1);
        assert_eq!(receiver.got().len(), 1);
    })
    .await;
}
