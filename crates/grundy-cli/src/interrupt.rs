//! Ctrl-C: the first asks the computation to stop where it can say what
//! it finished (a misère quotient names the heaps settled and writes its
//! `--checkpoint`), the exit follows a grace period later whatever the
//! computation does, and the exit code is 130 either way (as a shell
//! reports a command killed by SIGINT).
//!
//! Why a grace period: the searches and the quotient check between steps
//! (through [`grundy::stop`]), the value engines through their progress
//! callbacks, but a step may be long and some work never checks; a user
//! who pressed Ctrl-C once must not be left waiting for it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use grundy::GameError;

/// What a stopped run that kept its work adds to the library's message.
pub const RESUME_HINT: &str = "the same command with --resume goes on from there";

/// The exit code of an interrupted run.
pub const EXIT_CODE: u8 = 130;

/// How long a computation has to stop by itself after Ctrl-C.
const GRACE: Duration = Duration::from_secs(5);

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once, at start). A failure to install leaves
/// Ctrl-C as it was, killing the process at once.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(EXIT_CODE));
        }
        // The handler has a thread of its own: the computation goes on
        // meanwhile and, once stopped, ends the process before this does.
        std::thread::sleep(GRACE);
        eprintln!("grundy: interrupted");
        std::process::exit(i32::from(EXIT_CODE));
    });
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The library's stop beneath `error` (Ctrl-C, or any installed check),
/// when it is one: a stopped run adds to its message what would have
/// kept its work.
pub fn stop_in(error: &anyhow::Error) -> Option<&GameError> {
    error
        .downcast_ref::<GameError>()
        .filter(|e| matches!(e.root(), GameError::Stopped { .. }))
}

/// The check a computation runs between steps: an error once Ctrl-C was
/// pressed.
pub fn check() -> Result<(), GameError> {
    if interrupted() {
        return Err(GameError::Stopped {
            reason: "interrupted (Ctrl-C)".to_owned(),
        });
    }
    Ok(())
}
