//! The demo loads through the real pipeline and refuses a database that holds data.

use std::path::PathBuf;

use reqwest::Method;

use crate::helpers::{TestApp, on_each_db};

#[tokio::test]
async fn demo_loads_analysed_and_refuses_a_second_time() {
    on_each_db(|app: TestApp| async move {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../demo");
        let loaded = hirelane::demo::load(&app.state, &dir, false)
            .await
            .expect("demo loads");
        assert_eq!((loaded.jobs, loaded.resumes), (3, 30));
        let token = app.token().await;
        let (_, all) = app
            .call(Method::GET, "/api/Drive/GetAllCandidates", &token, None)
            .await;
        let all = all.as_array().cloned().unwrap_or_default();
        assert_eq!(all.len(), 30);
        assert!(
            all.iter().all(|c| c["analysisStatus"] == "done"),
            "all analysed"
        );
        let passes = all.iter().filter(|c| c["recommendation"] == "Pass").count();
        assert!(
            (6..=18).contains(&passes),
            "a varied demo: {passes} of 30 pass"
        );
        let err = hirelane::demo::load(&app.state, &dir, false)
            .await
            .expect_err("not twice");
        assert!(err.to_string().contains("--force"));
    })
    .await;
}
