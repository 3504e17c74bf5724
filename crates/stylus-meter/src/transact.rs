//! Transactions against a world: [`Evm::transact`], which runs a [`Program`] in a [`Frame`].
//!
//! It sits above both the program and the EVM, so neither imports the other (revm keeps its
//! handler above its interpreter the same way).

use crate::error::ExecError;
use crate::evm::{Database, DatabaseCommit, Evm, Frame, Journal, Tx};
use crate::program::{CallReport, Program};
use std::sync::Arc;

impl Evm {
    /// Runs `tx` as its own transaction (cold access lists, originals as of now) and commits its
    /// changes when it succeeds. A revert or a trap changes nothing but costs its gas; an error
    /// (out of ink, a value the sender cannot pay) is not a transaction and changes nothing.
    pub fn transact(&mut self, program: &Program, tx: &Tx) -> Result<CallReport, ExecError> {
        let db: Arc<dyn Database + Send + Sync> = self.db.clone();
        let mut journal = Journal::begin(db, tx.from, tx.to, self.block.coinbase);
        journal.transfer(tx.from, tx.to, tx.value)?;
        let frame = Frame::new(journal, self.block, tx);
        let (report, changes) = program.run(&tx.calldata, tx.ink_limit, frame)?;
        Arc::get_mut(&mut self.db)
            .expect("the call's frame is gone")
            .commit(&changes);
        Ok(report)
    }
}
