//! Picks the field backend once, so the source has a single `cfg` per choice.
//! Precedence: `backend-29x9` > `backend-split32` > `backend-u128` > the target default
//! (29×9 on wasm32, u64×4 with `u128` products elsewhere).
fn main() {
    println!("cargo::rustc-check-cfg=cfg(use_u29x9)");
    let feature = |name: &str| std::env::var_os(format!("CARGO_FEATURE_{name}")).is_some();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32");
    let explicit_u64x4 = feature("BACKEND_SPLIT32") || feature("BACKEND_U128");
    if feature("BACKEND_29X9") || (wasm && !explicit_u64x4) {
        println!("cargo::rustc-cfg=use_u29x9");
    }
}
