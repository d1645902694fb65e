//! The built-in recruiter of the quick start, and the refusal to run production with it.
//!
//! On the embedded default (a SQLite file in the data directory, e-mail to the local outbox) a
//! newcomer signs in as `admin@example.com` at once. Anywhere else that account's codes go to a
//! mailbox nobody reads, so an attacker could guess them unnoticed: production databases get
//! their recruiters from `hirelane user add`, and a server whose only recruiter is the built-in
//! one refuses to start.

use jiff::Timestamp;

use super::recruiters::{self, Role};
use crate::error::{Error, Result};
use crate::store::Db;

/// The quick start's recruiter.
pub const BUILT_IN: (&str, &str) = ("admin@example.com", "Admin User");

/// What a start found.
#[derive(Debug, PartialEq, Eq)]
pub enum FirstRun {
    /// Recruiters are registered (on the embedded default, possibly just now the built-in one).
    Ready,
    /// A configured database without recruiters: nobody can sign in until one is added.
    NoRecruiters,
    /// A configured database whose only recruiter is the built-in one: refuse to serve.
    OnlyBuiltIn,
}

/// Registers the built-in recruiter on an empty embedded database, and tells a configured
/// database's state apart.
pub async fn prepare(db: &Db, embedded: bool, now: Timestamp) -> Result<FirstRun> {
    let registered = recruiters::list(db).await?;
    if embedded {
        if registered.is_empty() {
            let (email, name) = BUILT_IN;
            match recruiters::add(db, email, name, Role::Admin, now).await {
                Ok(_) => tracing::info!(email, "registered the first recruiter"),
                // Several instances starting together on an empty database: another one won.
                Err(Error::Conflict { .. }) => {}
                Err(err) => return Err(err),
            }
        }
        return Ok(FirstRun::Ready);
    }
    Ok(match registered.as_slice() {
        [] => FirstRun::NoRecruiters,
        [only] if only.email == BUILT_IN.0 => FirstRun::OnlyBuiltIn,
        _ => FirstRun::Ready,
    })
}
