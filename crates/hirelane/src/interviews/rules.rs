//! The invite's time rules as pure functions of the current instant: which page a candidate
//! sees, which slots can be booked, when the join link works, and the days the dashboard
//! counts. Everything here takes `now` and zones as arguments, so tests cover DST and odd
//! offsets without touching a clock.

use std::borrow::Cow;

use hirelane_core::stored_text;
use jiff::civil::Date;
use jiff::tz::{Offset, TimeZone};
use jiff::{SignedDuration, Timestamp, Zoned};
use serde::{Serialize, Serializer};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::{PartialSchema, ToSchema};

/// Slots start on this grid (in every zone in use today, offsets are multiples of 15 minutes,
/// so the UTC grid is the local grid).
pub const SLOT: SignedDuration = SignedDuration::from_mins(15);
/// The join link opens this long before the start...
pub const JOIN_OPENS_BEFORE: SignedDuration = SignedDuration::from_mins(5);
/// ...and is disabled this long after it.
pub const JOIN_CLOSES_AFTER: SignedDuration = SignedDuration::from_mins(30);

/// Where an invite is, as stored. `Cancelled`: the candidate was rejected or withdrew before the
/// interview; their page shows the window-closed view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, EnumString, VariantArray)]
#[strum(serialize_all = "lowercase")]
pub enum InviteState {
    Invited,
    Scheduled,
    Completed,
    Cancelled,
}

stored_text!(InviteState);

/// The view of the invite page (SPEC section 2: `showPageId`), sent as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    ChooseSlot = 1,
    Scheduled = 2,
    Completed = 3,
    WindowClosed = 4,
}

impl Page {
    pub fn id(self) -> i32 {
        self as i32
    }
}

impl Serialize for Page {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i32(self.id())
    }
}

impl PartialSchema for Page {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
            .enum_values(Some([1, 2, 3, 4]))
            .description(Some(
                "The invite page's view: 1 choose a slot, 2 scheduled, 3 completed, 4 window closed",
            ))
            .into()
    }
}

impl ToSchema for Page {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("InvitePage")
    }
}

/// The exclusive end of the apply-last date: the start of the next day in the recruiter's zone.
/// `None` (no date) means the window never closes by date.
pub fn bookable_until(apply_last_date: Option<Date>, zone: &TimeZone) -> Option<Timestamp> {
    let next_day = apply_last_date?.tomorrow().ok()?;
    next_day
        .to_zoned(zone.clone())
        .ok()
        .map(|z: Zoned| z.timestamp())
}

/// Whether a booking could still be made at `now`.
fn window_open(until: Option<Timestamp>, now: Timestamp) -> bool {
    until.is_none_or(|until| now < until)
}

/// The page a candidate sees. A scheduled interview stays on view 2 after its link is disabled
/// (so the candidate can reschedule) unless the apply-last date has passed as well.
pub fn page(
    state: InviteState,
    interview_at: Option<Timestamp>,
    until: Option<Timestamp>,
    now: Timestamp,
) -> Page {
    match (state, interview_at) {
        (InviteState::Completed, _) => Page::Completed,
        (InviteState::Cancelled, _) => Page::WindowClosed,
        (InviteState::Scheduled, Some(at)) => {
            if join_phase(at, now) != JoinPhase::Disabled || window_open(until, now) {
                Page::Scheduled
            } else {
                Page::WindowClosed
            }
        }
        _ if window_open(until, now) => Page::ChooseSlot,
        _ => Page::WindowClosed,
    }
}

/// How long a candidate's link keeps working after there is nothing left to do on it: an old
/// link in a mailbox should not open the invite, or change its answers, for ever.
pub const LINK_AFTER_END: SignedDuration = SignedDuration::from_hours(30 * 24);

/// When an invite stopped offering anything to do: the interview completed, the invite was
/// cancelled (`changed_at`), or the booking window closed (for a booked interview, not before
/// its join window ended). `None` while something can still be done.
pub fn ended_at(
    state: InviteState,
    page: Page,
    completed_at: Option<Timestamp>,
    changed_at: Timestamp,
    interview_at: Option<Timestamp>,
    until: Option<Timestamp>,
) -> Option<Timestamp> {
    match state {
        InviteState::Completed => Some(completed_at.unwrap_or(changed_at)),
        InviteState::Cancelled => Some(changed_at),
        _ if page == Page::WindowClosed => until.max(interview_at.map(|at| at + JOIN_CLOSES_AFTER)),
        _ => None,
    }
}

/// Where `now` falls relative to an interview's join window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinPhase {
    TooEarly,
    Open,
    Disabled,
}

/// The link works from 5:00 before the start to 30:00 after it, both ends included.
pub fn join_phase(at: Timestamp, now: Timestamp) -> JoinPhase {
    if now < at - JOIN_OPENS_BEFORE {
        JoinPhase::TooEarly
    } else if now > at + JOIN_CLOSES_AFTER {
        JoinPhase::Disabled
    } else {
        JoinPhase::Open
    }
}

/// Why a slot cannot be booked; the messages are what the candidate reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SlotError {
    #[error("Unknown time zone.")]
    UnknownZone,
    #[error("The GMT offset does not match the time zone.")]
    OffsetMismatch,
    #[error("Please choose a time on the 15-minute grid.")]
    OffGrid,
    #[error("Please choose a time in the future.")]
    Past,
    #[error("Please choose a time on or before {0}.")]
    AfterLastDate(Date),
}

/// A slot request after its checks.
#[derive(Debug, Clone)]
pub struct Slot {
    pub start: Timestamp,
    pub zone: TimeZone,
    pub zone_name: String,
}

/// Checks a requested slot: a known IANA zone whose offset at that instant is `gmt_value`, on
/// the 15-minute grid, in the future, and before the end of the apply-last date.
pub fn check_slot(
    start: Timestamp,
    zone_name: &str,
    gmt_value: &str,
    apply_last_date: Option<Date>,
    recruiter_zone: &TimeZone,
    now: Timestamp,
) -> Result<Slot, SlotError> {
    let zone_name = zone_name.trim();
    // Only region names: a bare "GMT+5" or a POSIX rule is not a zone a calendar can show.
    if zone_name.is_empty() || (!zone_name.contains('/') && zone_name != "UTC") {
        return Err(SlotError::UnknownZone);
    }
    let zone = TimeZone::get(zone_name).map_err(|_| SlotError::UnknownZone)?;
    let offset = parse_gmt(gmt_value).ok_or(SlotError::OffsetMismatch)?;
    if zone.to_offset(start) != offset {
        return Err(SlotError::OffsetMismatch);
    }
    if start.subsec_nanosecond() != 0 || start.as_second().rem_euclid(SLOT.as_secs()) != 0 {
        return Err(SlotError::OffGrid);
    }
    if start <= now {
        return Err(SlotError::Past);
    }
    if let (Some(date), Some(until)) = (
        apply_last_date,
        bookable_until(apply_last_date, recruiter_zone),
    ) && start >= until
    {
        return Err(SlotError::AfterLastDate(date));
    }
    Ok(Slot {
        start,
        zone,
        zone_name: zone_name.to_owned(),
    })
}

/// Reads `GMT`, `GMT+05:30`, `GMT-4`, `UTC+0545` (the browser's `longOffset` and close kin).
pub fn parse_gmt(raw: &str) -> Option<Offset> {
    let raw = raw.trim();
    let rest = raw
        .strip_prefix("GMT")
        .or_else(|| raw.strip_prefix("UTC"))?;
    if rest.is_empty() {
        return Some(Offset::UTC);
    }
    let (sign, digits) = match rest.as_bytes()[0] {
        b'+' => (1, &rest[1..]),
        b'-' => (-1, &rest[1..]),
        _ => return None,
    };
    let (hours, minutes) = match digits.split_once(':') {
        Some((h, m)) => (h, m),
        None if digits.len() > 2 => digits.split_at(digits.len() - 2),
        None => (digits, "0"),
    };
    if hours.is_empty() || hours.len() > 2 || minutes.len() > 2 {
        return None;
    }
    let (hours, minutes): (i32, i32) = (hours.parse().ok()?, minutes.parse().ok()?);
    if hours > 14 || minutes > 59 {
        return None;
    }
    Offset::from_seconds(sign * (hours * 3600 + minutes * 60)).ok()
}

/// `GMT+05:30` for an offset, the way the invite page writes it.
pub fn gmt_label(offset: Offset) -> String {
    let seconds = offset.seconds();
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.abs() / 60;
    format!("GMT{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

/// `[start, end)` of the day `days_from_today` away from today in `zone` (DST days are 23 or
/// 25 hours long, which this respects).
pub fn day_range(now: Timestamp, zone: &TimeZone, days_from_today: i64) -> (Timestamp, Timestamp) {
    let today = now.to_zoned(zone.clone()).date();
    let start_of = |date: Date| {
        date.to_zoned(zone.clone())
            .map(|z| z.timestamp())
            .unwrap_or(now)
    };
    let day = today
        .checked_add(jiff::Span::new().days(days_from_today))
        .unwrap_or(today);
    let next = day.tomorrow().unwrap_or(day);
    (start_of(day), start_of(next))
}

/// UTC without a zone suffix, as SPEC section 3 writes `interviewDateTime`.
pub fn utc_naive(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%S").to_string()
}

/// When a reminder falls due: one day and one hour before the start.
pub const REMINDERS: [SignedDuration; 2] = [
    SignedDuration::from_hours(24),
    SignedDuration::from_hours(1),
];

/// Whether a reminder `lead` before `at` is still worth sending when the slot is booked at
/// `booked`: a slot booked 3 hours ahead gets no "tomorrow" reminder.
pub fn reminder_needed(at: Timestamp, lead: SignedDuration, booked: Timestamp) -> bool {
    booked < at - lead
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invite_states_read_back_and_unknown_text_is_refused() {
        assert_eq!(
            hirelane_core::stored::check_round_trip::<InviteState>(),
            Ok(())
        );
        assert_eq!(InviteState::Cancelled.as_str(), "cancelled");
    }

    fn ts(s: &str) -> Timestamp {
        s.parse().expect("valid instant")
    }

    fn zone(name: &str) -> TimeZone {
        TimeZone::get(name).expect("known zone")
    }

    fn date(s: &str) -> Date {
        s.parse().expect("valid date")
    }

    #[test]
    fn apply_last_date_is_inclusive_to_the_end_of_the_day_in_the_recruiters_zone() {
        let until = bookable_until(Some(date("2026-12-01")), &zone("Asia/Kolkata"));
        assert_eq!(until, Some(ts("2026-12-01T18:30:00Z")));
        assert_eq!(bookable_until(None, &zone("UTC")), None);
        let z = zone("Asia/Kolkata");
        let now = ts("2026-11-30T00:00:00Z");
        let last_ok = ts("2026-12-01T18:15:00Z");
        assert!(
            check_slot(
                last_ok,
                "Asia/Kolkata",
                "GMT+05:30",
                Some(date("2026-12-01")),
                &z,
                now
            )
            .is_ok()
        );
        let first_late = ts("2026-12-01T18:30:00Z");
        assert_eq!(
            check_slot(
                first_late,
                "Asia/Kolkata",
                "GMT+05:30",
                Some(date("2026-12-01")),
                &z,
                now
            )
            .expect_err("refused"),
            SlotError::AfterLastDate(date("2026-12-01"))
        );
        assert_eq!(
            SlotError::AfterLastDate(date("2026-12-01")).to_string(),
            "Please choose a time on or before 2026-12-01."
        );
    }

    #[test]
    fn slots_must_be_future_on_the_grid_with_a_matching_offset() {
        let utc = zone("UTC");
        let now = ts("2026-11-21T10:07:00Z");
        let ok = |at: &str, z: &str, gmt: &str| check_slot(ts(at), z, gmt, None, &utc, now);
        assert!(ok("2026-11-21T10:15:00Z", "UTC", "GMT").is_ok());
        assert_eq!(
            ok("2026-11-21T10:00:00Z", "UTC", "GMT").expect_err("refused"),
            SlotError::Past
        );
        assert_eq!(
            ok("2026-11-21T10:07:00Z", "UTC", "GMT").expect_err("refused"),
            SlotError::OffGrid
        );
        assert_eq!(
            ok("2026-11-21T10:20:00Z", "UTC", "GMT+00:00").expect_err("refused"),
            SlotError::OffGrid
        );
        assert_eq!(
            ok("2026-11-21T10:15:00Z", "Mars/Olympus", "GMT").expect_err("refused"),
            SlotError::UnknownZone
        );
        assert_eq!(
            ok("2026-11-21T10:15:00Z", "EST5EDT", "GMT-05:00").expect_err("refused"),
            SlotError::UnknownZone
        );
        assert_eq!(
            ok("2026-11-21T10:15:00Z", "Asia/Kolkata", "GMT+05:00").expect_err("refused"),
            SlotError::OffsetMismatch
        );
        // Kathmandu's +05:45: 16:00 local is 10:15 UTC, on the grid in both.
        assert!(ok("2026-11-21T10:15:00Z", "Asia/Kathmandu", "GMT+05:45").is_ok());
        assert!(ok("2026-11-21T10:15:00Z", "Asia/Kolkata", "GMT+05:30").is_ok());
    }

    #[test]
    fn the_offset_follows_daylight_saving_in_new_york_and_london() {
        let utc = zone("UTC");
        let now = ts("2026-01-01T00:00:00Z");
        // New York springs forward on 2026-03-08 at 02:00 local (07:00Z).
        let before = ts("2026-03-08T06:45:00Z");
        let after = ts("2026-03-08T07:00:00Z");
        assert!(check_slot(before, "America/New_York", "GMT-05:00", None, &utc, now).is_ok());
        assert!(check_slot(after, "America/New_York", "GMT-04:00", None, &utc, now).is_ok());
        assert_eq!(
            check_slot(after, "America/New_York", "GMT-05:00", None, &utc, now)
                .expect_err("refused"),
            SlotError::OffsetMismatch
        );
        // ...and falls back on 2026-11-01 at 02:00 local (06:00Z).
        assert!(
            check_slot(
                ts("2026-11-01T05:45:00Z"),
                "America/New_York",
                "GMT-04:00",
                None,
                &utc,
                now
            )
            .is_ok()
        );
        assert!(
            check_slot(
                ts("2026-11-01T06:00:00Z"),
                "America/New_York",
                "GMT-05:00",
                None,
                &utc,
                now
            )
            .is_ok()
        );
        // London moves to BST on 2026-03-29 at 01:00Z.
        assert!(
            check_slot(
                ts("2026-03-29T00:45:00Z"),
                "Europe/London",
                "GMT",
                None,
                &utc,
                now
            )
            .is_ok()
        );
        assert!(
            check_slot(
                ts("2026-03-29T01:00:00Z"),
                "Europe/London",
                "GMT+01:00",
                None,
                &utc,
                now
            )
            .is_ok()
        );
    }

    #[test]
    fn gmt_values_parse_in_the_forms_browsers_write() {
        assert_eq!(parse_gmt("GMT"), Some(Offset::UTC));
        assert_eq!(parse_gmt("GMT+05:30").map(|o| o.seconds()), Some(19_800));
        assert_eq!(parse_gmt("GMT-4").map(|o| o.seconds()), Some(-14_400));
        assert_eq!(parse_gmt("UTC+0545").map(|o| o.seconds()), Some(20_700));
        assert_eq!(parse_gmt("GMT+5:30").map(|o| o.seconds()), Some(19_800));
        assert_eq!(parse_gmt("+05:30"), None);
        assert_eq!(parse_gmt("GMT+15"), None);
        assert_eq!(parse_gmt("GMT+05:30:00"), None);
        assert_eq!(
            gmt_label(Offset::from_seconds(19_800).expect("offset")),
            "GMT+05:30"
        );
        assert_eq!(
            gmt_label(Offset::from_seconds(-12_600).expect("offset")),
            "GMT-03:30"
        );
        assert_eq!(gmt_label(Offset::UTC), "GMT+00:00");
    }

    #[test]
    fn the_join_window_edges_are_inclusive() {
        let at = ts("2026-11-21T10:00:00Z");
        assert_eq!(
            join_phase(at, ts("2026-11-21T09:54:59Z")),
            JoinPhase::TooEarly
        );
        assert_eq!(join_phase(at, ts("2026-11-21T09:55:00Z")), JoinPhase::Open);
        assert_eq!(join_phase(at, ts("2026-11-21T10:30:00Z")), JoinPhase::Open);
        assert_eq!(
            join_phase(at, ts("2026-11-21T10:30:01Z")),
            JoinPhase::Disabled
        );
    }

    #[test]
    fn pages_follow_the_state_machine() {
        let at = ts("2026-11-21T10:00:00Z");
        let until = Some(ts("2026-11-22T00:00:00Z"));
        let early = ts("2026-11-21T08:00:00Z");
        let missed = ts("2026-11-21T11:00:00Z");
        let closed = ts("2026-11-22T00:00:00Z");
        use InviteState::*;
        assert_eq!(page(Invited, None, until, early), Page::ChooseSlot);
        assert_eq!(page(Invited, None, until, closed), Page::WindowClosed);
        assert_eq!(page(Cancelled, None, until, early), Page::WindowClosed);
        assert_eq!(page(Invited, None, None, closed), Page::ChooseSlot);
        assert_eq!(page(Scheduled, Some(at), until, early), Page::Scheduled);
        // Missed, but the window is open: view 2 offers the reschedule.
        assert_eq!(page(Scheduled, Some(at), until, missed), Page::Scheduled);
        assert_eq!(page(Scheduled, Some(at), until, closed), Page::WindowClosed);
        assert_eq!(page(Completed, Some(at), until, closed), Page::Completed);
    }

    #[test]
    fn days_follow_the_zone_including_dst_days() {
        let ny = zone("America/New_York");
        // 2026-03-08 is 23 hours long in New York.
        let now = ts("2026-03-08T12:00:00Z");
        let (start, end) = day_range(now, &ny, 0);
        assert_eq!(start, ts("2026-03-08T05:00:00Z"));
        assert_eq!(end, ts("2026-03-09T04:00:00Z"));
        let (y_start, y_end) = day_range(now, &ny, -1);
        assert_eq!((y_start, y_end), (ts("2026-03-07T05:00:00Z"), start));
        let (t_start, _) = day_range(now, &ny, 1);
        assert_eq!(t_start, end);
        let kolkata = zone("Asia/Kolkata");
        // 20:00Z is already the next day in Kolkata.
        let (k_start, _) = day_range(ts("2026-11-21T20:00:00Z"), &kolkata, 0);
        assert_eq!(k_start, ts("2026-11-21T18:30:00Z"));
    }

    #[test]
    fn reminders_are_skipped_when_the_slot_is_booked_inside_their_lead() {
        let at = ts("2026-11-22T10:00:00Z");
        assert!(reminder_needed(
            at,
            REMINDERS[0],
            ts("2026-11-20T10:00:00Z")
        ));
        assert!(!reminder_needed(
            at,
            REMINDERS[0],
            ts("2026-11-22T07:00:00Z")
        ));
        assert!(reminder_needed(
            at,
            REMINDERS[1],
            ts("2026-11-22T07:00:00Z")
        ));
        assert!(!reminder_needed(
            at,
            REMINDERS[1],
            ts("2026-11-22T09:30:00Z")
        ));
    }
}
