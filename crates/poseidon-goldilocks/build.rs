//! Picks the field backend once, so the source has a single `cfg` per choice: the 32-bit limbs
//! on wasm32 or with the feature `backend-limbs`, `u128` products elsewhere.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(use_limbs)");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32");
    if wasm || std::env::var_os("CARGO_FEATURE_BACKEND_LIMBS").is_some() {
        println!("cargo::rustc-cfg=use_limbs");
    }
}
