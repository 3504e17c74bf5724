//! Calls made from contracts within one block: each priced inside the program's frame, with the
//! block's recent-program cache and the transaction's memory pages carried from call to call.
//!
//! Nitro's `CallProgram` (OffchainLabs/nitro arbos/programs/programs.go) charges, before running a
//! program: the memory model's price for its starting pages given the pages the transaction has
//! already opened (`model.GasCost(footprint, open, ever)`, arbos/programs/memory.go), the cached
//! init gas (every call, Stylus version 2 on), and the init gas unless the program is cached or,
//! from `ArbosVersion_60`, was called earlier in the same block (`statedb.GetRecentWasms().Insert`,
//! an LRU of `BlockCacheSize` code hashes, go-ethereum core/state/statedb_arbitrum.go, discarded
//! at the end of each block): an uncached program pays its init once per block, and so at most
//! once per transaction. This is
//! the one place that composes calls, so every repeated-call figure the project prints comes
//! from the same rule.
//!
//! A frame's figure excludes what the *calling* contract pays around it (the EVM `CALL`'s
//! account access, argument memory, ...) and the transaction's intrinsic and calldata gas.

use crate::arbos::Arbos;
use crate::error::ExecError;
use crate::pricing::{self, Ink};
use crate::program::{CallReport, Program};
use std::collections::VecDeque;

/// The block's recent programs: an LRU of `capacity` code hashes, discarded at the end of the
/// block (`RecentWasms`, go-ethereum core/state/statedb_arbitrum.go, over go-ethereum's
/// `lru.BasicLRU`, common/lru/basiclru.go).
#[derive(Clone, Debug)]
pub struct RecentWasms {
    capacity: usize,
    /// Most recently used last.
    order: VecDeque<[u8; 32]>,
}

impl RecentWasms {
    /// An empty cache of `capacity` entries (`BlockCacheSize`). A capacity below 1 holds one entry,
    /// as `NewBasicLRU` makes it (`if capacity <= 0 { capacity = 1 }`, go-ethereum
    /// common/lru/basiclru.go, read at ethereum/go-ethereum 01e48f3e1916574e98217665d4fcc13b458d657e),
    /// so a chain whose `BlockCacheSize` is 0 still remembers the last program called.
    pub fn new(capacity: usize) -> Self {
        RecentWasms {
            capacity: capacity.max(1),
            order: VecDeque::new(),
        }
    }

    /// `Insert`: records `item` as the most recent and says whether it was already there.
    pub fn insert(&mut self, item: [u8; 32]) -> bool {
        if let Some(at) = self.order.iter().position(|x| *x == item) {
            self.order.remove(at);
            self.order.push_back(item);
            return true;
        }
        if self.order.len() >= self.capacity {
            self.order.pop_front();
        }
        self.order.push_back(item);
        false
    }
}

/// One call from a contract, priced inside the program's frame.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FrameCall {
    /// What the call did (its `gas` is the single-call figure, as a transaction's first call).
    pub report: CallReport,
    /// Whether the program was called earlier in the block (the recent-program rule hit).
    pub recent_hit: bool,
    /// Whether the init cost was charged (not cached, and no recent hit).
    pub init_charged: bool,
    /// The frame's gas, split.
    pub gas: FrameGas,
}

/// Gas a call pays inside the program's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FrameGas {
    /// The starting pages, priced against the pages the transaction opened before.
    pub memory: u64,
    /// `MIN_CACHED_GAS` + cached init cost (every call).
    pub cached_init: u64,
    /// `MIN_INIT_GAS` + init cost, when charged; else 0.
    pub init: u64,
    /// The ink in gas, with any pages grown priced against the transaction's pages.
    pub execution: u64,
    /// Everything, at least the EVM's price for the returned bytes .
    pub frame: u64,
}

/// Calls from contracts in one block at one ArbOS version: the recent-program cache lives for the
/// block, the memory pages for a transaction ([`Block::next_transaction`]).
#[derive(Clone, Debug)]
pub struct Block {
    arbos: Arbos,
    recent: Option<RecentWasms>,
    /// Most pages the current transaction has had open (Nitro's `everWasmPages`).
    pages_ever: u16,
}

impl Block {
    /// A new block at `arbos`, its first transaction begun.
    pub fn new(arbos: Arbos) -> Self {
        Block {
            arbos,
            recent: arbos.recent_wasms().map(RecentWasms::new),
            pages_ever: 0,
        }
    }

    /// The block's ArbOS version.
    pub fn arbos(&self) -> Arbos {
        self.arbos
    }

    /// Starts the next transaction of the block: its pages start from none again, the recent
    /// programs stay.
    pub fn next_transaction(&mut self) {
        self.pages_ever = 0;
    }

    /// Calls `program` with `calldata` from a contract (so no Stylus pages are open around it);
    /// `cached` says whether the program is in the chain's cache (`ArbWasmCache`).
    pub fn call(
        &mut self,
        program: &Program,
        calldata: &[u8],
        cached: bool,
    ) -> Result<FrameCall, ExecError> {
        let report = program.call(calldata)?;
        let recent_hit = match &mut self.recent {
            Some(recent) => recent.insert(program.recent_key()),
            None => false,
        };
        let init_charged = !(cached || recent_hit);

        let facts = program.facts();
        let footprint = facts.activation.footprint;
        let ever = self.pages_ever;
        let memory = pricing::memory_pages_gas(footprint, 0, ever);
        // The call ran on its own (pages ever open = its footprint); re-price the pages it grew
        // against what this transaction opened before.
        let grown = pages_grown(footprint, Ink(report.ink.memory).to_gas().0);
        let grown_gas = pricing::memory_pages_gas(grown, footprint, ever.max(footprint));
        let execution = pricing::ink_to_gas_spent(report.ink.total - report.ink.memory) + grown_gas;
        self.pages_ever = ever.max(footprint.saturating_add(grown));

        let cached_init = pricing::cached_init_gas(facts.activation.cached_init_cost);
        let init = if init_charged {
            pricing::init_gas(facts.activation.init_cost)
        } else {
            0
        };
        let raw = memory + cached_init + init + execution;
        let frame = program.return_data_floor(raw, report.returndata.len());
        Ok(FrameCall {
            report,
            recent_hit,
            init_charged,
            gas: FrameGas {
                memory,
                cached_init,
                init,
                execution,
                frame,
            },
        })
    }
}

/// The pages a call grew, from the gas it paid for them when it ran alone: its growth steps
/// telescope to `GasCost(grown, footprint, footprint)` (arbos/programs/memory.go), which rises with
/// `grown` once past the free pages; below them any count costs nothing and re-prices to nothing.
fn pages_grown(footprint: u16, paid: u64) -> u16 {
    if paid == 0 {
        return 0;
    }
    (1..=u16::MAX - footprint)
        .find(|&grown| pricing::memory_pages_gas(grown, footprint, footprint) >= paid)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_wasms_is_an_lru_that_reports_hits() {
        let mut recent = RecentWasms::new(2);
        assert!(!recent.insert([1; 32]));
        assert!(recent.insert([1; 32]));
        assert!(!recent.insert([2; 32]));
        assert!(recent.insert([1; 32])); // 1 is now the most recent
        assert!(!recent.insert([3; 32])); // evicts 2
        assert!(!recent.insert([2; 32]));
        assert!(recent.insert([3; 32]));
    }

    #[test]
    fn recent_wasms_below_one_entry_keeps_one_as_go_ethereum_does() {
        // NewBasicLRU(0) has capacity 1: the last program called is remembered
        let mut recent = RecentWasms::new(0);
        assert!(!recent.insert([1; 32]));
        assert!(recent.insert([1; 32]));
        assert!(!recent.insert([2; 32])); // evicts 1
        assert!(!recent.insert([1; 32]));
    }

    #[test]
    fn grown_pages_are_recovered_from_their_price() {
        for footprint in [1u16, 2, 3, 10] {
            for grown in 1u16..40 {
                let paid = pricing::memory_pages_gas(grown, footprint, footprint);
                if paid > 0 {
                    assert_eq!(pages_grown(footprint, paid), grown, "{footprint} + {grown}");
                }
            }
        }
        assert_eq!(pages_grown(1, 0), 0);
    }
}
