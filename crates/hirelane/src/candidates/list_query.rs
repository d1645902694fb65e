//! A candidate list's query: its filters, its order and its page, turned into one SQL
//! statement with numbered placeholders that both databases run.

use hirelane_core::stage::Stage;

use super::repo::{CandidateRow, SELECT};
use super::status::Source;
use crate::error::Result;
use crate::interviews::facts::Fact;
use crate::store::Db;
use crate::voice::conclusions::analysis::InterviewStatus;
use crate::with_db;

/// Ordering a list can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    Newest,
    Oldest,
    ScoreHigh,
    ScoreLow,
    Name,
}

impl Sort {
    pub fn parse(raw: &str) -> Sort {
        match raw.to_ascii_lowercase().as_str() {
            "oldest" => Sort::Oldest,
            "score" | "score_desc" | "scoredesc" => Sort::ScoreHigh,
            "score_asc" | "scoreasc" => Sort::ScoreLow,
            "name" => Sort::Name,
            _ => Sort::Newest,
        }
    }

    fn order_by(self) -> &'static str {
        match self {
            Sort::Newest => "c.created_on DESC, c.id DESC",
            Sort::Oldest => "c.created_on ASC, c.id ASC",
            Sort::ScoreHigh => "COALESCE(c.ats_score, -1) DESC, c.id DESC",
            Sort::ScoreLow => "COALESCE(c.ats_score, 101) ASC, c.id ASC",
            Sort::Name => "LOWER(c.candidate_name) ASC, c.id ASC",
        }
    }
}

/// Filters and paging of a candidate list.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub job_id: Option<i64>,
    /// Matched against name, e-mail and phone (digits too).
    pub text: Option<String>,
    /// `Pass` or `Fail`.
    pub recommendation: Option<String>,
    /// Only candidates in this hiring stage.
    pub stage: Option<Stage>,
    /// Only candidates whose interview ended so.
    pub interview_status: Option<InterviewStatus>,
    /// Only candidates who entered this way.
    pub source: Option<Source>,
    /// Only candidates who reached this stage (`Stage::reached_by`, as the funnel counts).
    pub reached: Option<Stage>,
    /// Only candidates whose process is finished (`true`) or still going (`false`).
    pub finished: Option<bool>,
    /// Only candidates for whom this interview fact holds (as the dashboard counts it).
    pub fact: Option<Fact>,
    /// For a due interview or a no-show: the instant (unix ms) a slot must have started before for its join window
    /// to be closed (`facts::closed_before` of now; 0 counts nothing as due).
    pub closed_before: i64,
    /// Only candidates this recruiter wrote a scorecard on, or moved between stages, in
    /// `[acted_from, acted_until)` (unix ms; either end may be open), as the reports count
    /// their activity.
    pub scorecard_by: Option<i64>,
    pub decided_by: Option<i64>,
    pub acted_from: Option<i64>,
    pub acted_until: Option<i64>,
    /// Only candidates added in `[from, until)` (unix ms).
    pub added_from: Option<i64>,
    pub added_until: Option<i64>,
    pub sort: Sort,
}

impl ListQuery {
    /// Whether anything but the JD narrows the list (read off the SQL filter itself, so a new
    /// filter can never be forgotten here).
    pub fn narrows(&self) -> bool {
        let filter = ListFilter::of(self);
        filter.values.len() + filter.fixed > usize::from(self.job_id.is_some())
    }
}

/// A list's `WHERE` clause with numbered placeholders, and the values they take in order.
struct ListFilter {
    sql: String,
    values: Vec<FilterValue>,
    /// Conditions without a value (our own constants, never input).
    fixed: usize,
}

enum FilterValue {
    Int(i64),
    Text(String),
}

/// Binds a [`ListFilter`]'s values onto any query, in order.
macro_rules! bind_filter {
    ($query:expr, $filter:expr) => {{
        let mut query = $query;
        for value in &$filter.values {
            query = match value {
                FilterValue::Int(v) => query.bind(*v),
                FilterValue::Text(v) => query.bind(v.clone()),
            };
        }
        query
    }};
}

impl ListFilter {
    fn of(query: &ListQuery) -> ListFilter {
        let text = query
            .text
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| format!("%{}%", escape_like(&filter_text(t))));
        let recommendation = query
            .recommendation
            .as_deref()
            .map(|r| r.trim().to_lowercase())
            .filter(|r| !r.is_empty());
        // Only the filters in use appear in the SQL, so the planner can walk the
        // (job_id, created_on, id) or (created_on, id) index in page order. The unary `+` keeps
        // SQLite without statistics from starting at the JDs instead and sorting every row.
        let mut filter = ListFilter {
            sql: String::from("+j.deleted_at IS NULL"),
            values: Vec::new(),
            fixed: 0,
        };
        let conditions = [
            (" AND c.job_id = ?", query.job_id.map(FilterValue::Int)),
            (" AND c.search_text LIKE ?", text.map(FilterValue::Text)),
            (
                " AND LOWER(COALESCE(c.recommendation, '')) = ?",
                recommendation.map(FilterValue::Text),
            ),
            (
                " AND c.stage = ?",
                query
                    .stage
                    .map(|s| FilterValue::Text(s.as_str().to_owned())),
            ),
            (
                " AND c.interview_status = ?",
                query
                    .interview_status
                    .map(|s| FilterValue::Text(s.as_str().to_owned())),
            ),
            (
                " AND c.source = ?",
                query
                    .source
                    .map(|s| FilterValue::Text(s.as_str().to_owned())),
            ),
            (
                " AND c.created_on >= ?",
                query.added_from.map(FilterValue::Int),
            ),
            (
                " AND c.created_on < ?",
                query.added_until.map(FilterValue::Int),
            ),
        ];
        for (condition, value) in conditions {
            if let Some(value) = value {
                filter.push(condition, vec![value]);
            }
        }
        let acted = [
            (
                query.scorecard_by,
                "scorecards",
                "recruiter_id",
                "created_at",
            ),
            (
                query.decided_by,
                "stage_entries",
                "by_recruiter",
                "entered_at",
            ),
        ];
        for (by, table, recruiter, at) in acted {
            if let Some(by) = by {
                filter.push_acted(query, by, table, (recruiter, at));
            }
        }
        if let Some(fact) = query.fact.filter(|f| f.timed()) {
            let condition = format!(" AND {}", fact.for_candidate("?"));
            filter.push(&condition, vec![FilterValue::Int(query.closed_before)]);
        }
        let finished = |yes: bool| {
            let sql = Stage::finished_sql("c.stage");
            if yes { sql } else { format!("NOT ({sql})") }
        };
        let untimed = query.fact.filter(|f| !f.timed());
        let fixed = [
            query.reached.map(|s| s.reached_sql("c.furthest_stage")),
            query.finished.map(finished),
            untimed.map(|fact| fact.for_candidate("")),
        ];
        for condition in fixed.into_iter().flatten() {
            filter.sql.push_str(" AND ");
            filter.sql.push_str(&condition);
            filter.fixed += 1;
        }
        filter
    }

    /// Appends `condition`, its `?` numbered in turn for `values`.
    fn push(&mut self, condition: &str, values: Vec<FilterValue>) {
        let mut parts = condition.split('?');
        self.sql.push_str(parts.next().unwrap_or_default());
        for (part, value) in parts.zip(values) {
            self.values.push(value);
            self.sql.push_str(&format!("${}", self.values.len()));
            self.sql.push_str(part);
        }
    }

    /// Candidates recruiter `by` acted on in the query's acted period: a row of theirs in
    /// `table` (the recruiter and time columns named), as the reports count activity.
    fn push_acted(&mut self, query: &ListQuery, by: i64, table: &str, (who, at): (&str, &str)) {
        let mut condition = format!(
            " AND EXISTS (SELECT 1 FROM {table} t WHERE t.candidate_id = c.id AND t.{who} = ?"
        );
        let mut values = vec![FilterValue::Int(by)];
        if let Some(from) = query.acted_from {
            condition.push_str(&format!(" AND t.{at} >= ?"));
            values.push(FilterValue::Int(from));
        }
        if let Some(until) = query.acted_until {
            condition.push_str(&format!(" AND t.{at} < ?"));
            values.push(FilterValue::Int(until));
        }
        condition.push(')');
        self.push(&condition, values);
    }

    /// The number of the next placeholder after the filter's.
    fn next(&self) -> usize {
        self.values.len() + 1
    }
}

/// One page (`(number from 1, size)`) of candidates of JDs outside the bin, and how many match
/// in all.
pub async fn list(
    db: &Db,
    query: &ListQuery,
    page: (i64, i64),
) -> Result<(Vec<CandidateRow>, i64)> {
    let filter = ListFilter::of(query);
    let (limit, offset) = limit_offset(page);
    let select = format!(
        "{SELECT} WHERE {} ORDER BY {} LIMIT ${} OFFSET ${}",
        filter.sql,
        query.sort.order_by(),
        filter.next(),
        filter.next() + 1
    );
    let count = format!(
        "SELECT COUNT(*) FROM candidates c JOIN jobs j ON j.id = c.job_id WHERE {}",
        filter.sql
    );
    let (rows, total) = with_db!(db, |pool| {
        let rows = bind_filter!(
            sqlx::query_as::<_, CandidateRow>(sqlx::AssertSqlSafe(select.as_str())),
            filter
        )
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await?;
        let total = bind_filter!(
            sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count.as_str())),
            filter
        )
        .fetch_one(pool)
        .await?;
        Ok::<_, sqlx::Error>((rows, total))
    })?;
    Ok((rows, total))
}

/// The ids of a whole list in its order: 8 bytes a candidate, for lists written out in chunks.
pub async fn list_ids(db: &Db, query: &ListQuery) -> Result<Vec<i64>> {
    let filter = ListFilter::of(query);
    let select = format!(
        "SELECT c.id FROM candidates c JOIN jobs j ON j.id = c.job_id WHERE {} ORDER BY {}",
        filter.sql,
        query.sort.order_by()
    );
    Ok(with_db!(db, |pool| {
        bind_filter!(
            sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(select.as_str())),
            filter
        )
        .fetch_all(pool)
        .await
    })?)
}

/// `LIMIT` and `OFFSET` of a page; a page past any list (even past what 64 bits count) is
/// simply empty.
fn limit_offset((page, size): (i64, i64)) -> (i64, i64) {
    (size, (page - 1).max(0).saturating_mul(size))
}

/// What a list filter matches: a query that looks like a phone number (digits with spaces,
/// dashes, dots, brackets or a leading +) by its bare digits, anything else lower-cased.
fn filter_text(query: &str) -> String {
    let phone_like = query.chars().any(|c| c.is_ascii_digit())
        && query
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '.' | '(' | ')' | '+'));
    if phone_like {
        query.chars().filter(char::is_ascii_digit).collect()
    } else {
        query.to_lowercase()
    }
}

/// `LIKE` treats `%` and `_` as wildcards; a search for them means the characters.
fn escape_like(text: &str) -> String {
    text.replace(['%', '_'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phone_like_filters_match_by_digits() {
        assert_eq!(filter_text("+91 98765-43210"), "919876543210");
        assert_eq!(filter_text("(415) 555.0132"), "4155550132");
        assert_eq!(filter_text("Priya 2"), "priya 2");
    }

    #[test]
    fn far_pages_do_not_overflow() {
        assert_eq!(limit_offset((3, 10)), (10, 20));
        assert_eq!(limit_offset((i64::MAX, 100)), (100, i64::MAX));
    }

    #[test]
    fn sorts_parse_leniently() {
        assert_eq!(Sort::parse("SCORE"), Sort::ScoreHigh);
        assert_eq!(Sort::parse("whatever"), Sort::Newest);
    }
}
