//! What the club's measuring tools share: their command line's mistakes, a small random
//! number generator, a lock that outlives a panic, and the start of their runtime.

use std::future::Future;
use std::process::ExitCode;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// A command line that is not one: what is wrong, said as the usage line's note.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A small random number generator (xorshift), one per client: reproducible runs.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n.max(1) as u64).unwrap_or(0)
    }
}

/// The value behind `m`, even if a task panicked holding it (the figures still count).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs the tool `name` on a multi-threaded runtime with the `options` its command line
/// gave: exit code 2 and the `usage` line when they are not options, 1 when no runtime
/// starts, else what `body` answers.
pub fn run<O, F>(
    name: &str,
    usage: &str,
    options: Result<O, Usage>,
    body: impl FnOnce(O) -> F,
) -> ExitCode
where
    F: Future<Output = ExitCode>,
{
    let o = match options {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{name}: {e}\nusage: {usage}");
            return ExitCode::from(2);
        }
    };
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(body(o)),
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::from(1)
        }
    }
}
