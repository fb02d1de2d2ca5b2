//! The connections between the processes of a cluster, made before timely
//! starts: each process connects to every process before it and accepts a
//! connection from every process after it, each opened by the connecting
//! process's index (eight bytes, big-endian, as timely's own set-up sends
//! it). Made here rather than by timely so that a solve's stdout holds
//! only its report (timely prints its waiting to stdout), the wait is
//! bounded, and a peer that dies during the set-up (its connection closes)
//! stops the others at once instead of after the whole wait.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use crate::SolveError;

/// How long one attempt to connect may take before the next round of the
/// set-up: short, so that accepting and watching go on meanwhile.
const ATTEMPT: Duration = Duration::from_millis(200);

/// The pause between rounds of the set-up when nothing happened.
const PAUSE: Duration = Duration::from_millis(20);

/// How long a process waits for a peer before saying whom it waits for.
const SAY_WAITING_AFTER: Duration = Duration::from_secs(1);

/// A connection to every other process of the cluster, in process order,
/// `None` at `me`: what timely's networking takes. `addresses[i]` is
/// process i's `host:port` (several, separated by spaces, are all listened
/// on). `waiting` hears, once and after a second, the peers this process
/// still waits for; `stop` (Ctrl-C) ends the wait.
pub(crate) fn connect_processes(
    addresses: &[String],
    me: usize,
    timeout: Duration,
    waiting: &dyn Fn(&str),
    stop: &dyn Fn() -> bool,
) -> Result<Vec<Option<TcpStream>>, SolveError> {
    let processes = addresses.len();
    let started = Instant::now();
    let listeners = addresses[me]
        .split_whitespace()
        .map(|address| {
            let listener = TcpListener::bind(address).map_err(|e| {
                SolveError::Limit(format!(
                    "process {me} cannot listen on {address}: {e} (the host file's line {})",
                    me + 1
                ))
            })?;
            listener
                .set_nonblocking(true)
                .map_err(|e| SolveError::Limit(format!("listening on {address}: {e}")))?;
            Ok(listener)
        })
        .collect::<Result<Vec<_>, SolveError>>()?;
    let mut sockets: Vec<Option<TcpStream>> = (0..processes).map(|_| None).collect();
    let mut said_waiting = false;
    loop {
        let mut progressed = false;
        // Processes before this one are connected to.
        for peer in 0..me {
            if sockets[peer].is_some() {
                continue;
            }
            if let Some(mut stream) = try_connect(&addresses[peer]) {
                let opened = stream
                    .set_nodelay(true)
                    .and_then(|()| stream.write_all(&(me as u64).to_be_bytes()));
                if opened.is_ok() {
                    sockets[peer] = Some(stream);
                    progressed = true;
                }
            }
        }
        // Processes after it connect to this one and say who they are.
        for listener in &listeners {
            match listener.accept() {
                Ok((stream, _)) => {
                    progressed = true;
                    if let Some(peer) = read_index(&stream) {
                        if peer > me && peer < processes && sockets[peer].is_none() {
                            sockets[peer] = Some(stream);
                        }
                    }
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                Err(e) => {
                    return Err(SolveError::Limit(format!(
                        "process {me} stopped accepting connections: {e}"
                    )))
                }
            }
        }
        for (peer, socket) in sockets.iter().enumerate() {
            if let Some(stream) = socket {
                if closed(stream) {
                    return Err(SolveError::Stopped(format!(
                        "process {peer} ({}) closed its connection while the cluster was connecting",
                        addresses[peer]
                    )));
                }
            }
        }
        let missing: Vec<usize> = (0..processes)
            .filter(|&peer| peer != me && sockets[peer].is_none())
            .collect();
        if missing.is_empty() {
            break;
        }
        if stop() {
            return Err(SolveError::Limit(
                "stopped on request while the cluster was connecting: nothing was computed"
                    .to_owned(),
            ));
        }
        if started.elapsed() >= timeout {
            return Err(SolveError::Limit(format!(
                "the cluster did not connect within {} s: no connection with {}; every process of -n {processes} must be started with the same host file and its own -p (--connect-timeout sets the wait)",
                timeout.as_secs_f64(),
                peers_named(&missing, addresses)
            )));
        }
        if !said_waiting && started.elapsed() >= SAY_WAITING_AFTER {
            said_waiting = true;
            waiting(&format!(
                "process {me} waiting for {}",
                peers_named(&missing, addresses)
            ));
        }
        if !progressed {
            std::thread::sleep(PAUSE);
        }
    }
    for socket in sockets.iter().flatten() {
        socket
            .set_nonblocking(false)
            .map_err(|e| SolveError::Stopped(format!("a connection of the cluster failed: {e}")))?;
    }
    Ok(sockets)
}

/// A connection to `address`, if one can be made within [`ATTEMPT`].
fn try_connect(address: &str) -> Option<TcpStream> {
    let targets = address.to_socket_addrs().ok()?;
    targets
        .into_iter()
        .find_map(|target| TcpStream::connect_timeout(&target, ATTEMPT).ok())
}

/// The index a connecting process sends first; a connection that sends
/// none within a second is not a peer.
fn read_index(stream: &TcpStream) -> Option<usize> {
    stream.set_nonblocking(false).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(1))).ok()?;
    stream.set_nodelay(true).ok()?;
    let mut bytes = [0u8; 8];
    let mut reader = stream;
    if reader.read_exact(&mut bytes).is_err() {
        let _ = stream.shutdown(Shutdown::Both);
        return None;
    }
    stream.set_read_timeout(None).ok()?;
    usize::try_from(u64::from_be_bytes(bytes)).ok()
}

/// Whether the peer of `stream` has closed it (a read would end), looked
/// at without taking any bytes: what a peer sent stays for timely.
fn closed(stream: &TcpStream) -> bool {
    if stream.set_nonblocking(true).is_err() {
        return true;
    }
    let mut byte = [0u8; 1];
    match stream.peek(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => e.kind() != ErrorKind::WouldBlock && e.kind() != ErrorKind::Interrupted,
    }
}

/// "process 1 (host:port)", "processes 1 (...) and 2 (...)".
fn peers_named(peers: &[usize], addresses: &[String]) -> String {
    let named: Vec<String> = peers
        .iter()
        .map(|&peer| format!("{peer} ({})", addresses[peer]))
        .collect();
    match named.as_slice() {
        [one] => format!("process {one}"),
        [first @ .., last] => format!("processes {} and {last}", first.join(", ")),
        [] => "no process".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free_addresses(count: usize) -> Vec<String> {
        // Ports the system picks, released for the processes to bind.
        let listeners: Vec<TcpListener> = (0..count)
            .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
            .collect();
        listeners
            .iter()
            .map(|l| l.local_addr().unwrap().to_string())
            .collect()
    }

    /// Three processes (threads here) connect, each with a socket to each
    /// other, and bytes written on one end arrive at the other.
    #[test]
    fn three_processes_connect_in_full() {
        let addresses = free_addresses(3);
        let handles: Vec<_> = (0..3)
            .map(|me| {
                let addresses = addresses.clone();
                std::thread::spawn(move || {
                    connect_processes(&addresses, me, Duration::from_secs(20), &|_| {}, &|| false)
                        .unwrap()
                })
            })
            .collect();
        let mut meshes: Vec<Vec<Option<TcpStream>>> =
            handles.into_iter().map(|h| h.join().unwrap()).collect();
        for (a, mesh) in meshes.iter().enumerate() {
            for (b, socket) in mesh.iter().enumerate() {
                assert_eq!(socket.is_some(), a != b);
            }
        }
        for (a, b) in [(0, 1), (0, 2), (1, 2), (2, 0)] {
            meshes[a][b]
                .as_mut()
                .unwrap()
                .write_all(&[a as u8 * 10 + b as u8])
                .unwrap();
            let mut byte = [0u8];
            meshes[b][a]
                .as_mut()
                .unwrap()
                .read_exact(&mut byte)
                .unwrap();
            assert_eq!(byte[0], a as u8 * 10 + b as u8);
        }
    }

    /// A peer that never comes is named after the wait, which is bounded.
    #[test]
    fn a_missing_peer_is_named_after_the_wait() {
        let addresses = free_addresses(2);
        let started = Instant::now();
        let error = connect_processes(&addresses, 0, Duration::from_millis(300), &|_| {}, &|| {
            false
        })
        .expect_err("no peer");
        assert!(started.elapsed() < Duration::from_secs(5));
        let text = error.to_string();
        assert!(text.contains("did not connect within 0.3 s"), "{text}");
        assert!(
            text.contains(&format!("process 1 ({})", addresses[1])),
            "{text}"
        );
    }

    /// A peer that connects and dies while a third is awaited stops the
    /// wait at once, not at its end.
    #[test]
    fn a_peer_closing_during_the_set_up_stops_it_at_once() {
        let addresses = free_addresses(3);
        let first = addresses.clone();
        let waiter = std::thread::spawn(move || {
            let started = Instant::now();
            let result = connect_processes(&first, 0, Duration::from_secs(60), &|_| {}, &|| false);
            (result, started.elapsed())
        });
        // Process 1 as a dying peer: connects, says who it is, goes.
        let mut peer = loop {
            if let Ok(stream) = TcpStream::connect(&addresses[0]) {
                break stream;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        peer.write_all(&1u64.to_be_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(200));
        drop(peer);
        let (result, took) = waiter.join().unwrap();
        let text = result.expect_err("peer died").to_string();
        assert!(took < Duration::from_secs(10), "{took:?}");
        assert!(text.contains("process 1"), "{text}");
        assert!(text.contains("closed its connection"), "{text}");
    }
}
