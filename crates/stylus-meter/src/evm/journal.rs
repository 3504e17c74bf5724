//! One transaction's view of the world, the EVM side of Nitro's EVM API (revm's journal): the
//! EIP-2929 access lists, the values each slot had when the transaction began (EIP-2200's
//! "original"), the writes so far, the refund counter, transient storage, balances and logs.
//!
//! Each method is one request of arbos/programs/api.go (`GetBytes32`, `SetTrieSlots`, ...) and
//! returns the gas Go would report for it; nothing reaches the [`Database`] until [`Journal::finish`]
//! commits a successful transaction.

use super::database::{Changes, Database};
use super::pricing;
use alloy_primitives::{Address, B256, U256};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

/// A log the program emitted.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Log {
    /// The emitting contract.
    pub address: Address,
    /// Up to four topics.
    pub topics: Vec<B256>,
    /// The data after the topics.
    #[serde(serialize_with = "super::serialize_hex")]
    pub data: Vec<u8>,
}

/// Why a transaction cannot start.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TxError {
    /// The sender's balance is below the value sent (`ErrInsufficientFundsForTransfer`).
    #[error("insufficient funds for transfer: {sender} has {balance} wei, the transaction sends {value}")]
    InsufficientFunds {
        /// The sender.
        sender: Address,
        /// Its balance.
        balance: U256,
        /// The value sent.
        value: U256,
    },
}

/// The state one transaction sees and changes.
pub struct Journal {
    db: Arc<dyn Database + Send + Sync>,
    warm_accounts: HashSet<Address>,
    warm_slots: HashSet<(Address, B256)>,
    /// Slots written in this transaction, with their current values.
    written: HashMap<(Address, B256), B256>,
    balances: HashMap<Address, U256>,
    transient: HashMap<(Address, B256), B256>,
    refund: u64,
    logs: Vec<Log>,
}

impl Journal {
    /// Begins a transaction from `sender` to `to`, as go-ethereum's `StateDB.Prepare` does (EIP-2929
    /// and EIP-3651): the sender, the recipient, the coinbase and the precompiles start warm.
    pub fn begin(
        db: Arc<dyn Database + Send + Sync>,
        sender: Address,
        to: Address,
        coinbase: Address,
    ) -> Journal {
        let mut warm_accounts: HashSet<Address> = super::precompiles().collect();
        warm_accounts.extend([sender, to, coinbase]);
        Journal {
            db,
            warm_accounts,
            warm_slots: HashSet::new(),
            written: HashMap::new(),
            balances: HashMap::new(),
            transient: HashMap::new(),
            refund: 0,
            logs: Vec::new(),
        }
    }

    /// Moves `value` wei from `from` to `to` (the transaction's value transfer).
    pub fn transfer(&mut self, from: Address, to: Address, value: U256) -> Result<(), TxError> {
        if value.is_zero() {
            return Ok(());
        }
        let balance = self.balance(from);
        if balance < value {
            return Err(TxError::InsufficientFunds {
                sender: from,
                balance,
                value,
            });
        }
        self.balances.insert(from, balance - value);
        let credited = self.balance(to).saturating_add(value);
        self.balances.insert(to, credited);
        Ok(())
    }

    /// The slot's value now (`StateDB.GetState`).
    pub fn state(&self, address: Address, key: B256) -> B256 {
        self.written
            .get(&(address, key))
            .copied()
            .unwrap_or_else(|| self.db.storage(address, key))
    }

    /// Warms the slot, returning whether it was cold.
    fn touch_slot(&mut self, address: Address, key: B256) -> bool {
        self.warm_slots.insert((address, key))
    }

    /// Warms the account, returning whether it was cold.
    fn touch_account(&mut self, address: Address) -> bool {
        self.warm_accounts.insert(address)
    }

    /// `GetBytes32`: the slot's value and its EIP-2929 gas (`WasmStateLoadCost`).
    pub fn load(&mut self, address: Address, key: B256) -> (B256, u64) {
        let cold = self.touch_slot(address, key);
        (self.state(address, key), pricing::sload_gas(cold))
    }

    /// One slot of `SetTrieSlots`: its gas (`WasmStateStoreCost`, with its refund applied to the
    /// counter) when `gas_left` covers it, then the write; `None`, writing nothing, when it does
    /// not (out of gas).
    pub fn store(
        &mut self,
        address: Address,
        key: B256,
        value: B256,
        gas_left: u64,
    ) -> Option<u64> {
        let current = self.state(address, key);
        let original = self.db.storage(address, key);
        let cold = !self.warm_slots.contains(&(address, key));
        let cost = pricing::sstore_cost(cold, original, current, value);
        if cost.gas > gas_left {
            return None;
        }
        self.touch_slot(address, key);
        // geth's refund counter never goes below zero: a negative change only undoes an earlier
        // positive one of the same transaction (EIP-2200)
        self.refund = self
            .refund
            .checked_add_signed(cost.refund)
            .expect("refund counter below zero");
        self.written.insert((address, key), value);
        Some(cost.gas)
    }

    /// `GetTransientBytes32` (EIP-1153).
    pub fn transient_load(&self, address: Address, key: B256) -> B256 {
        self.transient
            .get(&(address, key))
            .copied()
            .unwrap_or_default()
    }

    /// `SetTransientBytes32` (EIP-1153).
    pub fn transient_store(&mut self, address: Address, key: B256, value: B256) {
        self.transient.insert((address, key), value);
    }

    /// `AccountBalance`: the balance and its EIP-2929 gas (`WasmAccountTouchCost`).
    pub fn account_balance(&mut self, address: Address) -> (U256, u64) {
        let cold = self.touch_account(address);
        (
            self.balance(address),
            pricing::account_touch_gas(cold, false),
        )
    }

    /// `AccountCode`: the code and its gas (`WasmAccountTouchCost` with the code charge); no code
    /// when `gas_left` does not cover the gas (api.go checks before it loads).
    pub fn account_code(&mut self, address: Address, gas_left: u64) -> (Vec<u8>, u64) {
        let cold = self.touch_account(address);
        let gas = pricing::account_touch_gas(cold, true);
        if gas_left < gas {
            return (Vec::new(), gas);
        }
        (self.db.code(address).to_vec(), gas)
    }

    /// `AccountCodeHash`: EXTCODEHASH (zero for an account that does not exist) and its gas.
    pub fn account_codehash(&mut self, address: Address) -> (B256, u64) {
        let cold = self.touch_account(address);
        let exists = self.db.exists(address) || !self.balance(address).is_zero();
        let hash = if exists {
            alloy_primitives::keccak256(self.db.code(address))
        } else {
            B256::ZERO
        };
        (hash, pricing::account_touch_gas(cold, false))
    }

    /// The balance now.
    pub fn balance(&self, address: Address) -> U256 {
        self.balances
            .get(&address)
            .copied()
            .unwrap_or_else(|| self.db.balance(address))
    }

    /// `EmitLog`: records the log (its gas is paid by the host function).
    pub fn emit_log(&mut self, log: Log) {
        self.logs.push(log);
    }

    /// The refund counter now.
    pub fn refund_counter(&self) -> u64 {
        self.refund
    }

    /// Ends the transaction: on success its changes, logs and refund counter; on failure nothing
    /// (the EVM reverts the call's state, logs and refunds; the gas stays spent).
    pub fn finish(self, success: bool) -> Finished {
        if !success {
            return Finished::default();
        }
        let storage: BTreeMap<_, _> = self
            .written
            .into_iter()
            .filter(|&((address, key), value)| self.db.storage(address, key) != value)
            .collect();
        let balances = self
            .balances
            .into_iter()
            .filter(|&(address, value)| self.db.balance(address) != value)
            .collect();
        Finished {
            changes: Changes { storage, balances },
            logs: self.logs,
            refund_counter: self.refund,
        }
    }
}

/// What a finished transaction leaves.
#[derive(Debug, Default)]
pub struct Finished {
    /// The changes to commit.
    pub changes: Changes,
    /// Its logs.
    pub logs: Vec<Log>,
    /// The refund counter at its end.
    pub refund_counter: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evm::database::{DatabaseCommit, MemoryDb};

    const PROGRAM: Address = Address::with_last_byte(0xc0);
    const SENDER: Address = Address::with_last_byte(0xee);

    fn word(n: u8) -> B256 {
        B256::with_last_byte(n)
    }

    fn begin(db: &Arc<MemoryDb>) -> Journal {
        Journal::begin(db.clone(), SENDER, PROGRAM, Address::ZERO)
    }

    #[test]
    fn slots_are_cold_once_per_transaction() {
        let db = Arc::new(MemoryDb::default());
        let mut tx = begin(&db);
        assert_eq!(tx.load(PROGRAM, word(1)), (B256::ZERO, 2_100));
        assert_eq!(tx.load(PROGRAM, word(1)), (B256::ZERO, 100));
        // a store to a slot already loaded is warm: set 20,000
        assert_eq!(tx.store(PROGRAM, word(1), word(7), u64::MAX), Some(20_000));
        // the next transaction starts cold again
        let mut next = begin(&db);
        assert_eq!(next.load(PROGRAM, word(1)).1, 2_100);
    }

    #[test]
    fn original_values_are_those_of_the_transaction_start() {
        let mut db = MemoryDb::default();
        let mut first = begin(&Arc::new(db.clone()));
        assert_eq!(
            first.store(PROGRAM, word(1), word(5), u64::MAX),
            Some(22_100)
        );
        // written again in the same transaction: dirty, 100
        assert_eq!(first.store(PROGRAM, word(1), word(6), u64::MAX), Some(100));
        let done = first.finish(true);
        assert_eq!(done.changes.storage[&(PROGRAM, word(1))], word(6));
        db.commit(&done.changes);

        // next transaction: 6 is the original; clearing it refunds 4,800
        let mut second = begin(&Arc::new(db.clone()));
        assert_eq!(
            second.store(PROGRAM, word(1), B256::ZERO, u64::MAX),
            Some(5_000)
        );
        assert_eq!(second.refund_counter(), 4_800);
        // and writing it back takes the refund back, then restores: 100, −4,800 + 2,800
        assert_eq!(second.store(PROGRAM, word(1), word(6), u64::MAX), Some(100));
        assert_eq!(second.refund_counter(), 2_800);
        let done = second.finish(true);
        assert!(done.changes.storage.is_empty(), "back to the original");
    }

    #[test]
    fn out_of_gas_store_writes_nothing_and_failure_discards() {
        let db = Arc::new(MemoryDb::default());
        let mut tx = begin(&db);
        assert_eq!(tx.store(PROGRAM, word(1), word(1), 22_099), None);
        assert_eq!(tx.state(PROGRAM, word(1)), B256::ZERO);
        assert_eq!(tx.store(PROGRAM, word(1), word(1), 22_100), Some(22_100));
        tx.emit_log(Log {
            address: PROGRAM,
            topics: vec![],
            data: vec![],
        });
        let done = tx.finish(false);
        assert!(done.changes.storage.is_empty() && done.logs.is_empty());
    }

    #[test]
    fn accounts_warm_and_value_transfer() {
        let mut db = MemoryDb::default();
        db.accounts.entry(SENDER).or_default().balance = U256::from(10);
        let db = Arc::new(db);
        let mut tx = begin(&db);
        // sender, recipient, coinbase and precompiles start warm
        assert_eq!(tx.account_balance(SENDER), (U256::from(10), 100));
        assert_eq!(tx.account_balance(Address::with_last_byte(1)).1, 100);
        let stranger = Address::repeat_byte(0x42);
        assert_eq!(tx.account_balance(stranger), (U256::ZERO, 2_600));
        assert_eq!(tx.account_codehash(stranger), (B256::ZERO, 100));
        assert!(matches!(
            tx.transfer(SENDER, PROGRAM, U256::from(11)),
            Err(TxError::InsufficientFunds { .. })
        ));
        tx.transfer(SENDER, PROGRAM, U256::from(4)).unwrap();
        assert_eq!(tx.balance(PROGRAM), U256::from(4));
        let done = tx.finish(true);
        assert_eq!(done.changes.balances[&SENDER], U256::from(6));
    }
}
