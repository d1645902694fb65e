//! Hirelane's kernel: the bottom layer of the server. Every domain of `crates/hirelane` may use
//! it, and it imports no domain (it cannot: the server depends on it, not the other way round).
//! What lives here is domain-agnostic: time ([`clock`]), key material, ids and random tokens
//! ([`keys`]), the hiring stages every domain reads ([`stage`]), enums stored as text
//! ([`stored`]), and the handles the application state holds for the domains without naming
//! their types ([`wakeup`], [`order`], [`voice`]). See docs/architecture.md.

pub mod clock;
pub mod keys;
pub mod order;
pub mod stage;
pub mod stored;
pub mod voice;
pub mod wakeup;
