//! A quotient computation's checkpoint file: where it is kept, and its
//! format, written and read back (checked, then verified, never trusted).

use super::limits::MAX_ACCEPTED_ORDER;
use super::monoid::{Element, Monoid, NotAMonoid, IDENTITY};
use super::queries::MisereQuotient;
use crate::error::GameError;

/// Where a quotient computation keeps its finished heaps.
#[derive(Copy, Clone, Debug)]
pub struct QuotientCheckpoint<'a> {
    /// The file, written anew (through a temporary file and a rename)
    /// after a heap at most once every `every`, before a heap's
    /// candidates (a heap that may take minutes), after the last heap and
    /// when the run stops on an error.
    pub path: &'a std::path::Path,
    /// The game as the user named it, recorded and checked on resuming.
    pub game: &'a str,
    /// The least time between two writes after heaps (the CLI's
    /// `--checkpoint-secs`, 1 s by default).
    pub every: std::time::Duration,
}

/// The first bytes of a quotient checkpoint.
const CHECKPOINT_MAGIC: &[u8; 16] = b"grundy-quotient2";

/// Writes a checkpoint: the magic, the game's name (length, bytes), the
/// order, the letters (count, elements), each element's place in the
/// tree after the identity (the element before, the letter), the
/// letters' actions (element by element), each element's P bit (a byte), each
/// heap's element and each bound's order (count, values), all little
/// endian u32, then the CRC-32 of everything before it.
pub(super) fn write_checkpoint(
    checkpoint: QuotientCheckpoint<'_>,
    quotient: &MisereQuotient,
) -> Result<(), GameError> {
    let fail = |e: std::io::Error| GameError::Checkpoint {
        path: checkpoint.path.display().to_string(),
        reason: format!("cannot be written: {e}"),
    };
    let monoid = &quotient.monoid;
    let mut bytes: Vec<u8> = Vec::with_capacity(64 + (monoid.actions.len() + 2 * monoid.order) * 4);
    let put = |bytes: &mut Vec<u8>, x: usize| {
        // Every count here is below 2^32: orders at most MAX_ACCEPTED_ORDER,
        // letters and heaps at most 5000.
        bytes.extend_from_slice(&(x as u32).to_le_bytes());
    };
    bytes.extend_from_slice(CHECKPOINT_MAGIC);
    put(&mut bytes, checkpoint.game.len());
    bytes.extend_from_slice(checkpoint.game.as_bytes());
    put(&mut bytes, monoid.order);
    put(&mut bytes, monoid.letters.len());
    for &g in &monoid.letters {
        put(&mut bytes, g as usize);
    }
    for &(before, l) in &monoid.tree[1..] {
        put(&mut bytes, before as usize);
        put(&mut bytes, l as usize);
    }
    for &x in &monoid.actions {
        put(&mut bytes, x as usize);
    }
    bytes.extend(monoid.p.iter().map(|&p| u8::from(p)));
    put(&mut bytes, quotient.heap_elements.len());
    for &x in &quotient.heap_elements {
        put(&mut bytes, x as usize);
    }
    for &o in &quotient.orders {
        put(&mut bytes, o);
    }
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    let mut temporary = checkpoint.path.as_os_str().to_owned();
    temporary.push(".part");
    std::fs::write(&temporary, &bytes).map_err(fail)?;
    std::fs::rename(&temporary, checkpoint.path).map_err(fail)
}

/// Reads a checkpoint written by [`write_checkpoint`] for the same game,
/// covering no heap past `max_heap`, checking its CRC and that every
/// number in it is in range (it is then verified as a quotient).
pub(super) fn read_checkpoint(
    checkpoint: QuotientCheckpoint<'_>,
    max_heap: u64,
) -> Result<MisereQuotient, GameError> {
    let refuse = |reason: String| GameError::Checkpoint {
        path: checkpoint.path.display().to_string(),
        reason,
    };
    let bytes =
        std::fs::read(checkpoint.path).map_err(|e| refuse(format!("cannot be read: {e}")))?;
    let damaged = || refuse("is damaged (its checksum or its length is wrong)".to_owned());
    if bytes.len() < CHECKPOINT_MAGIC.len() + 4 || !bytes.starts_with(CHECKPOINT_MAGIC) {
        return Err(refuse("is not a misère quotient checkpoint".to_owned()));
    }
    let (body, crc) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(body) != u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]) {
        return Err(damaged());
    }
    let mut at = CHECKPOINT_MAGIC.len();
    let mut take = |len: usize| -> Result<&[u8], GameError> {
        let part = body.get(at..at + len).ok_or_else(damaged)?;
        at += len;
        Ok(part)
    };
    fn number(part: &[u8]) -> usize {
        u32::from_le_bytes([part[0], part[1], part[2], part[3]]) as usize
    }
    let name_len = number(take(4)?);
    let name = String::from_utf8_lossy(take(name_len)?).into_owned();
    if name != checkpoint.game {
        return Err(refuse(format!(
            "holds the quotient of '{name}', not of '{}'",
            checkpoint.game
        )));
    }
    let order = number(take(4)?);
    if order == 0 || order > MAX_ACCEPTED_ORDER {
        return Err(damaged());
    }
    let in_range = |x: usize| -> Result<Element, GameError> {
        if x < order {
            Ok(x as Element)
        } else {
            Err(damaged())
        }
    };
    let count = number(take(4)?);
    if count >= order {
        return Err(damaged());
    }
    let letters = take(count * 4)?
        .chunks_exact(4)
        .map(|c| in_range(number(c)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut tree = vec![(IDENTITY, 0)];
    for pair in take((order - 1) * 8)?.chunks_exact(8) {
        let l = number(&pair[4..]);
        if l >= count {
            return Err(damaged());
        }
        tree.push((in_range(number(pair))?, l as u32));
    }
    let actions = take(order * count * 4)?
        .chunks_exact(4)
        .map(|c| in_range(number(c)))
        .collect::<Result<Vec<_>, _>>()?;
    let p = take(order)?.iter().map(|&b| b == 1).collect();
    let monoid =
        Monoid::assemble(order, letters, actions, tree, p).map_err(|NotAMonoid| damaged())?;
    if !monoid.is_consistent() {
        return Err(refuse(
            "holds actions that are not those of a commutative monoid".to_owned(),
        ));
    }
    let heaps = number(take(4)?);
    if heaps == 0 {
        return Err(damaged());
    }
    if heaps as u64 > max_heap + 1 {
        return Err(refuse(format!(
            "covers heaps up to {}, past the bound asked for ({max_heap})",
            heaps - 1
        )));
    }
    let heap_elements = take(heaps * 4)?
        .chunks_exact(4)
        .map(|c| in_range(number(c)))
        .collect::<Result<Vec<_>, _>>()?;
    let orders = take(heaps * 4)?.chunks_exact(4).map(number).collect();
    if at != body.len() {
        return Err(damaged());
    }
    Ok(MisereQuotient {
        monoid,
        heap_elements,
        orders,
        verified: None,
        own_verifications: 0,
    })
}
