//! circomlib's parameter sets, one module per width (generated; see each module's header).

pub mod t2;
pub mod t3;
pub mod t4;
pub mod t5;
pub mod t6;
