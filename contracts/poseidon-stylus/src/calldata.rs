//! Reads a call's arguments in place, by the Solidity ABI rules for the shapes this contract
//! takes (head words, static arrays in the head such as `uint256[3]`, dynamic arrays of words,
//! and for the Goldilocks functions the `uint64` forms of these and `uint64[4][]`), accepting
//! exactly what alloy's `abi_decode_raw` accepts (tests fuzz the two against each other).
//!
//! Why not alloy's decoder on the deployed path: it allocates a `Vec` per array and has bounds
//! checks the compiler cannot prove away, each of which links std's panic machinery, whose
//! strings cost ~0.75 gas per byte of data segment on every call (see `entry.rs`). Reading
//! in place with `get`/`split_first_chunk` has no panic path and copies nothing.

/// One ABI word: 32 big-endian bytes.
pub type Word = [u8; 32];

/// The argument bytes of a call (everything after the selector).
#[derive(Clone, Copy)]
pub struct Args<'a> {
    data: &'a [u8],
}

impl<'a> Args<'a> {
    /// Wraps the bytes after the selector.
    pub fn new(data: &'a [u8]) -> Self {
        Args { data }
    }

    /// Head word `index` (a static argument), or `None` if the calldata ends before it.
    pub fn word(&self, index: usize) -> Option<&'a Word> {
        word_at(self.data, index.checked_mul(32)?)
    }

    /// A static `uint256[N]` starting at head word `index` (its N words are in the head), or
    /// `None` if the calldata ends before its last word.
    pub fn static_words<const N: usize>(&self, index: usize) -> Option<&'a [Word; N]> {
        let start = index.checked_mul(32)?;
        let bytes = self
            .data
            .get(start..start.checked_add(N.checked_mul(32)?)?)?;
        bytes.as_chunks::<32>().0.first_chunk::<N>()
    }

    /// The `uint256[]` whose offset is head word `index`: the offset must point inside the
    /// arguments, to a length word followed by at least that many words.
    pub fn words(&self, index: usize) -> Option<&'a [Word]> {
        let offset = as_offset(self.word(index)?)?;
        let length = as_offset(word_at(self.data, offset)?)?;
        let start = offset.checked_add(32)?;
        let bytes = self
            .data
            .get(start..start.checked_add(length.checked_mul(32)?)?)?;
        let (words, rest) = bytes.as_chunks::<32>();
        rest.is_empty().then_some(words)
    }

    /// The `bytes` whose offset is head word `index`: the offset must point inside the arguments,
    /// to a length word followed by at least that many bytes (the padding is not read, as a
    /// Solidity decoder does not).
    pub fn bytes(&self, index: usize) -> Option<&'a [u8]> {
        let offset = as_offset(self.word(index)?)?;
        let length = as_offset(word_at(self.data, offset)?)?;
        let start = offset.checked_add(32)?;
        self.data.get(start..start.checked_add(length)?)
    }

    /// The dynamic array of static `N`-word elements (such as `uint64[4][]`) whose offset is head
    /// word `index`: as [`Args::words`], with `N` words per element.
    pub fn word_groups<const N: usize>(&self, index: usize) -> Option<&'a [[Word; N]]> {
        let offset = as_offset(self.word(index)?)?;
        let length = as_offset(word_at(self.data, offset)?)?;
        let start = offset.checked_add(32)?;
        let size = length.checked_mul(32)?.checked_mul(N)?;
        let bytes = self.data.get(start..start.checked_add(size)?)?;
        let (words, rest) = bytes.as_chunks::<32>();
        let (groups, partial) = words.as_chunks::<N>();
        (rest.is_empty() && partial.is_empty()).then_some(groups)
    }

    /// A static `uint64[N]` starting at head word `index`, as [`Args::static_words`]; `None` also
    /// when a word is not a `uint64`.
    pub fn uint64_array<const N: usize>(&self, index: usize) -> Option<&'a [Word; N]> {
        self.static_words::<N>(index)
            .filter(|words| words.iter().all(is_uint64))
    }

    /// The `uint64[]` whose offset is head word `index`, as [`Args::words`]; `None` also when a
    /// word is not a `uint64`.
    pub fn uint64s(&self, index: usize) -> Option<&'a [Word]> {
        self.words(index)
            .filter(|words| words.iter().all(is_uint64))
    }

    /// The `uint64[N][]` whose offset is head word `index`, as [`Args::word_groups`]; `None` also
    /// when a word is not a `uint64`.
    pub fn uint64_groups<const N: usize>(&self, index: usize) -> Option<&'a [[Word; N]]> {
        self.word_groups::<N>(index)
            .filter(|groups| groups.as_flattened().iter().all(is_uint64))
    }
}

/// Whether a word is an ABI `uint64`: its upper 24 bytes are zero (a Solidity decoder refuses
/// anything else, and so does alloy's).
fn is_uint64(word: &Word) -> bool {
    word.first_chunk::<24>()
        .is_some_and(|high| *high == [0; 24])
}

fn word_at(data: &[u8], at: usize) -> Option<&Word> {
    data.get(at..)?.first_chunk::<32>()
}

/// A word as an offset or length: its value, if it fits in `usize`.
fn as_offset(word: &Word) -> Option<usize> {
    let (high, low) = word.split_last_chunk::<8>()?;
    if high.iter().any(|&byte| byte != 0) {
        return None;
    }
    usize::try_from(u64::from_be_bytes(*low)).ok()
}
