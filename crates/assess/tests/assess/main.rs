//! Black-box tests of the `assess` crate and its CLI, compiled as one binary.

// Helpers outside #[test] functions unwrap too: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod cli;
mod counterfactual;
mod eval;
mod grading;

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// Runs `hirelane-assess` with `args` and `stdin`, expects success, and reads its JSON lines.
fn run<S: AsRef<OsStr>>(args: &[S], stdin: &str) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hirelane-assess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}
