//! Black-box tests: a real simulator on port 0, driven over HTTP with a manual clock.

// A failed unwrap in a test is a failed assertion with a line number; that is all we want.
#![allow(clippy::unwrap_used)]

mod assistants;
mod calls;
mod helpers;
mod restart;
mod webhooks;
