//! The candidate's own page (status, withdrawal, their data, erasure request), reached by a
//! secret link that every e-mail to the candidate carries. The secret is made the first time
//! it is needed and stays while the candidate row does.

use hirelane_core::keys::random_token;

use crate::error::Result;
use crate::state::AppState;
use crate::with_db;

/// The candidate's page, its secret made if they have none yet.
pub async fn application_link(state: &AppState, candidate_id: i64) -> Result<String> {
    let fresh = random_token(16);
    // Two callers racing both keep the first secret written.
    let token: String = with_db!(&state.db, |pool| {
        sqlx::query_scalar(
            "UPDATE candidates SET portal_token = COALESCE(portal_token, $2) WHERE id = $1
             RETURNING portal_token",
        )
        .bind(candidate_id)
        .bind(&fresh)
        .fetch_one(pool)
        .await
    })?;
    Ok(format!(
        "{}/application/{token}",
        state.settings.public_url()
    ))
}
