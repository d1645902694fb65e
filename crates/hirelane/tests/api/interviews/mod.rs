//! The candidate interview flow on both databases with an injected clock: invites, the invite
//! page's state machine, slot rules, reschedule with calendar updates, the join window, the web
//! call through the simulator to the end-of-call report, next-step details, reminders (once
//! each) and the dashboard's counts.

mod conduct;
mod details_form;
mod invites_and_booking;
mod joining_and_after;
pub(crate) mod support;
mod trust;
