//! The second hardening round (issue 29), each case as an attacker or a clumsy user would play
//! it, on both databases: admins demoting or removing each other at the same moment, a stranger
//! trying to lock a recruiter out, the candidate's page with the JD in the bin, mail that must
//! not carry a stranger's text, a retried upload, and the small ones.

mod applicants;
mod sign_in;
mod team;
