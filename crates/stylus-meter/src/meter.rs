//! Wasmer middleware that instruments a program the way Nitro does before compiling it.
//!
//! Nitro (arbitrator/prover/src/programs/{meter,dynamic,heap}.rs) applies, in order:
//! - the ink meter: before each basic block, a header that traps with status 1 when
//!   `ink_left < cost` and otherwise subtracts `cost` = the block's opcode prices +
//!   [`BLOCK_HEADER_INK`](crate::pricing::BLOCK_HEADER_INK);
//! - the dynamic meter: before `memory.fill` / `memory.copy`, charges 100 ink per byte;
//! - the heap bound: before `memory.grow`, calls `vm_hooks.pay_for_memory_grow(pages)`.
//!
//! The ops these insert are not priced themselves (they come after the meter). Block costs are
//! computed ahead of compilation (see [`crate::activation`]), so the header can be emitted at
//! the block's first op, exactly where Nitro puts it.

use crate::pricing::MEMORY_BULK_INK_PER_BYTE;
use std::sync::{Arc, Mutex};
use wasmer::sys::{FunctionMiddleware, MiddlewareError, MiddlewareReaderState, ModuleMiddleware};
use wasmer::{ExportIndex, GlobalInit, GlobalType, LocalFunctionIndex, Mutability, Type};
use wasmer_types::ModuleInfo;
use wasmparser::{BlockType, Operator};

/// Export name of the ink-left global (Nitro's `STYLUS_INK_LEFT`).
pub const INK_LEFT: &str = "stylus_ink_left";
/// Export name of the ink-status global: 0 while ink remains, 1 once exhausted.
pub const INK_STATUS: &str = "stylus_ink_status";

#[derive(Debug, Clone, Copy)]
struct Globals {
    ink: u32,
    status: u32,
    scratch: u32,
}

/// Instruments every function of one module.
#[derive(Debug)]
pub(crate) struct NitroMeter {
    block_ink: Arc<Vec<Vec<u64>>>,
    memory_grow_hook: Option<u32>,
    globals: Mutex<Option<Globals>>,
}

impl NitroMeter {
    pub fn new(block_ink: Vec<Vec<u64>>, memory_grow_hook: Option<u32>) -> Self {
        Self {
            block_ink: Arc::new(block_ink),
            memory_grow_hook,
            globals: Mutex::new(None),
        }
    }
}

impl ModuleMiddleware for NitroMeter {
    fn generate_function_middleware(
        &self,
        index: LocalFunctionIndex,
    ) -> Box<dyn FunctionMiddleware> {
        let globals = self
            .globals
            .lock()
            .expect("meter lock")
            .expect("transform_module_info runs before functions are instrumented");
        Box::new(FuncMeter {
            costs: self.block_ink.clone(),
            func: index.as_u32() as usize,
            next_block: 0,
            at_block_start: true,
            globals,
            memory_grow_hook: self.memory_grow_hook,
        })
    }

    fn transform_module_info(&self, info: &mut ModuleInfo) -> Result<(), MiddlewareError> {
        let mut add = |name: &str, ty: Type, init: GlobalInit| {
            let index = info.globals.push(GlobalType::new(ty, Mutability::Var));
            info.global_initializers.push(init);
            info.exports
                .insert(name.to_string(), ExportIndex::Global(index));
            index.as_u32()
        };
        let ink = add(INK_LEFT, Type::I64, GlobalInit::I64Const(0));
        let status = add(INK_STATUS, Type::I32, GlobalInit::I32Const(0));
        let scratch = add("stylus_scratch", Type::I32, GlobalInit::I32Const(0));
        *self.globals.lock().expect("meter lock") = Some(Globals {
            ink,
            status,
            scratch,
        });
        Ok(())
    }
}

#[derive(Debug)]
struct FuncMeter {
    costs: Arc<Vec<Vec<u64>>>,
    func: usize,
    next_block: usize,
    at_block_start: bool,
    globals: Globals,
    memory_grow_hook: Option<u32>,
}

impl FuncMeter {
    fn trap_with_status<'a>(&self) -> [Operator<'a>; 5] {
        [
            Operator::If {
                blockty: BlockType::Empty,
            },
            Operator::I32Const { value: 1 },
            Operator::GlobalSet {
                global_index: self.globals.status,
            },
            Operator::Unreachable,
            Operator::End,
        ]
    }
}

impl FunctionMiddleware for FuncMeter {
    fn feed<'a>(
        &mut self,
        op: Operator<'a>,
        state: &mut MiddlewareReaderState<'a>,
    ) -> Result<(), MiddlewareError> {
        let Globals {
            ink,
            status: _,
            scratch,
        } = self.globals;

        if self.at_block_start {
            let cost = *self
                .costs
                .get(self.func)
                .and_then(|blocks| blocks.get(self.next_block))
                .ok_or_else(|| {
                    MiddlewareError::new("ink meter", "more basic blocks than analysed")
                })?;
            self.next_block += 1;
            self.at_block_start = false;
            // if ink < cost { status = 1; unreachable }  ink -= cost
            state.extend([
                Operator::GlobalGet { global_index: ink },
                Operator::I64Const { value: cost as i64 },
                Operator::I64LtU,
            ]);
            state.extend(self.trap_with_status());
            state.extend([
                Operator::GlobalGet { global_index: ink },
                Operator::I64Const { value: cost as i64 },
                Operator::I64Sub,
                Operator::GlobalSet { global_index: ink },
            ]);
        }
        if crate::pricing::ends_basic_block(&op) {
            self.at_block_start = true;
        }

        match op {
            Operator::MemoryFill { .. } | Operator::MemoryCopy { .. } => {
                // [.. size] → scratch = size; ink -= size × 100, trapping on underflow
                state.extend([
                    Operator::GlobalSet {
                        global_index: scratch,
                    },
                    Operator::GlobalGet { global_index: ink },
                    Operator::GlobalGet { global_index: ink },
                    Operator::GlobalGet {
                        global_index: scratch,
                    },
                    Operator::I64ExtendI32U,
                    Operator::I64Const {
                        value: MEMORY_BULK_INK_PER_BYTE as i64,
                    },
                    Operator::I64Mul,
                    Operator::I64Sub,
                    Operator::GlobalSet { global_index: ink },
                    Operator::GlobalGet { global_index: ink },
                    Operator::I64LtU,
                ]);
                state.extend(self.trap_with_status());
                state.push_operator(Operator::GlobalGet {
                    global_index: scratch,
                });
            }
            Operator::MemoryGrow { .. } => {
                if let Some(function_index) = self.memory_grow_hook {
                    // [.. pages] → pay_for_memory_grow(pages), pages stays on the stack
                    state.extend([
                        Operator::GlobalSet {
                            global_index: scratch,
                        },
                        Operator::GlobalGet {
                            global_index: scratch,
                        },
                        Operator::GlobalGet {
                            global_index: scratch,
                        },
                        Operator::Call { function_index },
                    ]);
                }
            }
            _ => {}
        }
        state.push_operator(op);
        Ok(())
    }
}
