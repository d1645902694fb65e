//! Resume intake: how a file becomes a candidate queued for analysis. An upload ([`upload`],
//! several files in one multipart request) or an application from the careers pages streams
//! each file through [`checks`] (its name, its kind by content, the size cap); [`accept`] then
//! reads it in a limited child process ([`extraction`]), stores the file and records the
//! candidate, queued for the analysis workers. The CSV import and the demo loader share these
//! steps.

pub mod accept;
pub mod checks;
pub mod extraction;
pub(super) mod upload;
