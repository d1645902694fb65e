//! What every handler and background task can reach: the bottom layer of the server. Domains
//! import this module; it holds kernel types and domain-agnostic handles only (a wake-up per
//! queue, the voice provider behind a kernel trait), never a domain's type.

use std::sync::Arc;

use hirelane_core::clock::SharedClock;
use hirelane_core::keys::Keys;
use hirelane_core::order::OrderCache;
use hirelane_core::voice::VoiceHandle;
use hirelane_core::wakeup::Wakeup;

use crate::config::Settings;
use crate::error::{Error, ErrorCode};
use crate::mail::Mailer;
use crate::metrics::{HttpMetrics, WorkerCounts};
use crate::store::Db;
use crate::store::files::FileStore;
use crate::token_scopes::TokenScopes;

/// What every handler can reach.
#[derive(Clone, Debug)]
pub struct AppState {
    pub db: Db,
    pub clock: SharedClock,
    pub keys: Arc<Keys>,
    pub mailer: Mailer,
    pub settings: Arc<Settings>,
    pub time_zone: jiff::tz::TimeZone,
    pub files: FileStore,
    /// Wakes the resume analysis workers when new work is committed.
    pub analysis: Wakeup,
    /// This instance's finished analyses, for `/metrics`.
    pub analysis_counts: WorkerCounts,
    /// Wakes the autopilot when an applicant became due for an invite.
    pub autopilot: Wakeup,
    /// The unfiltered candidate lists' order, kept between requests.
    pub lists: OrderCache,
    /// The voice provider; the voice domain reaches its own type with `voice::client::of`.
    pub voice: Arc<dyn VoiceHandle>,
    /// This instance's request counts and latencies.
    pub http_metrics: Arc<HttpMetrics>,
    /// The scope each operation asks of an API token, as the OpenAPI document states it.
    pub token_scopes: Arc<TokenScopes>,
}

impl AppState {
    /// Today's date in the organisation's time zone.
    pub fn today(&self) -> jiff::civil::Date {
        self.clock.now().to_zoned(self.time_zone.clone()).date()
    }

    /// Midnight of `day` in the organisation's time zone (`400 validation` for a day the
    /// zone cannot place, e.g. year 9999's last).
    pub fn start_of(&self, day: jiff::civil::Date) -> Result<jiff::Timestamp, Error> {
        day.to_zoned(self.time_zone.clone())
            .map(|zoned| zoned.timestamp())
            .map_err(|_| Error::bad_request(ErrorCode::Validation, "The date is out of range."))
    }
}
