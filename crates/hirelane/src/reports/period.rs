//! What a report counts: the days (in the organisation's time zone) and the JD, read from the
//! query and held to the limits that keep a report's work bounded.

use jiff::ToSpan;
use jiff::civil::{Date, date};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::{Error, ErrorCode, Result};
use crate::http::day_param;
use crate::jobs::ids::JdId;
use crate::jobs::lookup::active_job_id;
use crate::pipeline::funnel::Cohort;
use crate::state::AppState;

/// The longest period a report covers, in days (both ends counted).
pub const MAX_DAYS: i32 = 731;
/// The first day a report may start on.
pub const EARLIEST: Date = date(2000, 1, 1);
/// Days a report covers when `from` is left out (ending on `to`).
pub const DEFAULT_DAYS: i32 = 90;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PeriodParams {
    /// First day counted (YYYY-MM-DD, the organisation's time zone; 2000-01-01 or later);
    /// default: 89 days before `to`.
    #[serde(default)]
    #[param(format = Date)]
    pub from: Option<String>,
    /// Last day counted, inclusive; default: today. At most 731 days after `from`.
    #[serde(default)]
    #[param(format = Date)]
    pub to: Option<String>,
    /// One JD's integer id or folder id; default: every JD outside the bin.
    #[serde(default)]
    #[param(inline)]
    pub jd_id: Option<JdId>,
}

/// A report's period and JD, checked.
#[derive(Debug, Clone, Copy)]
pub struct Period {
    pub from: Date,
    pub to: Date,
    pub job_id: Option<i64>,
    /// Midnight starting `from` and midnight ending `to` (unix ms).
    pub from_ms: i64,
    pub until_ms: i64,
}

impl Period {
    /// The period the query asks for, or `400 validation` naming the bounds it breaks.
    pub async fn read(state: &AppState, params: &PeriodParams) -> Result<Period> {
        let to = day_param("to", params.to.as_deref())?.unwrap_or_else(|| state.today());
        let from = match day_param("from", params.from.as_deref())? {
            Some(from) => from,
            None => to.saturating_sub((DEFAULT_DAYS - 1).days()),
        };
        check(from, to)?;
        let job_id = match &params.jd_id {
            None => None,
            Some(raw) => Some(active_job_id(state, &raw.0).await?),
        };
        let until = to
            .tomorrow()
            .map_err(|_| out_of_range("to must be a real day."))?;
        Ok(Period {
            from,
            to,
            job_id,
            from_ms: state.start_of(from)?.as_millisecond(),
            until_ms: state.start_of(until)?.as_millisecond(),
        })
    }

    /// The candidates added in the period (of the JD).
    pub fn cohort(&self) -> Cohort {
        Cohort {
            from: Some(self.from_ms),
            until: Some(self.until_ms),
            job_id: self.job_id,
        }
    }
}

/// Whether `from`..=`to` is within the limits, else the error naming them.
pub fn check(from: Date, to: Date) -> Result<()> {
    if from < EARLIEST {
        return Err(out_of_range(&format!(
            "from must be {EARLIEST} or later (it was {from})."
        )));
    }
    if to < from {
        return Err(out_of_range(&format!(
            "to ({to}) must not be before from ({from})."
        )));
    }
    let days = i64::from((to - from).get_days()) + 1;
    if days > i64::from(MAX_DAYS) {
        return Err(out_of_range(&format!(
            "A report covers at most {MAX_DAYS} days; {from} to {to} is {days} days."
        )));
    }
    Ok(())
}

fn out_of_range(message: &str) -> Error {
    Error::bad_request(ErrorCode::Validation, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_is_held_to_its_bounds() {
        assert!(check(date(2026, 1, 1), date(2026, 1, 1)).is_ok());
        assert!(
            check(date(2024, 1, 1), date(2025, 12, 31)).is_ok(),
            "731 days"
        );
        let too_long = check(date(2024, 1, 1), date(2026, 1, 1)).expect_err("732 days");
        assert!(
            too_long.to_string().contains("at most 731 days"),
            "{too_long}"
        );
        assert!(check(date(1999, 12, 31), date(2000, 1, 1)).is_err());
        assert!(check(date(2026, 2, 1), date(2026, 1, 1)).is_err());
    }
}
