//! The world a transaction runs against, as a seam (revm's `Database` and `DatabaseCommit`): the
//! journal reads accounts and storage through [`Database`] and hands the transaction's writes to
//! [`DatabaseCommit`] once it succeeds. [`MemoryDb`] is the implementation the state file loads
//! into and is written from.

use alloy_primitives::{keccak256, Address, B256, U256};
use std::collections::BTreeMap;

/// Reads of the state before the transaction (revm's `Database`).
pub trait Database {
    /// The value of `key` in `address`'s storage (zero when never written).
    fn storage(&self, address: Address, key: B256) -> B256;
    /// `address`'s balance in wei.
    fn balance(&self, address: Address) -> U256;
    /// `address`'s code (empty for an account without code).
    fn code(&self, address: Address) -> &[u8];
    /// Whether the account exists in the EIP-161 sense: a nonzero balance, or code, or storage.
    fn exists(&self, address: Address) -> bool;
}

/// What a successful transaction changed, handed to [`DatabaseCommit::commit`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Storage slots written, with their final values (zero clears the slot).
    pub storage: BTreeMap<(Address, B256), B256>,
    /// Balances changed, with their final values.
    pub balances: BTreeMap<Address, U256>,
}

/// Applies a transaction's changes (revm's `DatabaseCommit`).
pub trait DatabaseCommit {
    /// Makes `changes` the new state.
    fn commit(&mut self, changes: &Changes);
}

/// One account of [`MemoryDb`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Account {
    /// Balance in wei.
    pub balance: U256,
    /// Code (empty: none).
    pub code: Vec<u8>,
    /// Nonzero storage slots.
    pub storage: BTreeMap<B256, B256>,
}

impl Account {
    fn is_empty(&self) -> bool {
        self.balance.is_zero() && self.code.is_empty() && self.storage.is_empty()
    }

    /// `keccak256(code)`: what EXTCODEHASH returns for an existing account.
    pub fn code_hash(&self) -> B256 {
        keccak256(&self.code)
    }
}

/// An in-memory world: accounts by address, sorted, so that it serializes the same way every time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryDb {
    /// The accounts; a missing one is empty.
    pub accounts: BTreeMap<Address, Account>,
}

impl Database for MemoryDb {
    fn storage(&self, address: Address, key: B256) -> B256 {
        self.accounts
            .get(&address)
            .and_then(|account| account.storage.get(&key).copied())
            .unwrap_or_default()
    }

    fn balance(&self, address: Address) -> U256 {
        self.accounts
            .get(&address)
            .map_or(U256::ZERO, |account| account.balance)
    }

    fn code(&self, address: Address) -> &[u8] {
        self.accounts
            .get(&address)
            .map_or(&[], |account| account.code.as_slice())
    }

    fn exists(&self, address: Address) -> bool {
        self.accounts
            .get(&address)
            .is_some_and(|account| !account.is_empty())
    }
}

impl DatabaseCommit for MemoryDb {
    fn commit(&mut self, changes: &Changes) {
        for (&(address, key), &value) in &changes.storage {
            let account = self.accounts.entry(address).or_default();
            if value.is_zero() {
                account.storage.remove(&key);
            } else {
                account.storage.insert(key, value);
            }
        }
        for (&address, &balance) in &changes.balances {
            self.accounts.entry(address).or_default().balance = balance;
        }
        // an account left with nothing is not kept (EIP-161: empty accounts do not exist)
        self.accounts.retain(|_, account| !account.is_empty());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commit_writes_clears_and_drops_empty_accounts() {
        let program = Address::with_last_byte(0xc0);
        let (one, two) = (B256::with_last_byte(1), B256::with_last_byte(2));
        let mut db = MemoryDb::default();
        let mut changes = Changes::default();
        changes.storage.insert((program, one), two);
        db.commit(&changes);
        assert_eq!(db.storage(program, one), two);
        assert!(db.exists(program));

        changes.storage.insert((program, one), B256::ZERO);
        db.commit(&changes);
        assert_eq!(db.storage(program, one), B256::ZERO);
        assert!(!db.exists(program));
        assert!(db.accounts.is_empty());
    }
}
