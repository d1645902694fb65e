//! Hirelane's kernel: the bottom layer of the server. Every domain of `crates/hirelane` may use
//! it, and it imports no domain (it cannot: the server depends on it, not the other way round).
//! What lives here is domain-agnostic: time ([`clock`]), key material, ids and random tokens
//! ([`keys`]), the hiring stages every domain reads ([`stage`]), enums stored as text
//! ([`stored`]), settings ([`config`]), the one error type and its HTTP answer ([`error`]),
//! the database and the file store with the migrations ([`store`]), the e-mail transport
//! ([`mail`]) and its [`counter`], and the handles the application state holds for the
//! domains without naming their types ([`wakeup`], [`order`], [`voice`]). See
//! docs/architecture.md.

pub mod clock;
pub mod config;
pub mod counter;
pub mod error;
pub mod keys;
pub mod mail;
pub mod order;
pub mod stage;
pub mod store;
pub mod stored;
pub mod voice;
pub mod wakeup;
