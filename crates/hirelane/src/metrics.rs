//! `/metrics` in the Prometheus text exposition format, written by hand: a few counters and
//! one latency histogram do not justify a metrics crate and its dependency tree.
//!
//! Counters live where the work happens (the mailer, the analysis queue, the voice client);
//! this module keeps the per-route HTTP figures and renders everything on a scrape.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;

/// Kept by the part doing the work; the kernel's, so its mail transport counts too.
pub use hirelane_core::counter::Counter;

/// Upper bounds (seconds) of the request-latency buckets: from a cached list to a slow upload.
const BUCKETS: [f64; 11] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// One label set's request latencies.
#[derive(Debug, Default, Clone)]
struct Histogram {
    /// Cumulative per bucket, as Prometheus expects.
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

impl Histogram {
    fn observe(&mut self, seconds: f64) {
        for (bound, slot) in BUCKETS.iter().zip(self.buckets.iter_mut()) {
            if seconds <= *bound {
                *slot += 1;
            }
        }
        self.count += 1;
        self.sum += seconds;
    }
}

/// `(matched route, method, status class)`.
type RouteKey = (String, String, &'static str);

/// Per-route request figures of this instance.
#[derive(Debug, Default)]
pub struct HttpMetrics {
    routes: Mutex<BTreeMap<RouteKey, Histogram>>,
}

impl HttpMetrics {
    fn observe(&self, key: RouteKey, seconds: f64) {
        // A poisoned lock only means another request panicked mid-update; the figures stay usable.
        let mut routes = self.routes.lock().unwrap_or_else(|p| p.into_inner());
        routes.entry(key).or_default().observe(seconds);
    }

    /// Writes the request counts and latency histograms in the exposition format.
    pub fn render(&self, out: &mut String) {
        let routes = self.snapshot();
        out.push_str("# HELP hirelane_http_requests_total HTTP requests by matched route, method and status class.\n");
        out.push_str("# TYPE hirelane_http_requests_total counter\n");
        for ((route, method, class), h) in &routes {
            let _ = writeln!(
                out,
                "hirelane_http_requests_total{{route=\"{}\",method=\"{method}\",status=\"{class}\"}} {}",
                escape(route),
                h.count
            );
        }
        out.push_str("# HELP hirelane_http_request_duration_seconds HTTP request latency by matched route, method and status class.\n");
        out.push_str("# TYPE hirelane_http_request_duration_seconds histogram\n");
        for ((route, method, class), h) in &routes {
            let labels = format!(
                "route=\"{}\",method=\"{method}\",status=\"{class}\"",
                escape(route)
            );
            for (bound, n) in BUCKETS.iter().zip(h.buckets.iter()) {
                let _ = writeln!(
                    out,
                    "hirelane_http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {n}"
                );
            }
            let _ = writeln!(
                out,
                "hirelane_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}",
                h.count
            );
            let _ = writeln!(
                out,
                "hirelane_http_request_duration_seconds_sum{{{labels}}} {}",
                h.sum
            );
            let _ = writeln!(
                out,
                "hirelane_http_request_duration_seconds_count{{{labels}}} {}",
                h.count
            );
        }
    }

    fn snapshot(&self) -> BTreeMap<RouteKey, Histogram> {
        self.routes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

/// A background worker's outcomes on this instance, for `/metrics`.
#[derive(Debug, Default, Clone)]
pub struct WorkerCounts {
    pub done: Counter,
    pub failed: Counter,
    /// Results thrown away because another worker took the lease over meanwhile.
    pub dropped: Counter,
}

/// Middleware: times every request and files it under the route that matched (the route's
/// pattern, never the raw path, so ids do not explode the label space).
pub async fn track(
    State(metrics): State<Arc<HttpMetrics>>,
    request: Request,
    next: Next,
) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned())
        // The single-page app's fallback and unknown paths: one label for all.
        .unwrap_or_else(|| "unmatched".to_owned());
    let method = request.method().as_str().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    let class = match response.status().as_u16() {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    };
    metrics.observe((route, method, class), started.elapsed().as_secs_f64());
    response
}

/// Writes one counter family.
pub fn counter(out: &mut String, name: &str, help: &str, series: &[(&str, u64)]) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} counter");
    for (labels, value) in series {
        if labels.is_empty() {
            let _ = writeln!(out, "{name} {value}");
        } else {
            let _ = writeln!(out, "{name}{{{labels}}} {value}");
        }
    }
}

/// Label values escape backslash, quote and newline.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_are_cumulative() {
        let mut h = Histogram::default();
        h.observe(0.003);
        h.observe(0.2);
        h.observe(30.0);
        assert_eq!(h.buckets[0], 1, "≤ 5 ms");
        assert_eq!(h.buckets[5], 2, "≤ 250 ms");
        assert_eq!(h.buckets[BUCKETS.len() - 1], 2, "≤ 10 s; 30 s only in +Inf");
        assert_eq!(h.count, 3);
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
