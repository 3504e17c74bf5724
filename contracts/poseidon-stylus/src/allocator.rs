//! The program's heap: a bump allocator over linear memory that never returns null (it traps
//! when memory cannot grow), so allocation failure, and with it std's panic machinery, is
//! unreachable (see `entry.rs` for what that saves). A call allocates a few buffers and then
//! ends, so nothing is ever freed, as with stylus-sdk's default mini-alloc.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::sync::atomic::{AtomicUsize, Ordering::Relaxed};

const PAGE: usize = 1 << 16;

extern "C" {
    /// The first byte after the stack and the data segments (set by the linker).
    static __heap_base: u8;
}

/// Bump allocator; `next` is the first free byte, or 0 before the first allocation.
pub struct BumpAllocator {
    next: AtomicUsize,
}

#[global_allocator]
static ALLOCATOR: BumpAllocator = BumpAllocator {
    next: AtomicUsize::new(0),
};

unsafe impl GlobalAlloc for BumpAllocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let mut next = self.next.load(Relaxed);
        if next == 0 {
            next = &raw const __heap_base as usize;
        }
        let start = next.wrapping_add(layout.align() - 1) & !(layout.align() - 1);
        let Some(end) = start.checked_add(layout.size()).filter(|_| start >= next) else {
            wasm32::unreachable()
        };
        // Stylus memory is a few pages at most, so `memory_size · PAGE` does not overflow.
        let memory_end = wasm32::memory_size(0) * PAGE;
        if end > memory_end
            && wasm32::memory_grow(0, (end - memory_end).div_ceil(PAGE)) == usize::MAX
        {
            wasm32::unreachable()
        }
        self.next.store(end, Relaxed);
        // SAFETY: start >= next >= __heap_base, which lies above the stack, so it is not 0.
        // Telling the compiler lets it drop every caller's null check (and its panic path).
        unsafe { core::hint::assert_unchecked(start != 0) };
        start as *mut u8
    }

    #[inline]
    unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
}
