//! iden3's Poseidon sponge over circomlib Poseidon t = 7 ([`hash6`]): `SpongePoseidon.hash`
//! behind `PoseidonFacade.poseidonSponge(uint256[])` in `@iden3/contracts`, and
//! `poseidon.spongeHashX(values, 6)` in `@iden3/js-crypto`.
//!
//! The frame holds six elements. The first five values fill it, then every full frame is hashed
//! and the hash becomes the next frame's first element, so each later frame takes five new values;
//! a partly filled last frame is hashed with zeros in its empty places. No values hash to zero,
//! as `SpongePoseidon` returns (`spongeHashX` throws there).

use super::hash6;
use crate::Fr;

/// Elements in a frame: the width of the hash it uses (`PoseidonUnit6L`).
pub const FRAME: usize = 6;

/// The sponge's state between values: absorb them one at a time, then [`Sponge::squeeze`].
#[derive(Clone, Debug)]
pub struct Sponge {
    frame: [Fr; FRAME],
    /// The place of the next value in `frame`.
    next: usize,
    /// Whether `frame` holds a value not yet hashed.
    dirty: bool,
    /// The last frame's hash (zero before the first).
    hash: Fr,
}

impl Default for Sponge {
    fn default() -> Self {
        Self::new()
    }
}

impl Sponge {
    /// An empty sponge.
    pub const fn new() -> Self {
        Self {
            frame: [Fr::ZERO; FRAME],
            next: 0,
            dirty: false,
            hash: Fr::ZERO,
        }
    }

    /// Takes the next value; hashes the frame when it is full.
    pub fn absorb(&mut self, value: Fr) {
        // `next` is always below FRAME; `min` lets the compiler see it, so no panic path is linked
        // (on Stylus its message would be a data segment, paid on every call).
        self.frame[self.next.min(FRAME - 1)] = value;
        if self.next == FRAME - 1 {
            self.hash = hash6(&self.frame);
            self.frame = [Fr::ZERO; FRAME];
            self.frame[0] = self.hash;
            self.next = 1;
            self.dirty = false;
        } else {
            self.next += 1;
            self.dirty = true;
        }
    }

    /// The hash of every value absorbed (zero if none).
    pub fn squeeze(&self) -> Fr {
        if self.dirty {
            hash6(&self.frame)
        } else {
            self.hash
        }
    }
}

/// iden3's sponge hash of `values` (see the module docs).
pub fn sponge(values: &[Fr]) -> Fr {
    let mut sponge = Sponge::new();
    for value in values {
        sponge.absorb(*value);
    }
    sponge.squeeze()
}
