//! What every handler and background task can reach: the bottom layer of the server. Domains
//! import this module; it imports only the parts it holds, never a domain's routes or rules.

use std::sync::Arc;

use crate::auth::keys::Keys;
use crate::candidates::pages::ListOrder;
use crate::candidates::queue::AnalysisQueue;
use crate::careers::autopilot_due::AutopilotQueue;
use crate::clock::SharedClock;
use crate::config::Settings;
use crate::mail::Mailer;
use crate::metrics::HttpMetrics;
use crate::store::Db;
use crate::store::files::FileStore;
use crate::voice::client::Voice;

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
    pub analysis: AnalysisQueue,
    /// Wakes the autopilot when an applicant became due for an invite.
    pub autopilot: AutopilotQueue,
    /// The unfiltered candidate lists' order, kept between requests.
    pub lists: ListOrder,
    pub voice: Voice,
    /// This instance's request counts and latencies.
    pub http_metrics: Arc<HttpMetrics>,
}

impl AppState {
    /// Today's date in the organisation's time zone.
    pub fn today(&self) -> jiff::civil::Date {
        self.clock.now().to_zoned(self.time_zone.clone()).date()
    }
}
