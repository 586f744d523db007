//! `xiangqi online` in a program built without the club's client: what to do instead.

use super::output::Failure;

/// Always a usage error (exit code 2) that says how to build the client.
///
/// # Errors
/// Always.
pub fn online(_addr: &str, _name: Option<String>) -> Result<(), Failure> {
    Err(Failure::Usage(
        "online: this xiangqi was built without the club's client; build it with \
         `cargo build --release --features online` (or `--features server` for the server too)"
            .into(),
    ))
}
