//! `grundy serve`: the web explorer and its JSON API, bound to loopback
//! unless told otherwise; the server's own limits bound every request.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

/// Arguments of `grundy serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on: HOST:PORT or HOST (port 8080), where
    /// HOST is an IP address or a name (localhost).
    #[arg(long, default_value = "127.0.0.1:8080", value_parser = parse_listen_addr)]
    addr: std::net::SocketAddr,
    /// The most values one request may compute.
    #[arg(long, default_value = "2^20", value_parser = crate::numbers::parse_count)]
    max_values: u64,
    /// The longest a request may take, in seconds.
    #[arg(long, default_value_t = 2.0)]
    time_limit: f64,
    /// Computations at once.
    #[arg(long, default_value_t = 4)]
    concurrent: usize,
    /// A database `grundy solve` wrote: read (checksums checked) at
    /// start, and answered from at /api/db and in the page.
    #[arg(long, value_name = "DIR")]
    db: Option<PathBuf>,
}

/// The port `serve --addr HOST` listens on.
const DEFAULT_PORT: u16 = 8080;

/// Reads `serve --addr`: an IP address with or without a port, or a
/// host name resolved here (`localhost:8080`), taking a loopback address
/// of the name when it has one so that a name of this machine does not
/// open the server to the network.
fn parse_listen_addr(text: &str) -> Result<std::net::SocketAddr, String> {
    use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    // An IPv6 address without a port is written bare (`::1`) or in
    // brackets (`[::1]`), both brackets or none: `[::1` is a typo.
    let bare = match text.strip_prefix('[') {
        Some(rest) => rest
            .strip_suffix(']')
            .ok_or_else(|| format!("'{text}' opens a bracket it does not close (an IPv6 address is written [::1] or [::1]:8080)"))?,
        None if text.ends_with(']') => {
            return Err(format!("'{text}' closes a bracket it did not open"))
        }
        None => text,
    };
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, DEFAULT_PORT));
    }
    let (host, port) = match text.rsplit_once(':') {
        Some((host, port)) => {
            let port = port
                .parse::<u16>()
                .map_err(|_| format!("'{port}' is not a port (0 to 65535)"))?;
            (host, port)
        }
        None => (text, DEFAULT_PORT),
    };
    let addrs: Vec<SocketAddr> = (host, port)
        .to_socket_addrs()
        .map_err(|e| format!("the host '{host}' does not resolve: {e}"))?
        .collect();
    addrs
        .iter()
        .find(|a| a.ip().is_loopback() && a.is_ipv4())
        .or_else(|| addrs.iter().find(|a| a.ip().is_loopback()))
        .or_else(|| addrs.first())
        .copied()
        .ok_or_else(|| format!("the host '{host}' has no address"))
}

/// Runs `grundy serve`.
pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let ServeArgs {
        addr,
        max_values,
        time_limit,
        concurrent,
        db: database,
    } = args;
    if !(time_limit.is_finite() && time_limit > 0.0 && time_limit <= 3600.0) {
        anyhow::bail!("--time-limit {time_limit}: give seconds between 0 and 3600");
    }
    if !addr.ip().is_loopback() {
        eprintln!(
            "grundy: warning: serving on {addr}, beyond loopback: anyone who can reach this machine can use the server"
        );
    }
    let limits = grundy_server::Limits {
        max_values,
        time_limit: std::time::Duration::from_secs_f64(time_limit),
        concurrent: concurrent.max(1),
        ..grundy_server::Limits::default()
    };
    use anyhow::Context;
    let database = database
        .map(|dir| {
            grundy_dataflow::db::Database::open(&dir)
                .with_context(|| format!("reading the database {}", dir.display()))
        })
        .transpose()?;
    grundy_server::run(addr, limits, database, |bound| {
        eprintln!("grundy: serving the explorer on http://{bound}/");
    })
    .map_err(|e| anyhow::anyhow!("serving on {addr}: {e}"))?;
    Ok(ExitCode::SUCCESS)
}
