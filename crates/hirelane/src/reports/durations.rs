//! How long things take: days in each stage, time to hire and time to the first interview,
//! each as a median and a 90th percentile. The database counts the durations by whole hour
//! (a few thousand rows however many candidates there are); the percentiles are read off those
//! counts here (nearest rank: the smallest duration at least p % of the stays do not exceed).

use serde::Serialize;
use utoipa::ToSchema;

use super::period::Period;
use crate::error::Result;
use crate::fetch_as;
use crate::pipeline::funnel::{Cohort, progress};
use crate::pipeline::stages::Stage;
use crate::store::Db;

const HOUR_MS: i64 = 3_600_000;

/// A duration's median and 90th percentile over `count` candidates or stays.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Spread {
    pub count: i64,
    /// Days, to one decimal (measured in whole hours); null when `count` is 0.
    pub median_days: Option<f64>,
    pub p90_days: Option<f64>,
}

/// Days candidates spent in one stage before they left it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StageDays {
    pub stage: Stage,
    pub label: String,
    /// Stays that ended (the candidate moved on, back, or out) and their spread.
    #[serde(flatten)]
    pub spread: Spread,
}

/// The three duration reports of a period.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Durations {
    /// New to Offer (Hired has no end); a stay counts once it ended.
    pub stage_days: Vec<StageDays>,
    /// From being added to entering Hired, over the hired.
    pub time_to_hire: Spread,
    /// From being added to completing the AI interview, over the interviewed.
    pub time_to_first_interview: Spread,
}

/// Durations in whole hours and how many stays or candidates took each.
type Histogram = Vec<(i64, i64)>;

/// The spread of a histogram (`(hours, count)` in any order).
pub fn spread(mut histogram: Histogram) -> Spread {
    histogram.retain(|(_, n)| *n > 0);
    histogram.sort_unstable();
    let count: i64 = histogram.iter().map(|(_, n)| n).sum();
    let percentile = |p: i64| {
        // Nearest rank: the ceil(p% of count)-th smallest duration.
        let rank = ((count * p + 99) / 100).max(1);
        let mut seen = 0;
        histogram.iter().find_map(|(hours, n)| {
            seen += n;
            (seen >= rank).then(|| (*hours as f64 / 24.0 * 10.0).round() / 10.0)
        })
    };
    Spread {
        count,
        median_days: percentile(50),
        p90_days: percentile(90),
    }
}

#[derive(sqlx::FromRow)]
struct StageHours {
    stage: String,
    hours: i64,
    stays: i64,
}

/// The period's three duration reports over the candidates it counts.
pub async fn durations(db: &Db, period: &Period) -> Result<Durations> {
    let cohort = period.cohort();
    let (stage_days, hires, interviews) = tokio::try_join!(
        stage_days(db, cohort),
        time_to_hire(db, cohort),
        time_to_first_interview(db, cohort)
    )?;
    Ok(Durations {
        stage_days,
        time_to_hire: spread(hires),
        time_to_first_interview: spread(interviews),
    })
}

async fn stage_days(db: &Db, cohort: Cohort) -> Result<Vec<StageDays>> {
    // Each entry ends the stay before it: the previous entry's, or New's from being added (New
    // has no entry). One ordered read of the entries, no sort (stage_entries_candidate's order).
    let sql = format!(
        "SELECT stage, hours, COUNT(*) AS stays FROM (
            SELECT COALESCE(LAG(s.stage) OVER w, 'new') AS stage,
                (s.entered_at - COALESCE(LAG(s.entered_at) OVER w, c.created_on)) / {HOUR_MS}
                    AS hours
              FROM stage_entries s JOIN candidates c ON c.id = s.candidate_id
              JOIN jobs j ON j.id = c.job_id
             WHERE {filter}
            WINDOW w AS (PARTITION BY s.candidate_id ORDER BY s.entered_at, s.id)
         ) stays GROUP BY stage, hours",
        filter = Cohort::WHERE
    );
    let rows: Vec<StageHours> = fetch_as!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(sql.as_str()),
        (cohort.from, cohort.until, cohort.job_id)
    )?;
    Ok(progress()
        .into_iter()
        .filter(|stage| *stage != Stage::Hired)
        .map(|stage| StageDays {
            stage,
            label: stage.label().to_owned(),
            spread: spread(
                rows.iter()
                    .filter(|row| row.stage == stage.as_str())
                    .map(|row| (row.hours, row.stays))
                    .collect(),
            ),
        })
        .collect())
}

async fn time_to_hire(db: &Db, cohort: Cohort) -> Result<Histogram> {
    // The first time each candidate entered Hired (an undo and a second hire count once).
    let sql = format!(
        "SELECT hours, COUNT(*) FROM (
            SELECT (MIN(s.entered_at) - c.created_on) / {HOUR_MS} AS hours
              FROM stage_entries s JOIN candidates c ON c.id = s.candidate_id
              JOIN jobs j ON j.id = c.job_id
             WHERE s.stage = 'hired' AND {filter}
             GROUP BY c.id, c.created_on
         ) hires GROUP BY hours",
        filter = Cohort::WHERE
    );
    Ok(fetch_as!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(sql.as_str()),
        (cohort.from, cohort.until, cohort.job_id)
    )?)
}

async fn time_to_first_interview(db: &Db, cohort: Cohort) -> Result<Histogram> {
    // A candidate has one invite, so its completion is their first interview.
    let sql = format!(
        "SELECT (i.completed_at - c.created_on) / {HOUR_MS} AS hours, COUNT(*)
           FROM interview_invites i JOIN candidates c ON c.id = i.candidate_id
           JOIN jobs j ON j.id = c.job_id
          WHERE i.completed_at IS NOT NULL AND {filter}
          GROUP BY (i.completed_at - c.created_on) / {HOUR_MS}",
        filter = Cohort::WHERE
    );
    Ok(fetch_as!(
        db,
        fetch_all,
        sqlx::AssertSqlSafe(sql.as_str()),
        (cohort.from, cohort.until, cohort.job_id)
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank_over_hours() {
        // 10 stays: 24 h ×4, 48 h ×5, 240 h ×1. Median: the 5th smallest, 48 h = 2.0 days;
        // p90: the 9th, 48 h = 2.0 days.
        assert_eq!(
            spread(vec![(48, 5), (24, 4), (240, 1)]),
            Spread {
                count: 10,
                median_days: Some(2.0),
                p90_days: Some(2.0)
            }
        );
        // 3 stays of 1, 2 and 30 hours: median the 2nd (0.1 days), p90 the 3rd (1.25 → 1.3).
        let three = spread(vec![(1, 1), (2, 1), (30, 1)]);
        assert_eq!((three.median_days, three.p90_days), (Some(0.1), Some(1.3)));
        assert_eq!(spread(Vec::new()), Spread::default());
    }
}
