//! Two instances share one outbox: every event is delivered once, and a delivery an instance
//! was killed in the middle of is sent by the other once its claim runs out.

use std::collections::HashMap;

use jiff::SignedDuration;

use super::receiver::{Answer, Receiver};
use super::{deliver_all, local_receivers, subscribe};
use crate::helpers::{TestApp, backends};
use crate::interviews::support::{create_job, import};

#[tokio::test]
async fn two_instances_deliver_each_event_once_and_survive_one_killed() {
    for backend in backends() {
        let (app, teardown) = TestApp::spawn_with(&backend, &local_receivers).await;
        let (other, stop, server) = app.sibling(&teardown).await;
        let token = app.token().await;
        let receiver = Receiver::start().await;
        subscribe(&app, &token, &receiver.url, &["candidate.uploaded"], false).await;
        let jd = create_job(&app, &token, "2026-04-30").await;

        // The other instance is killed in the middle of a delivery: its claim holds the row
        // until it runs out, then this instance sends it.
        import(&app, &token, jd, &[("Ana Lima", "ana@example.com")]).await;
        receiver.script(&[Answer::Endless]);
        let doomed = tokio::spawn({
            let state = other.state.clone();
            async move { hirelane::webhooks::deliver_due(&state).await }
        });
        receiver.wait_for(1).await;
        doomed.abort();
        assert_eq!(
            deliver_all(&app).await,
            0,
            "still claimed by the killed instance"
        );
        app.advance(SignedDuration::from_secs(63));
        assert_eq!(deliver_all(&app).await, 1);
        let got = receiver.got();
        assert_eq!((got.len(), &got[0].id), (2, &got[1].id), "at least once");

        // Both instances race over many events: each goes out exactly once.
        let rows: Vec<(String, String)> = (0..40)
            .map(|n| (format!("Person {n}"), format!("p{n}@example.com")))
            .collect();
        let rows: Vec<(&str, &str)> = rows.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        import(&app, &token, jd, &rows).await;
        loop {
            let (a, b) = tokio::join!(
                hirelane::webhooks::deliver_due(&app.state),
                hirelane::webhooks::deliver_due(&other.state)
            );
            if a.expect("one instance") + b.expect("the other") == 0 {
                break;
            }
        }
        let mut per_event: HashMap<String, usize> = HashMap::new();
        for received in &receiver.got()[2..] {
            *per_event.entry(received.id.clone()).or_default() += 1;
        }
        assert_eq!(per_event.len(), 40, "{}", app.backend);
        assert!(per_event.values().all(|n| *n == 1), "{per_event:?}");
        let _ = stop.send(());
        let _ = server.await;
        teardown.run().await;
    }
}
