//! The hiring reports as CSV: one table per report, the numbers as the JSON answer has them
//! (rates 0-1 with four decimals, days with one).

use super::hiring::{HiringReport, ReportKind};
use crate::candidates::status::Source;
use crate::pipeline::funnel::FunnelCounts;

/// One report of `report` as CSV text (a header line, then rows).
pub fn csv(report: &HiringReport, kind: ReportKind) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    match kind {
        ReportKind::Funnel => {
            rows.push(cells(&[
                "jd_id",
                "jd_name",
                "stage",
                "reached",
                "skipped",
                "current",
                "finished_reached",
                "pass_through",
                "conversion",
            ]));
            funnel_rows(&mut rows, "", "Total", &report.overall);
            for job in &report.jobs {
                funnel_rows(&mut rows, &job.jdid, &job.jdname, &job.counts);
            }
        }
        ReportKind::Stages => {
            rows.push(cells(&["stage", "stays", "median_days", "p90_days"]));
            for stage in &report.durations.stage_days {
                rows.push(vec![
                    stage.stage.as_str().to_owned(),
                    stage.spread.count.to_string(),
                    days(stage.spread.median_days),
                    days(stage.spread.p90_days),
                ]);
            }
        }
        ReportKind::Times => {
            rows.push(cells(&["measure", "candidates", "median_days", "p90_days"]));
            let times = [
                ("time_to_hire", &report.durations.time_to_hire),
                (
                    "time_to_first_interview",
                    &report.durations.time_to_first_interview,
                ),
            ];
            for (measure, spread) in times {
                rows.push(vec![
                    measure.to_owned(),
                    spread.count.to_string(),
                    days(spread.median_days),
                    days(spread.p90_days),
                ]);
            }
        }
        ReportKind::Sources => {
            rows.push(cells(&[
                "source",
                "candidates",
                "analysed",
                "passed",
                "pass_rate",
                "interviewed",
                "hired",
            ]));
            for source in &report.sources {
                rows.push(vec![
                    source_name(source.source).to_owned(),
                    source.candidates.to_string(),
                    source.analysed.to_string(),
                    source.passed.to_string(),
                    rate(source.pass_rate),
                    source.interviewed.to_string(),
                    source.hired.to_string(),
                ]);
            }
        }
        ReportKind::Interviews => {
            let i = &report.interviews;
            rows.push(cells(&[
                "invites_sent",
                "completed",
                "completion_rate",
                "due",
                "no_shows",
                "no_show_rate",
            ]));
            rows.push(vec![
                i.invites_sent.to_string(),
                i.completed.to_string(),
                rate(i.completion_rate),
                i.due.to_string(),
                i.no_shows.to_string(),
                rate(i.no_show_rate),
            ]);
        }
        ReportKind::Recruiters => {
            rows.push(cells(&["recruiter", "scorecards", "decisions"]));
            for person in &report.recruiters {
                rows.push(vec![
                    person.name.clone(),
                    person.scorecards.to_string(),
                    person.decisions.to_string(),
                ]);
            }
        }
    }
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row.iter().map(|cell| field(cell)).collect();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
}

fn funnel_rows(rows: &mut Vec<Vec<String>>, jdid: &str, name: &str, counts: &FunnelCounts) {
    for step in &counts.steps {
        rows.push(vec![
            jdid.to_owned(),
            name.to_owned(),
            step.stage.as_str().to_owned(),
            step.reached.to_string(),
            step.skipped.to_string(),
            step.current.to_string(),
            step.finished_reached.to_string(),
            rate(step.pass_through),
            rate(step.conversion),
        ]);
    }
}

/// A source as the API names it (its stored text says `resume` for an upload).
fn source_name(source: Source) -> &'static str {
    match source {
        Source::Applied => "applied",
        Source::Uploaded => "uploaded",
        Source::Csv => "csv",
    }
}

fn cells(names: &[&str]) -> Vec<String> {
    names.iter().map(|name| (*name).to_owned()).collect()
}

fn rate(value: Option<f64>) -> String {
    value.map(|v| format!("{v:.4}")).unwrap_or_default()
}

fn days(value: Option<f64>) -> String {
    value.map(|v| format!("{v:.1}")).unwrap_or_default()
}

/// A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text a
/// spreadsheet would run as a formula (a JD or recruiter name starting with `=`, `+`, `-`,
/// `@`) gets a leading apostrophe, so opening the export never runs anything.
fn field(text: &str) -> String {
    let safe = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if safe.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", safe.replace('"', "\"\""))
    } else {
        safe
    }
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn fields_are_quoted_and_formulas_defused() {
        assert_eq!(field("Rust"), "Rust");
        assert_eq!(field("Go, Rust"), "\"Go, Rust\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(field("12"), "12");
    }
}
