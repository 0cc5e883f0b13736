//! The stack of open elements' slot of each element by its serial (see
//! `StackOfOpenElements`), in memory that follows the stack's depth rather
//! than the number of elements the document opened.
//!
//! A table with an entry per serial ever given held 4 bytes per element of
//! the document until the parse ended, doubled by its growth: about a tenth
//! of the input's size at the peak on tag-dense pages, where the open
//! elements are a few dozen. Here the table covers the recent serials only:
//! when it is full and most of its elements are closed, the ones still open
//! move to a short sorted list and the table starts again at the next
//! serial. Serials still grow with every element, so the formatting list
//! and the template patches, which keep serials of closed elements, still
//! tell them apart from open ones.

/// The position of an element no longer on the stack.
pub(crate) const CLOSED: u32 = u32::MAX;

#[derive(Debug, Clone)]
pub(crate) struct SerialPositions {
    /// Per serial from `first`: the element's stack index, or [`CLOSED`].
    recent: Vec<u32>,
    /// The serial of `recent[0]`.
    first: u32,
    /// Serials below `first` whose elements were open when `recent` last
    /// started again, ascending, with their stack index ([`CLOSED`] once
    /// closed: the list is cleaned at the next start).
    older: Vec<(u32, u32)>,
}

impl SerialPositions {
    /// A table with room for `room` serials before it first fills.
    pub(crate) fn with_capacity(room: usize) -> SerialPositions {
        SerialPositions { recent: Vec::with_capacity(room.max(1)), first: 0, older: Vec::new() }
    }

    /// The next serial, for an element open at `index`; `open` gives the
    /// serials of the `open_count` elements open now (the stack's, without
    /// this one).
    #[inline(always)]
    pub(crate) fn open(&mut self, index: usize, open_count: usize, open: impl Iterator<Item = u32>) -> u32 {
        if self.recent.len() == self.recent.capacity() {
            self.make_room(open_count, open);
        }
        // The tree builder's node cap (`Limits::HARD_MAX_NODES`, 2^31) keeps
        // this below 2^32.
        let serial = self.first + self.recent.len() as u32;
        self.recent.push(index as u32);
        serial
    }

    /// Whether [`Self::open_in_room`] may be called: the table has room
    /// for one more serial without growing or starting again.
    #[inline(always)]
    pub(crate) fn has_room(&self) -> bool {
        self.recent.len() < self.recent.capacity()
    }

    /// [`Self::open`] when [`Self::has_room`].
    #[inline(always)]
    pub(crate) fn open_in_room(&mut self, index: usize) -> u32 {
        debug_assert!(self.has_room());
        let serial = self.first + self.recent.len() as u32;
        self.recent.push(index as u32);
        serial
    }

    /// Closes the position of `serial` if it is in the recent serials'
    /// table, and says whether it was.
    #[inline(always)]
    pub(crate) fn close_recent(&mut self, serial: u32) -> bool {
        match self.recent.get_mut(serial.wrapping_sub(self.first) as usize) {
            Some(position) => {
                *position = CLOSED;
                true
            }
            None => false,
        }
    }

    /// The serial [`Self::open`] gives next (a start of the table keeps it:
    /// the table starts again at it).
    pub(crate) fn next(&self) -> u32 {
        self.first + self.recent.len() as u32
    }

    /// The stack index of the element that got `serial`, or [`CLOSED`].
    #[inline(always)]
    pub(crate) fn get(&self, serial: u32) -> u32 {
        match self.recent.get(serial.wrapping_sub(self.first) as usize) {
            Some(&position) => position,
            None => self.get_older(serial),
        }
    }

    /// The entry of `serial`, whose element is open.
    #[inline(always)]
    pub(crate) fn entry(&mut self, serial: u32) -> &mut u32 {
        let at = serial.wrapping_sub(self.first) as usize;
        if at < self.recent.len() {
            &mut self.recent[at]
        } else {
            self.older_entry(serial)
        }
    }

    #[cold]
    #[inline(never)]
    fn get_older(&self, serial: u32) -> u32 {
        match self.older.binary_search_by_key(&serial, |&(older, _)| older) {
            Ok(at) => self.older[at].1,
            Err(_) => CLOSED,
        }
    }

    #[cold]
    #[inline(never)]
    fn older_entry(&mut self, serial: u32) -> &mut u32 {
        let at = self.older.binary_search_by_key(&serial, |&(older, _)| older).expect("an open element's serial");
        &mut self.older[at].1
    }

    /// `recent` is full: starts it again at the next serial, with the
    /// entries of the elements still `open` moved to `older`, when most of
    /// its elements are closed (the stack is less than half as deep as
    /// `recent` is long); else grows it. A start costs the stack's depth
    /// (and a sort of as many), once per `recent.len()` serials at least.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, open_count: usize, open: impl Iterator<Item = u32>) {
        let len = self.recent.len();
        if open_count.saturating_mul(2) >= len {
            self.recent.reserve(len.max(1));
            return;
        }
        let mut older = Vec::with_capacity(open_count);
        older.extend(open.map(|serial| (serial, self.get(serial))));
        // In stack order, which is serial order but after the adoption
        // agency algorithm's insertions.
        older.sort_unstable_by_key(|&(serial, _)| serial);
        self.older = older;
        self.first += len as u32;
        self.recent.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::{SerialPositions, CLOSED};

    #[test]
    fn open_elements_keep_their_positions_across_starts_of_the_table() {
        let mut positions = SerialPositions::with_capacity(4);
        // Two elements stay open at the bottom; others open and close above
        // them, many times the table's length.
        let html = positions.open(0, 0, [].into_iter());
        let body = positions.open(1, 1, [html].into_iter());
        let mut closed = Vec::new();
        for _ in 0..100 {
            let p = positions.open(2, 2, [html, body].into_iter());
            *positions.entry(p) = CLOSED;
            closed.push(p);
        }
        assert_eq!(positions.get(html), 0);
        assert_eq!(positions.get(body), 1);
        assert!(closed.iter().all(|&serial| positions.get(serial) == CLOSED));
        assert!(positions.recent.capacity() <= 8, "{}", positions.recent.capacity());
        // Serials keep growing; an old open element moves.
        let next = positions.open(2, 2, [html, body].into_iter());
        assert_eq!(next, closed.last().unwrap() + 1);
        *positions.entry(body) += 1;
        assert_eq!(positions.get(body), 2);
        *positions.entry(body) = CLOSED;
        assert_eq!(positions.get(body), CLOSED);
    }

    #[test]
    fn a_deep_stack_grows_the_table_instead() {
        let mut positions = SerialPositions::with_capacity(4);
        let mut serials = Vec::new();
        for depth in 0..1000 {
            let serial = positions.open(depth, serials.len(), serials.clone().into_iter());
            serials.push(serial);
        }
        for (depth, &serial) in serials.iter().enumerate() {
            assert_eq!(positions.get(serial), depth as u32);
        }
        assert!(positions.older.is_empty());
    }
}
