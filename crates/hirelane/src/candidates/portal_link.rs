//! The candidate's own page (status, withdrawal, their data, erasure request), reached by a
//! secret link that every e-mail to the candidate carries. The secret is made the first time
//! it is needed and stays while the candidate row does.

use hirelane_core::keys::random_token;

use crate::error::Result;
use crate::fetch_scalar;
use crate::state::AppState;

/// The candidate's page, its secret made if they have none yet.
pub async fn application_link(state: &AppState, candidate_id: i64) -> Result<String> {
    let fresh = random_token(16);
    // Two callers racing both keep the first secret written.
    let token: String = fetch_scalar!(
        &state.db,
        fetch_one,
        "UPDATE candidates SET portal_token = COALESCE(portal_token, $2) WHERE id = $1
         RETURNING portal_token",
        (candidate_id, &fresh)
    )?;
    Ok(format!(
        "{}/application/{token}",
        state.settings.public_url()
    ))
}
