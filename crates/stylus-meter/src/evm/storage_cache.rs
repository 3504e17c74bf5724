//! The storage cache a Stylus program call keeps on Nitro's Rust side (`StorageCache`,
//! crates/arbutil/src/evm/storage.rs; `EvmApiRequestor`, crates/arbutil/src/evm/req.rs).
//!
//! Loads ask the EVM only for slots the call has not seen; stores stay in the cache until
//! `storage_flush_cache`, which sends each changed slot once, in ascending key order, to the EVM
//! (`SetTrieSlots`). A slot written back to the value the call last knew from the EVM is not sent.
//! Every load and every store also pays the cache's own counters (`read_gas`, `write_gas`).

use super::pricing;
use alloy_primitives::B256;
use std::collections::HashMap;

#[derive(Clone, Copy, Debug)]
struct Word {
    value: B256,
    /// The value the EVM has, when the call knows it (loaded, or flushed).
    known: Option<B256>,
}

/// One program call's storage cache.
#[derive(Debug, Default)]
pub struct StorageCache {
    slots: HashMap<B256, Word>,
    reads: u64,
    writes: u64,
}

impl StorageCache {
    /// Counts a load and returns the cached value, if any, with the load's cache gas.
    pub fn read(&mut self, key: B256) -> (Option<B256>, u64) {
        self.reads += 1;
        let value = self.slots.get(&key).map(|word| word.value);
        (value, pricing::cache_read_gas(self.reads))
    }

    /// Remembers the value a load brought from the EVM.
    pub fn insert_known(&mut self, key: B256, value: B256) {
        self.slots.entry(key).or_insert(Word {
            value,
            known: Some(value),
        });
    }

    /// `storage_cache_bytes32`: caches `value` and returns the store's cache gas.
    pub fn write(&mut self, key: B256, value: B256) -> u64 {
        self.writes += 1;
        self.slots
            .entry(key)
            .and_modify(|word| word.value = value)
            .or_insert(Word { value, known: None });
        pricing::cache_write_gas(self.writes)
    }

    /// `storage_flush_cache`: the slots to send to the EVM, in ascending key order. They become
    /// known; with `clear` the cache forgets every slot.
    pub fn flush(&mut self, clear: bool) -> Vec<(B256, B256)> {
        let mut dirty: Vec<(B256, B256)> = self
            .slots
            .iter_mut()
            .filter(|(_, word)| word.known != Some(word.value))
            .map(|(&key, word)| {
                word.known = Some(word.value);
                (key, word.value)
            })
            .collect();
        if clear {
            self.slots.clear();
        }
        dirty.sort_unstable_by_key(|&(key, _)| key);
        dirty
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(n: u8) -> B256 {
        B256::with_last_byte(n)
    }

    #[test]
    fn a_slot_loaded_and_written_back_unchanged_is_not_flushed() {
        let mut cache = StorageCache::default();
        assert_eq!(cache.read(word(1)), (None, 0));
        cache.insert_known(word(1), word(9));
        assert_eq!(cache.read(word(1)), (Some(word(9)), 0));
        cache.write(word(1), word(3));
        cache.write(word(1), word(9));
        assert!(cache.flush(false).is_empty());
    }

    #[test]
    fn a_slot_written_without_a_load_is_flushed_even_if_unchanged() {
        let mut cache = StorageCache::default();
        cache.write(word(2), B256::ZERO);
        assert_eq!(cache.flush(false), [(word(2), B256::ZERO)]);
        // flushed values are known: a second flush sends nothing
        assert!(cache.flush(false).is_empty());
    }

    #[test]
    fn flush_sorts_by_key_and_clear_forgets() {
        let mut cache = StorageCache::default();
        for key in [7u8, 1, 200, 3] {
            cache.write(word(key), word(key));
        }
        let keys: Vec<_> = cache.flush(true).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, [word(1), word(3), word(7), word(200)]);
        assert_eq!(cache.read(word(1)).0, None);
    }

    #[test]
    fn counters_charge_from_the_33rd_read_and_9th_write() {
        let mut cache = StorageCache::default();
        let reads: u64 = (0..40).map(|_| cache.read(word(1)).1).sum();
        assert_eq!(reads, 8 * 2);
        let writes: u64 = (0..10).map(|i| cache.write(word(i), word(i))).sum();
        assert_eq!(writes, 2 * 7);
    }
}
