//! The demo loads through the real pipeline and refuses a database that holds data.

use std::path::PathBuf;

use hirelane::demo::DemoSet;
use reqwest::Method;

use crate::helpers::{TestApp, on_each_db};

#[tokio::test]
async fn demo_loads_analysed_and_refuses_a_second_time() {
    on_each_db(|app: TestApp| async move {
        // The set built into the binary: the command needs no `demo/` folder where it runs.
        let loaded = hirelane::demo::load(&app.state, &DemoSet::built_in(), false)
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
        // The same set read from the folder, refused on a database that holds data.
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../demo");
        let from_folder = DemoSet::from_dir(&dir).expect("the folder reads");
        let err = hirelane::demo::load(&app.state, &from_folder, false)
            .await
            .expect_err("not twice");
        assert!(err.to_string().contains("--force"));
    })
    .await;
}

/// `hirelane demo` in a folder with no `demo/` in it (it used to stop at "reading
/// demo/jobs.json" anywhere but the repository's root).
#[test]
fn the_demo_command_works_from_any_directory() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_hirelane"))
        .arg("demo")
        .current_dir(dir.path())
        .env("HIRELANE__DATA_DIR", dir.path())
        // The default database (SQLite in the data folder), whatever the runner's is.
        .env_remove("HIRELANE__DATABASE__URL")
        .output()
        .expect("hirelane demo");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("loaded the demo: 3 JDs, 30 resumes, all analysed"),
        "{text}"
    );
}
