//! Fairness on both databases: voluntary self-identification (kept from recruiters and scorers)
//! and the bias audit built from it.

mod audit;
mod self_identification;
