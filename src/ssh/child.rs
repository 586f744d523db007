//! One SSH session's program: this very `xiangqi` as `online`, in a pseudo-terminal of the
//! client's size. Its output is read no faster than the client takes it (a small bounded
//! queue between the two), so a client that stops reading blocks the program rather than
//! filling the server's memory; the client's keys are written to it on a thread of their
//! own, so a program that stops reading never stalls the SSH connection.

use portable_pty::{ChildKiller, CommandBuilder, MasterPty, PtySize, native_pty_system};
use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::time::Duration;
use tokio::sync::mpsc;

/// Bytes read from the terminal at once.
pub const CHUNK: usize = 4096;
/// Chunks of output waiting for the client at most: with [`CHUNK`], 64 KiB.
pub const OUTPUT_QUEUE: usize = 16;
/// Chunks of keys waiting for the program at most.
const INPUT_QUEUE: usize = 64;

/// What to run.
#[derive(Debug)]
pub struct Launch {
    /// The program (the server's own executable).
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// Its whole environment.
    pub env: Vec<(String, OsString)>,
    /// Where it runs.
    pub folder: PathBuf,
    /// The terminal's columns and rows.
    pub size: (u16, u16),
}

/// What the program gives: some of its output, or its end with its exit code.
#[derive(Debug)]
pub enum Output {
    /// Bytes it wrote to its terminal.
    Data(Vec<u8>),
    /// It ended, with this exit code.
    Exit(u32),
}

/// The program running for a session; dropping it hangs up its terminal (SIGHUP).
pub struct Running {
    master: Box<dyn MasterPty + Send>,
    input: SyncSender<Vec<u8>>,
    killer: Box<dyn ChildKiller + Send + Sync>,
    /// Set once the program has ended and been reaped: its process id may then be another
    /// process's, which must not be signalled.
    ended: Arc<AtomicBool>,
    /// Its process id.
    pub pid: Option<u32>,
}

impl std::fmt::Debug for Running {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Running").field("pid", &self.pid).finish()
    }
}

/// Why the client's keys were not passed on.
#[derive(Debug, thiserror::Error)]
#[error("the program does not read its keys")]
pub struct NotReading;

impl Running {
    /// Passes the client's bytes on to the program.
    ///
    /// # Errors
    /// [`NotReading`] when the program has left [`INPUT_QUEUE`] chunks unread (or ended).
    pub fn write(&self, bytes: &[u8]) -> Result<(), NotReading> {
        match self.input.try_send(bytes.to_vec()) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => Err(NotReading),
        }
    }

    /// The client's window changed size.
    pub fn resize(&self, cols: u16, rows: u16) {
        let _ = self.master.resize(size(cols, rows));
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // SIGHUP, as a terminal that goes away sends: the club sees a dropped client.
        if !self.ended.load(Ordering::SeqCst) {
            let _ = self.killer.kill();
        }
    }
}

fn size(cols: u16, rows: u16) -> PtySize {
    PtySize {
        rows: rows.max(1),
        cols: cols.max(1),
        pixel_width: 0,
        pixel_height: 0,
    }
}

/// Where a session's output goes: the SSH channel (or a test's stand-in).
pub trait Sink {
    /// Sends `bytes`, waiting while the client has no room; false once the client is gone.
    fn send(&self, bytes: Vec<u8>) -> impl Future<Output = bool> + Send;
    /// The program ended with `code`: tells the client and closes the session.
    fn end(&self, code: u32) -> impl Future<Output = ()> + Send;
    /// Drops a client that took nothing for the stall bound.
    fn drop_client(&self) -> impl Future<Output = ()> + Send;
}

/// How a pump ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Pumped {
    /// The program ended and the client was told.
    Ended,
    /// The client went.
    Gone,
    /// The client took nothing for the stall bound and was dropped.
    Stalled,
}

/// Sends the program's output to the client as it comes, then the program's exit code. A
/// client that takes nothing for `stall` is dropped (its program is hung up with the
/// connection).
pub async fn pump(mut output: mpsc::Receiver<Output>, sink: impl Sink, stall: Duration) -> Pumped {
    while let Some(out) = output.recv().await {
        match out {
            Output::Data(bytes) => match tokio::time::timeout(stall, sink.send(bytes)).await {
                Ok(true) => {}
                Ok(false) => return Pumped::Gone,
                Err(_) => {
                    sink.drop_client().await;
                    return Pumped::Stalled;
                }
            },
            Output::Exit(code) => {
                sink.end(code).await;
                return Pumped::Ended;
            }
        }
    }
    Pumped::Gone
}

/// A pseudo-terminal's failure, as an I/O error.
fn io_error(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

/// Starts the program: it, and its output as it comes.
///
/// # Errors
/// No pseudo-terminal, or the program cannot be started.
pub fn spawn(launch: &Launch) -> std::io::Result<(Running, mpsc::Receiver<Output>)> {
    let pty = native_pty_system()
        .openpty(size(launch.size.0, launch.size.1))
        .map_err(io_error)?;
    let mut command = CommandBuilder::new(&launch.program);
    command.args(&launch.args);
    command.env_clear();
    for (name, value) in &launch.env {
        command.env(name, value);
    }
    command.cwd(&launch.folder);
    let mut child = pty.slave.spawn_command(command).map_err(io_error)?;
    // The program holds the terminal's other end now; the master sees its end when it
    // exits only once no copy is left here.
    drop(pty.slave);
    let pid = child.process_id();
    let killer = child.clone_killer();
    let mut reader = pty.master.try_clone_reader().map_err(io_error)?;
    let mut writer = pty.master.take_writer().map_err(io_error)?;
    let (out_tx, out_rx) = mpsc::channel(OUTPUT_QUEUE);
    let ended = Arc::new(AtomicBool::new(false));
    let ended_here = Arc::clone(&ended);
    std::thread::Builder::new()
        .name("ssh-pty-out".into())
        .spawn(move || {
            let mut chunk = vec![0u8; CHUNK];
            loop {
                match reader.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        // Waits while the queue is full: the program then blocks on its
                        // terminal until the client reads.
                        if out_tx
                            .blocking_send(Output::Data(chunk[..n].to_vec()))
                            .is_err()
                        {
                            let _ = child.kill();
                            break;
                        }
                    }
                }
            }
            let code = child.wait().map_or(1, |status| status.exit_code());
            ended_here.store(true, Ordering::SeqCst);
            let _ = out_tx.blocking_send(Output::Exit(code));
        })?;
    let (in_tx, in_rx) = sync_channel::<Vec<u8>>(INPUT_QUEUE);
    std::thread::Builder::new()
        .name("ssh-pty-in".into())
        .spawn(move || {
            for bytes in in_rx {
                if writer
                    .write_all(&bytes)
                    .and_then(|()| writer.flush())
                    .is_err()
                {
                    break;
                }
            }
        })?;
    let running = Running {
        master: pty.master,
        input: in_tx,
        killer,
        ended,
        pid,
    };
    Ok((running, out_rx))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program that writes without end, whose output nobody takes: what waits for the
    /// client stays within the queue's bound, and the program is held, not ended.
    #[test]
    fn output_nobody_takes_is_bounded_and_holds_the_program() {
        let launch = Launch {
            program: PathBuf::from("/usr/bin/yes"),
            args: vec!["a line of output that nobody reads".into()],
            env: Vec::new(),
            folder: std::env::temp_dir(),
            size: (80, 24),
        };
        let (running, mut output) = spawn(&launch).expect("yes runs");
        // Long enough for `yes` to write far more than the bound, were it let.
        std::thread::sleep(std::time::Duration::from_millis(500));
        // Counted at one moment: draining while the reader refills the room freed would
        // count more than ever waited at once.
        let queued = output.len();
        assert!(queued <= OUTPUT_QUEUE, "{queued} chunks waited");
        let mut waiting = 0;
        for _ in 0..queued {
            match output.try_recv() {
                Ok(Output::Data(bytes)) => waiting += bytes.len(),
                Ok(Output::Exit(code)) => panic!("the program ended ({code})"),
                Err(e) => panic!("a chunk counted as waiting was not there: {e}"),
            }
        }
        assert!(waiting <= OUTPUT_QUEUE * CHUNK, "{waiting} bytes waited");
        assert!(waiting > 0, "nothing came out");
        drop(running);
    }

    /// A client that never has room.
    struct Stuck(Arc<AtomicBool>);

    impl Sink for Stuck {
        async fn send(&self, _: Vec<u8>) -> bool {
            std::future::pending().await
        }
        async fn end(&self, _: u32) {}
        async fn drop_client(&self) {
            self.0.store(true, Ordering::SeqCst);
        }
    }

    #[test]
    fn a_client_that_takes_nothing_for_the_stall_bound_is_dropped() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a runtime");
        let (tx, rx) = mpsc::channel(OUTPUT_QUEUE);
        tx.try_send(Output::Data(b"a screen".to_vec()))
            .expect("queued");
        let dropped = Arc::new(AtomicBool::new(false));
        let sink = Stuck(Arc::clone(&dropped));
        let pumped = runtime.block_on(async {
            tokio::time::timeout(
                Duration::from_secs(30),
                pump(rx, sink, Duration::from_millis(50)),
            )
            .await
        });
        assert_eq!(pumped.ok(), Some(Pumped::Stalled));
        assert!(dropped.load(Ordering::SeqCst), "the client was not dropped");
    }
}
