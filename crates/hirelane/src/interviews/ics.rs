//! The calendar invitation attached to scheduling e-mails (RFC 5545, `METHOD:REQUEST`). A
//! reschedule sends the same `UID` with a higher `SEQUENCE`, so calendars move the event
//! instead of adding a second one.

use jiff::{SignedDuration, Timestamp};

/// What the event says.
#[derive(Debug, Clone)]
pub struct Event<'a> {
    /// Stable per invite and not the link secret (calendars sync UIDs to other servers).
    pub uid: &'a str,
    pub sequence: i64,
    pub start: Timestamp,
    pub duration: SignedDuration,
    pub summary: &'a str,
    pub description: &'a str,
    pub url: &'a str,
    pub organizer_email: &'a str,
    pub attendee_name: &'a str,
    pub attendee_email: &'a str,
    pub stamp: Timestamp,
}

/// The `.ics` text, CRLF line ends, lines folded at 75 octets.
pub fn render(event: &Event<'_>) -> String {
    let utc = |t: Timestamp| t.strftime("%Y%m%dT%H%M%SZ").to_string();
    let end = event.start + event.duration;
    let lines = [
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//Hirelane//Interviews//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:REQUEST".to_owned(),
        "BEGIN:VEVENT".to_owned(),
        format!("UID:{}", text(event.uid)),
        format!("SEQUENCE:{}", event.sequence),
        format!("DTSTAMP:{}", utc(event.stamp)),
        format!("DTSTART:{}", utc(event.start)),
        format!("DTEND:{}", utc(end)),
        format!("SUMMARY:{}", text(event.summary)),
        format!("DESCRIPTION:{}", text(event.description)),
        format!("URL:{}", event.url),
        format!("LOCATION:{}", text(event.url)),
        format!("ORGANIZER;CN=Hirelane:mailto:{}", event.organizer_email),
        format!(
            "ATTENDEE;CN={};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:{}",
            param(event.attendee_name),
            event.attendee_email
        ),
        "STATUS:CONFIRMED".to_owned(),
        "TRANSP:OPAQUE".to_owned(),
        "BEGIN:VALARM".to_owned(),
        "ACTION:DISPLAY".to_owned(),
        "DESCRIPTION:Interview in 15 minutes".to_owned(),
        "TRIGGER:-PT15M".to_owned(),
        "END:VALARM".to_owned(),
        "END:VEVENT".to_owned(),
        "END:VCALENDAR".to_owned(),
    ];
    lines.iter().map(|line| fold(line)).collect()
}

/// TEXT values escape backslash, semicolon, comma and newlines.
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            _ => out.push(c),
        }
    }
    out
}

/// A parameter value is quoted; quotes and control characters cannot appear in it.
fn param(value: &str) -> String {
    let clean: String = value
        .chars()
        .filter(|c| *c != '"' && !c.is_control())
        .collect();
    format!("\"{clean}\"")
}

/// Splits a content line into 75-octet pieces (continuations start with a space), never inside
/// a UTF-8 character, and ends it with CRLF.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut width = 0;
    for c in line.chars() {
        let len = c.len_utf8();
        if width + len > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += len;
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(sequence: i64) -> String {
        render(&Event {
            uid: "invite-42@hirelane",
            sequence,
            start: "2026-11-25T09:30:00Z".parse().expect("instant"),
            duration: SignedDuration::from_mins(15),
            summary: "Interview: Rust Engineer, Platform; Core",
            description: "Join from the link.\nGood luck!",
            url: "http://localhost:8080/nextstep?inviteId=abc",
            organizer_email: "hiring@example.com",
            attendee_name: "Asha \"A\" Rao",
            attendee_email: "asha@example.com",
            stamp: "2026-11-21T10:00:00Z".parse().expect("instant"),
        })
    }

    #[test]
    fn an_invitation_is_a_request_with_utc_times_and_escaped_text() {
        let ics = event(0);
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\n"));
        assert!(ics.ends_with("END:VCALENDAR\r\n"));
        assert!(ics.contains("METHOD:REQUEST\r\n"));
        assert!(ics.contains("DTSTART:20261125T093000Z\r\n"));
        assert!(ics.contains("DTEND:20261125T094500Z\r\n"));
        assert!(ics.contains("SUMMARY:Interview: Rust Engineer\\, Platform\\; Core\r\n"));
        assert!(ics.contains("DESCRIPTION:Join from the link.\\nGood luck!\r\n"));
        assert!(ics.contains("ATTENDEE;CN=\"Asha A Rao\";"));
        assert!(ics.contains("UID:invite-42@hirelane\r\n"));
    }

    #[test]
    fn a_reschedule_keeps_the_uid_and_raises_the_sequence() {
        assert!(event(0).contains("SEQUENCE:0\r\n"));
        assert!(event(1).contains("SEQUENCE:1\r\n"));
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_characters() {
        let line = format!("DESCRIPTION:{}", "é".repeat(60));
        let folded = fold(&line);
        for piece in folded.trim_end_matches("\r\n").split("\r\n") {
            assert!(piece.len() <= 75, "{} octets", piece.len());
        }
        let unfolded = folded.trim_end_matches("\r\n").replace("\r\n ", "");
        assert_eq!(unfolded, line);
    }
}
