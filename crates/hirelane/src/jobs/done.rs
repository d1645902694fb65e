//! The success answer JD operations share.

use serde::Serialize;
use utoipa::ToSchema;

use crate::http::Json;

/// A success answer with the text the page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Done {
    pub success: bool,
    pub message: String,
}

impl Done {
    pub(super) fn new(message: &str) -> Json<Done> {
        Json(Done {
            success: true,
            message: message.to_owned(),
        })
    }
}
