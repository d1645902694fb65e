//! `sqlx::migrate!` reads the migration folders at compile time; a new file must rebuild the crate.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
