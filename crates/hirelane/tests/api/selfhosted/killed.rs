//! `kill -9` of the real server binary while its speech sidecar runs (issue 29 §6): the sidecar
//! must not live on as an orphan holding the models, its socket must go, and the next start on
//! the same data directory must be clean, with exactly one sidecar that readiness reaches.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// A `hirelane serve` of the built binary on `data`, with the self-hosted interviewer.
struct Server {
    child: Child,
    ops: String,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

impl Server {
    fn start(data: &Path) -> Server {
        let ops = format!("127.0.0.1:{}", free_port());
        let child = Command::new(env!("CARGO_BIN_EXE_hirelane"))
            .arg("serve")
            .env("HIRELANE__DATA_DIR", data)
            .env("HIRELANE__SERVER__PORT", free_port().to_string())
            .env("HIRELANE__SERVER__OPS_ADDRESS", &ops)
            .env("HIRELANE__VOICE__PROVIDER", "selfhosted")
            .env("HIRELANE__WEB__DIST_DIR", data.join("no-web"))
            .env("HIRELANE__LOG__LEVEL", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .expect("hirelane serve");
        Server { child, ops }
    }

    /// Waits until `/readyz` answers 200 with the speech sidecar `ok` (loading the models takes
    /// a while on a busy machine).
    async fn ready(&mut self) -> Value {
        let client = reqwest::Client::new();
        let url = format!("http://{}/readyz", self.ops);
        let mut last = String::new();
        for _ in 0..1_200 {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("the server stopped while starting: {status}");
            }
            if let Ok(response) = client.get(&url).send().await {
                let status = response.status();
                let body: Value = response.json().await.unwrap_or_default();
                if status == 200 && body["speech"] == "ok" {
                    return body;
                }
                last = format!("{status} {body}");
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        panic!("not ready: {last}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `pid` runs (a zombie left for a reaper holds nothing, so it counts as gone).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            stat.rsplit_once(") ")
                .map(|(_, rest)| !rest.starts_with('Z'))
        })
        .unwrap_or(false)
}

/// The sidecars started for `data` (any parent): their pids.
fn sidecars_of(data: &Path) -> Vec<u32> {
    let script = data.join("speech").join("sidecar.py");
    let script = script.to_string_lossy().into_owned();
    std::fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|cmdline| {
                cmdline
                    .split(|b| *b == 0)
                    .any(|arg| arg == script.as_bytes())
            })
        })
        .filter(|&pid| alive(pid))
        .collect()
}

fn sockets_in(data: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(data.join("speech"))
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "sock"))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn a_killed_server_leaves_no_sidecar_and_the_next_start_is_clean() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path();
    let mut first = Server::start(data);
    first.ready().await;
    let sidecars = sidecars_of(data);
    assert_eq!(sidecars.len(), 1, "one sidecar: {sidecars:?}");
    let sidecar = sidecars[0];
    let socket = data
        .join("speech")
        .join(format!("sidecar-{}.sock", first.child.id()));
    assert!(socket.exists(), "{socket:?}");

    // SIGKILL: the server has no chance to stop its sidecar.
    first.child.kill().expect("SIGKILL");
    first.child.wait().expect("reaped");
    let mut waited = 0;
    while alive(sidecar) && waited < 600 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 1;
    }
    assert!(!alive(sidecar), "the sidecar outlived its server");
    assert!(!socket.exists(), "its socket is left: {socket:?}");

    // The next start on the same data directory: ready, with exactly one sidecar, its own.
    let mut second = Server::start(data);
    let ready = second.ready().await;
    assert_eq!(ready["status"], "ready", "{ready}");
    let sidecars = sidecars_of(data);
    assert_eq!(sidecars.len(), 1, "exactly one sidecar: {sidecars:?}");
    assert_ne!(sidecars[0], sidecar);
    assert_eq!(
        sockets_in(data),
        [data
            .join("speech")
            .join(format!("sidecar-{}.sock", second.child.id()))],
    );
}
