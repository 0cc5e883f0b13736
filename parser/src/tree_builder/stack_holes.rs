//! The holes of the stack of open elements: the slots of elements removed
//! from the middle of the stack (the adoption agency algorithm's steps
//! 4.13.5 and 4.19, the `a` start tag, `</form>`, the head element in "after
//! head"), so that a removal does not move the elements above it.
//!
//! A walk down or up the stack passes a run of holes in one step: each
//! hole points at a slot further down and one further up, every slot
//! between them a hole too, and a search follows the pointers, halving the
//! path as it goes (the union-find structure's path halving). A hole stays
//! a hole until the slots above it are all gone (a pop of the topmost live
//! element drops the holes above it) or the stack is compacted, so the
//! pointers never pass a live element, and a search costs O(log n)
//! amortized, O(α(n)) in practice.

use std::cell::Cell;

/// The pointers of the holes, by slot (a live slot's are unused). Cells:
/// the searches shorten the paths they follow, and the walks that search
/// read the stack through shared references.
#[derive(Debug, Clone, Default)]
pub(crate) struct HoleSkips {
    /// Per hole: 1 + a slot below it with only holes between, or 0 when
    /// every slot below it is a hole.
    down: Vec<Cell<u32>>,
    /// Per hole: a slot above it with only holes between (the top of the
    /// stack is never a hole, so there always is one).
    up: Vec<Cell<u32>>,
}

impl HoleSkips {
    /// Slot `slot` became a hole.
    pub fn made(&mut self, slot: usize) {
        if slot >= self.down.len() {
            let len = (slot + 1).next_power_of_two();
            self.down.resize_with(len, Cell::default);
            self.up.resize_with(len, Cell::default);
        }
        self.down[slot].set(slot as u32);
        self.up[slot].set(slot as u32 + 1);
    }

    /// Forgets every hole (the stack was compacted, or its holes dropped).
    pub fn clear(&mut self) {
        self.down.clear();
        self.up.clear();
    }

    /// The first slot below the hole `hole` that `is_hole` says is live.
    pub fn live_below(&self, hole: usize, is_hole: impl Fn(usize) -> bool) -> Option<usize> {
        let mut at = hole;
        loop {
            crate::cost::step!("tree_builder::hole_skips");
            let next = self.down[at].get().checked_sub(1)? as usize;
            if !is_hole(next) {
                return Some(next);
            }
            // Path halving: `at` skips `next`, whose pointer goes further.
            self.down[at].set(self.down[next].get());
            at = next;
        }
    }

    /// The first slot above the hole `hole` that `is_hole` says is live.
    pub fn live_above(&self, hole: usize, is_hole: impl Fn(usize) -> bool) -> usize {
        let mut at = hole;
        loop {
            crate::cost::step!("tree_builder::hole_skips");
            let next = self.up[at].get() as usize;
            if !is_hole(next) {
                return next;
            }
            self.up[at].set(self.up[next].get());
            at = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HoleSkips;

    #[test]
    fn searches_pass_runs_of_holes_and_shorten_them() {
        // Slots 0..100 with every slot but 0, 50 and 99 a hole, made in an
        // order that builds long paths.
        let live = |slot: usize| slot == 0 || slot == 50 || slot == 99;
        let mut skips = HoleSkips::default();
        for slot in (1..99).filter(|&slot| !live(slot)) {
            skips.made(slot);
        }
        let is_hole = |slot: usize| !live(slot);
        for hole in (1..99).filter(|&slot| !live(slot)) {
            let below = if hole < 50 { 0 } else { 50 };
            let above = if hole < 50 { 50 } else { 99 };
            assert_eq!(skips.live_below(hole, is_hole), Some(below), "below {hole}");
            assert_eq!(skips.live_above(hole, is_hole), above, "above {hole}");
        }
        // Every path is short once searched.
        assert!((51..99).all(|hole| skips.down[hole].get() <= 51));
        let mut all_holes = HoleSkips::default();
        all_holes.made(0);
        all_holes.made(1);
        assert_eq!(all_holes.live_below(1, |slot| slot < 2), None);
    }
}
