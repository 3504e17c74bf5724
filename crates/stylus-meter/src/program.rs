//! A loaded program: validated, instrumented and compiled once, then called any number of times.

use crate::activation::{
    self, Activation, ActivationCharge, CodeLayout, ModuleFacts, Sizes, ENTRYPOINT,
};
use crate::arbos::Arbos;
use crate::error::{ExecError, LoadError};
use crate::evm::{self, Changes, EvmGas, Frame, Log};
use crate::host::{self, Escape, HostEnv};
use crate::meter::{NitroMeter, INK_LEFT, INK_STATUS};
use crate::pricing::{self, DEFAULT_INK_LIMIT};
use std::path::Path;
use std::sync::Arc;
use wasmer::sys::{CompilerConfig, EngineBuilder, Singlepass};
use wasmer::{Engine, FunctionEnv, Instance, Module, Store, Value};

/// `params.TxGas`: every transaction's intrinsic gas, which the figures here leave out.
pub const TX_BASE_GAS: u64 = 21_000;

/// A Stylus program ready to run.
pub struct Program {
    facts: ModuleFacts,
    engine: Engine,
    module: Module,
    /// The ArbOS version it was validated at, whose rules price its calls.
    arbos: Arbos,
    /// What the block's recent-program cache remembers it by (see [`Program::recent_key`]).
    recent_key: [u8; 32],
}

/// How the call ended, in Nitro's terms (`UserOutcome`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// `user_entrypoint` returned 0 (or `exit_early(0)`).
    Success,
    /// `user_entrypoint` returned nonzero (or `exit_early(n ≠ 0)`): revert with the return data.
    Revert,
    /// The program trapped (e.g. `unreachable` from a Rust panic): revert without data.
    Failure,
}

/// Ink spent by a call, split by what it paid for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct InkBreakdown {
    /// Everything: `opcodes + host_io + memory`.
    pub total: u64,
    /// Opcodes, basic-block headers and per-byte `memory.copy`/`memory.fill`.
    pub opcodes: u64,
    /// Host functions: base price, I/O bytes, keccak, logs.
    pub host_io: u64,
    /// New memory pages bought through `pay_for_memory_grow` during the call.
    pub memory: u64,
}

/// Gas of a call, Nitro's way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GasBreakdown {
    /// The ink in gas, rounded up (Nitro rounds the ink left down).
    pub execution: u64,
    /// EIP-2028 calldata gas (part of the transaction's intrinsic gas).
    pub calldata: u64,
    /// Gas of the program's starting pages beyond the free ones (memory model).
    pub memory: u64,
    /// `MIN_CACHED_GAS` + cached init cost: paid by every call.
    pub cached_init: u64,
    /// `MIN_INIT_GAS` + init cost: paid when the program is not cached.
    pub init: u64,
    /// The EIP-3529 refund counter at the end of the transaction (storage clears and restores;
    /// 0 when the call did not succeed).
    pub refund_counter: u64,
    /// The refund a transaction to the cached program gets: the counter, at most a fifth of its
    /// whole gas used (21,000 included).
    pub cached_refund: u64,
    /// The same for the uncached program.
    pub uncached_refund: u64,
    /// A transaction calling the cached program, minus 21,000:
    /// `calldata + cached_init + memory + execution − cached_refund`.
    pub cached_call: u64,
    /// The same, uncached: `calldata + cached_init + init + memory + execution − uncached_refund`
    /// (`cached_call + init` when nothing is refunded).
    pub uncached_call: u64,
    /// What a call from a contract pays inside the program's frame when the program is cached (or,
    /// from ArbOS 60, was called earlier in the block): `cached_init + memory + execution`, and at
    /// least the EVM's price for the returned bytes (from ArbOS 31, `evmMemoryCost`).
    pub frame_cached: u64,
    /// The same for a program neither cached nor called earlier in the block: `init` on top.
    pub frame_uncached: u64,
}

/// What a call did and cost.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CallReport {
    /// The return (or revert) data.
    pub returndata: Vec<u8>,
    /// Whether the call reverted (`outcome` is not success).
    pub reverted: bool,
    /// How the call ended.
    pub outcome: Outcome,
    /// Ink spent.
    pub ink: InkBreakdown,
    /// Gas.
    pub gas: GasBreakdown,
    /// Gas bought through the EVM API (storage, logs, accounts), part of `ink.host_io`.
    pub evm: EvmGas,
    /// Logs emitted (none when the call did not succeed).
    pub logs: Vec<Log>,
}

impl Program {
    /// Reads, validates and compiles a `.wasm` file at the ArbOS version Arbitrum One runs.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Program, LoadError> {
        Program::from_file_at(path, Arbos::default())
    }

    /// Reads, validates and compiles a `.wasm` file as activation at `arbos` would.
    pub fn from_file_at(path: impl AsRef<Path>, arbos: Arbos) -> Result<Program, LoadError> {
        let path = path.as_ref();
        let wasm = std::fs::read(path).map_err(|source| LoadError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Program::from_bytes_at(&wasm, arbos)
    }

    /// Validates and compiles a `.wasm` module at the ArbOS version Arbitrum One runs.
    pub fn from_bytes(wasm: &[u8]) -> Result<Program, LoadError> {
        Program::from_bytes_at(wasm, Arbos::default())
    }

    /// Validates and compiles a `.wasm` module as activation at `arbos` would.
    pub fn from_bytes_at(wasm: &[u8], arbos: Arbos) -> Result<Program, LoadError> {
        let facts = activation::analyze(wasm, arbos)?;
        let mut compiler = Singlepass::new();
        compiler.push_middleware(Arc::new(NitroMeter::new(
            facts.block_ink.clone(),
            facts.memory_grow_hook,
        )));
        let engine: Engine = EngineBuilder::new(compiler).into();
        let module = Module::new(&engine, wasm)
            .map_err(|e| LoadError::Compile(crate::error::printable(&e.to_string())))?;
        let recent_key = facts
            .code_hash
            .unwrap_or_else(|| alloy_primitives::keccak256(wasm).0);
        Ok(Program {
            facts,
            engine,
            module,
            arbos,
            recent_key,
        })
    }

    /// The ArbOS version the program was validated at.
    pub fn arbos(&self) -> Arbos {
        self.arbos
    }

    /// How the module goes on chain at that version: one contract, or a root and fragments.
    pub fn layout(&self) -> &CodeLayout {
        &self.facts.layout
    }

    /// What activating it burns at its version, given the chain's `ActivationGas` parameter
    /// (Nitro's initial value is [`crate::arbos::INITIAL_ACTIVATION_GAS`]).
    pub fn activation_charge(&self, activation_gas: u64) -> ActivationCharge {
        activation::activation_charge(&self.facts, self.arbos, activation_gas)
    }

    /// Its opcodes, as read and as Nitro instruments them (activation's compile charge counts these).
    pub fn opcodes(&self) -> activation::Opcodes {
        self.facts.work.opcodes
    }

    /// keccak256 of its code deployed as one contract, `0xEFF00000 ‖ brotli(wasm)` (what
    /// `stylus-meter deployment` prints): the `codeHash` Nitro keys activation, caching and the
    /// block's recent programs by. `None` for a program over one contract: its root's code names
    /// the addresses its fragments were deployed at, which the module alone does not give.
    pub fn code_hash(&self) -> Option<[u8; 32]> {
        self.facts.code_hash
    }

    /// The key of the program in the block's recent-program cache: Nitro's `codeHash` of the
    /// called contract (`contract.CodeHash`, arbos/programs/programs.go `CallProgram`; for a
    /// fragmented program the root's), i.e. [`Program::code_hash`]; for a root, whose code hash
    /// the module does not give, keccak256 of the module, which is as unique to the program.
    pub fn recent_key(&self) -> [u8; 32] {
        self.recent_key
    }

    /// What Nitro's activation would store for this program.
    pub fn activation(&self) -> Activation {
        self.facts.activation
    }

    /// Sizes of the module, raw and as deployed.
    pub fn sizes(&self) -> Sizes {
        self.facts.sizes
    }

    /// Names of the `vm_hooks` functions the program imports.
    pub fn host_imports(&self) -> Vec<&'static str> {
        self.facts.imports.iter().map(|h| h.name()).collect()
    }

    /// Calls `user_entrypoint` with `calldata` and [`DEFAULT_INK_LIMIT`] ink.
    pub fn call(&self, calldata: &[u8]) -> Result<CallReport, ExecError> {
        self.call_with_ink(calldata, DEFAULT_INK_LIMIT)
    }

    /// Calls `user_entrypoint` with `calldata`, giving it `ink_limit` ink, in an empty world
    /// from and to the zero address (see [`evm::Evm`] for calls with state).
    pub fn call_with_ink(&self, calldata: &[u8], ink_limit: u64) -> Result<CallReport, ExecError> {
        self.run(calldata, ink_limit, Frame::default())
            .map(|(report, _)| report)
    }

    /// Calls `user_entrypoint` in `frame`'s transaction; returns what the call did and cost, and
    /// the changes to commit (none unless it succeeded).
    pub(crate) fn run(
        &self,
        calldata: &[u8],
        ink_limit: u64,
        frame: Frame,
    ) -> Result<(CallReport, Changes), ExecError> {
        let len = i32::try_from(calldata.len())
            .map_err(|_| ExecError::CalldataTooLong(calldata.len()))?;
        let footprint = self.facts.activation.footprint;
        let mut store = Store::new(self.engine.clone());
        let env = FunctionEnv::new(
            &mut store,
            HostEnv {
                args: calldata.to_vec(),
                // the call itself opened the starting pages (programs.go `AddStylusPages`)
                pages_open: footprint,
                pages_ever: footprint,
                frame,
                ..HostEnv::default()
            },
        );
        let imports = host::imports(&mut store, &env, &self.facts.imports);
        let instance = Instance::new(&mut store, &self.module, &imports)
            .map_err(|e| ExecError::Instantiate(crate::error::printable(&e.to_string())))?;
        let exports = &instance.exports;
        let instantiate = |e: &dyn std::fmt::Display| {
            ExecError::Instantiate(crate::error::printable(&e.to_string()))
        };
        let memory = exports.get_memory("memory").map_err(|e| instantiate(&e))?;
        let ink = exports.get_global(INK_LEFT).map_err(|e| instantiate(&e))?;
        let status = exports
            .get_global(INK_STATUS)
            .map_err(|e| instantiate(&e))?;
        let entry = exports
            .get_typed_function::<i32, i32>(&store, ENTRYPOINT)
            .map_err(|e| instantiate(&e))?;
        ink.set(&mut store, Value::I64(ink_limit as i64))
            .map_err(|e| instantiate(&e))?;
        {
            let env = env.as_mut(&mut store);
            env.memory = Some(memory.clone());
            env.ink_left = Some(ink.clone());
            env.ink_status = Some(status.clone());
        }

        let result = entry.call(&mut store, len);

        if status.get(&mut store).unwrap_i32() != 0 {
            return Err(ExecError::OutOfInk { limit: ink_limit });
        }
        let outcome = match result {
            Ok(0) => Outcome::Success,
            Ok(_) => Outcome::Revert,
            Err(err) => match err.downcast::<Escape>() {
                Ok(Escape::Exit(0)) => Outcome::Success,
                Ok(Escape::Exit(_)) => Outcome::Revert,
                Ok(Escape::OutOfInk) => return Err(ExecError::OutOfInk { limit: ink_limit }),
                Ok(Escape::CallsNotModelled(host)) => {
                    return Err(ExecError::CallsNotModelled { host: host.name() })
                }
                Ok(Escape::Fault(_)) | Err(_) => Outcome::Failure,
            },
        };
        let left = ink.get(&mut store).unwrap_i64() as u64;
        let frame = std::mem::take(&mut env.as_mut(&mut store).frame);
        let (finished, evm_gas) = frame.finish(outcome == Outcome::Success);
        let env = env.as_ref(&store);
        let total = ink_limit - left;
        let ink = InkBreakdown {
            total,
            opcodes: total - env.host_io_ink.0 - env.memory_ink.0,
            host_io: env.host_io_ink.0,
            memory: env.memory_ink.0,
        };
        let returndata = match outcome {
            Outcome::Failure => Vec::new(),
            _ => env.outs.clone(),
        };
        let report = CallReport {
            reverted: outcome != Outcome::Success,
            outcome,
            ink,
            gas: self.gas(calldata, total, returndata.len(), finished.refund_counter),
            returndata,
            evm: evm_gas,
            logs: finished.logs,
        };
        Ok((report, finished.changes))
    }

    fn gas(&self, calldata: &[u8], ink: u64, returned: usize, refund_counter: u64) -> GasBreakdown {
        let activation = self.facts.activation;
        let execution = pricing::ink_to_gas_spent(ink);
        let calldata = pricing::calldata_gas(calldata);
        let memory = pricing::memory_pages_gas(activation.footprint, 0, 0);
        let cached_init = pricing::cached_init_gas(activation.cached_init_cost);
        let init = pricing::init_gas(activation.init_cost);
        let frame = cached_init + memory + execution;
        let frame_cached = self.return_data_floor(frame, returned);
        let frame_uncached = self.return_data_floor(frame + init, returned);
        let (cached_used, uncached_used) = (calldata + frame_cached, calldata + frame_uncached);
        // the cap is a fifth of the transaction's whole gas used, its 21,000 included
        let refund = |used: u64| evm::pricing::capped_refund(refund_counter, TX_BASE_GAS + used);
        let (cached_refund, uncached_refund) = (refund(cached_used), refund(uncached_used));
        GasBreakdown {
            execution,
            calldata,
            memory,
            cached_init,
            init,
            refund_counter,
            cached_refund,
            uncached_refund,
            cached_call: cached_used - cached_refund,
            uncached_call: uncached_used - uncached_refund,
            frame_cached,
            frame_uncached,
        }
    }

    /// A call that returns data uses at least the EVM's price for that memory (`CallProgram`,
    /// arbos/programs/programs.go: `contract.Gas` is capped at `startingGas -
    /// evmMemoryCost(len(ret))`; from ArbOS 31, `ArbosVersion_StylusFixes`: always from 50).
    pub(crate) fn return_data_floor(&self, frame: u64, returned: usize) -> u64 {
        if returned > 0 {
            frame.max(pricing::evm_memory_cost(returned))
        } else {
            frame
        }
    }

    /// The program's analysed facts (footprint, activation) for the repeated-call pricer.
    pub(crate) fn facts(&self) -> &ModuleFacts {
        &self.facts
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn program_can_be_shared_across_threads() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<super::Program>();
    }
}
