//! The level-synchronous rounds over timely: each worker sends its
//! messages at a round's timestamp and reads what it received once every
//! worker is past it, with one report per worker broadcast beside them.

use std::cell::RefCell;
use std::rc::Rc;

use timely::container::CapacityContainerBuilder;
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

use crate::SolveError;

/// The message kinds, each about the vertex it is sent to.
pub(crate) mod kind {
    use grundy::Outcome;

    /// A follower was labelled with the value.
    pub const LABELLED: u8 = 0;
    /// A follower is answered in the level (value).
    pub const ANSWERED: u8 = 1;
    /// A follower is a P-position of the remoteness (value).
    pub const P_FOLLOWER: u8 = 2;
    /// A follower is an N-position of the remoteness (value).
    pub const N_FOLLOWER: u8 = 3;
    /// A follower's label (for K).
    pub const LABEL: u8 = 4;

    /// The kind that tells a predecessor of a follower of this outcome
    /// (P, else N) in the remoteness pass.
    pub fn follower(outcome: Outcome) -> u8 {
        if outcome == Outcome::P {
            P_FOLLOWER
        } else {
            N_FOLLOWER
        }
    }

    /// The follower's outcome that a message of this kind tells (P, else
    /// N) in the remoteness pass.
    pub fn follower_outcome(kind: u8) -> Outcome {
        if kind == P_FOLLOWER {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

/// A message: (kind, vertex it is about, value).
pub(crate) type Message = (u8, u32, u32);

/// A message of the listing: its round's parity, a position's name, and
/// the vertex (its provisional number) with a move to it, or
/// [`NO_MOVE`](crate::listing::NO_MOVE) for the start.
pub(crate) type Listing = (u8, String, u32);

/// A message of the rounds, which carries the parity of its round (see
/// [`Rounds::exchange`]) in a bit of its own.
pub(crate) trait RoundMessage: timely::ExchangeData + Clone {
    /// The message with its parity bit set to `parity` (0 or 1).
    fn with_parity(self, parity: u8) -> Self;
    fn parity(&self) -> u8;
}

/// The solve's messages carry the parity in the kind's top bit: no byte
/// more per message (the rounds send tens of millions).
impl RoundMessage for Message {
    fn with_parity(self, parity: u8) -> Self {
        ((self.0 & 0x7f) | parity << 7, self.1, self.2)
    }

    fn parity(&self) -> u8 {
        self.0 >> 7
    }
}

impl RoundMessage for Listing {
    fn with_parity(self, parity: u8) -> Self {
        (parity, self.1, self.2)
    }

    fn parity(&self) -> u8 {
        self.0
    }
}

/// One worker's rounds: sends at timestamp t, reads once t is complete.
/// Messages are of type M, each sent to the worker its route names.
pub(crate) struct Rounds<'w, M: RoundMessage = Message> {
    worker: &'w mut timely::worker::Worker,
    messages: InputHandle<u64, CapacityContainerBuilder<Vec<M>>>,
    counts: InputHandle<u64, CapacityContainerBuilder<Vec<(u32, u64)>>>,
    received: Rc<RefCell<Vec<M>>>,
    reported: Rc<RefCell<Vec<(u32, u64)>>>,
    probe: ProbeHandle<u64>,
    pub(crate) round: u64,
    pub(crate) sent: u64,
}

impl<'w, M: RoundMessage> Rounds<'w, M> {
    /// A new dataflow of rounds (every worker builds its dataflows in the
    /// same order); `route` names the worker a message goes to.
    pub(crate) fn new(
        worker: &'w mut timely::worker::Worker,
        route: impl Fn(&M) -> usize + 'static,
    ) -> Self {
        let mut messages = InputHandle::new();
        let mut counts = InputHandle::new();
        let probe = ProbeHandle::new();
        let received = Rc::new(RefCell::new(Vec::new()));
        let reported = Rc::new(RefCell::new(Vec::new()));
        let (into_received, into_reported) = (received.clone(), reported.clone());
        worker.dataflow(|scope| {
            scope
                .input_from(&mut messages)
                .container::<Vec<M>>()
                .exchange(move |m: &M| route(m) as u64)
                .inspect(move |m: &M| into_received.borrow_mut().push(m.clone()))
                .probe_with(&probe);
            scope
                .input_from(&mut counts)
                .container::<Vec<(u32, u64)>>()
                .broadcast()
                .inspect(move |c| into_reported.borrow_mut().push(*c))
                .probe_with(&probe);
        });
        Rounds {
            worker,
            messages,
            counts,
            received,
            reported,
            probe,
            round: 0,
            sent: 0,
        }
    }

    /// Sends `out` and this worker's `report`, and returns what this
    /// worker received and every worker's report (by worker index), once
    /// the round is over everywhere.
    ///
    /// A worker can be one round ahead of another (it may send round
    /// t + 1 as soon as it saw round t complete), never two: so each
    /// message carries the parity of its round (and each report in its
    /// worker's top bit), and what belongs to the next round waits in the
    /// buffer.
    pub(crate) fn exchange(&mut self, out: &mut Vec<M>, report: u64) -> (Vec<M>, Vec<u64>) {
        let parity = (self.round & 1) as u8;
        self.sent += out.len() as u64;
        for m in out.drain(..) {
            self.messages.send(m.with_parity(parity));
        }
        self.counts
            .send((self.worker.index() as u32 | u32::from(parity) << 31, report));
        self.round += 1;
        self.messages.advance_to(self.round);
        self.counts.advance_to(self.round);
        let (messages, probe) = (&self.messages, &self.probe);
        self.worker.step_while(|| probe.less_than(messages.time()));
        let mut buffer = self.received.borrow_mut();
        let mut received = Vec::with_capacity(buffer.len());
        // In place: the buffer keeps its capacity from round to round.
        buffer.retain(|m| {
            if m.parity() == parity {
                received.push(m.clone().with_parity(0));
                false
            } else {
                true
            }
        });
        let mut reports = vec![0u64; self.worker.peers()];
        self.reported.borrow_mut().retain(|&(w, r)| {
            if (w >> 31) as u8 == parity {
                reports[(w & 0x7fff_ffff) as usize] = r;
                false
            } else {
                true
            }
        });
        (received, reports)
    }

    /// One round in which every worker says whether its `step` failed:
    /// this worker's own error, else an error when another's failed
    /// (`others` says what they could not do), else its result. Every
    /// worker stops, or none, so no round is left waiting for one gone.
    pub(crate) fn agree<T>(
        &mut self,
        step: Result<T, SolveError>,
        others: &str,
    ) -> Result<T, SolveError> {
        let (_, failed) = self.exchange(&mut Vec::new(), u64::from(step.is_err()));
        let value = step?;
        if failed.iter().any(|&f| f != 0) {
            return Err(SolveError::Dataflow(format!(
                "another worker could not {others}"
            )));
        }
        Ok(value)
    }

    /// Sends `out` and returns what this worker received and how many
    /// messages all workers sent.
    pub(crate) fn round(&mut self, out: &mut Vec<M>) -> (Vec<M>, u64) {
        let sent = out.len() as u64;
        let (received, reports) = self.exchange(out, sent);
        (received, reports.iter().sum())
    }
}
