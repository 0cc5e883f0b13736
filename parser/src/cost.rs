//! The cost counter: how many steps each input-dependent loop took, per
//! loop ("site"), on this thread. Off by default; the cargo feature `cost`
//! turns it on.
//!
//! Every loop whose number of iterations depends on the input (a scan of
//! the input, a walk of the tree, a search of the stack of open elements…)
//! reports its steps at a named site, `step!("tokenizer::run", n)`. With the
//! feature off the macro expands to nothing that runs: no counter, no
//! thread-local, no branch (checked with `cargo xtask callgrind`, whose
//! instruction counts stay the same; `docs/performance-log.md`). With it
//! on, each site adds to a counter of its own in a thread-local table, so
//! a test, a benchmark or a fuzz target can ask how many steps each site
//! took for one input and compare that with the input's length: a loop
//! that is linear takes a bounded number of steps per input byte, a
//! quadratic one a number that grows with the input (`fuzz/fuzz_targets/cost_*.rs`
//! maximises exactly that, and `docs/robustness.md` lists the sites and
//! their bounds).
//!
//! Naming: a site is `module::what` (`dom::descendants`,
//! `select::has`); several call sites may share a name when they are the
//! same loop in two places, and their steps add up.
//!
//! ```
//! # #[cfg(feature = "cost")] {
//! htmlforge::cost::reset();
//! let document = htmlforge::parse_document("<p>one<p>two");
//! let _ = document.visible_text(document.body().unwrap());
//! let steps: u64 = htmlforge::cost::counts().iter().map(|site| site.steps).sum();
//! assert!(steps > 0);
//! # }
//! ```

/// Whether this build counts steps (the `cost` feature).
pub const ENABLED: bool = cfg!(feature = "cost");

/// Adds `n` steps to the site named by the literal, on this thread (with
/// the `cost` feature; nothing otherwise: `n` is not even evaluated).
macro_rules! cost_step {
    ($site:literal) => {
        $crate::cost::step!($site, 1u64)
    };
    ($site:literal, $n:expr) => {{
        #[cfg(feature = "cost")]
        {
            static SITE: $crate::cost::Site = $crate::cost::Site::new($site);
            $crate::cost::add(&SITE, ($n) as u64);
        }
        #[cfg(not(feature = "cost"))]
        {
            // Type-checked, never run: the count's expression costs
            // nothing when the counter is off.
            if false {
                let _ = ($n) as u64;
            }
        }
    }};
}
pub(crate) use cost_step as step;

#[cfg(feature = "cost")]
pub(crate) use counting::{add, Site};
#[cfg(feature = "cost")]
pub use counting::{counts, reset, SiteCount};

#[cfg(feature = "cost")]
mod counting {
    use std::cell::RefCell;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    /// One counting site: its name and, once it first counted, its index
    /// in the registry (0: not yet registered; indices start at 1).
    #[doc(hidden)]
    pub struct Site {
        name: &'static str,
        index: AtomicUsize,
    }

    impl Site {
        pub const fn new(name: &'static str) -> Site {
            Site { name, index: AtomicUsize::new(0) }
        }

        fn index(&self) -> usize {
            match self.index.load(Ordering::Relaxed) {
                0 => {
                    let index = register(self.name);
                    self.index.store(index, Ordering::Relaxed);
                    index
                }
                index => index,
            }
        }
    }

    /// The names of the sites that counted so far, in the order they first
    /// did (index − 1); a name is registered once, whatever the number of
    /// call sites that share it.
    static NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

    fn register(name: &'static str) -> usize {
        let mut names = NAMES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match names.iter().position(|known| *known == name) {
            Some(at) => at + 1,
            None => {
                names.push(name);
                names.len()
            }
        }
    }

    thread_local! {
        /// This thread's steps per site index (slot 0 unused).
        static STEPS: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
    }

    #[inline(always)]
    pub fn add(site: &Site, n: u64) {
        let index = site.index();
        STEPS.with(|steps| {
            let mut steps = steps.borrow_mut();
            if steps.len() <= index {
                steps.resize(index + 1, 0);
            }
            steps[index] = steps[index].saturating_add(n);
        });
    }

    /// The steps one site took on this thread since the last [`reset`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct SiteCount {
        /// The site's name, `module::what`.
        pub site: &'static str,
        /// Its steps (saturating at `u64::MAX`).
        pub steps: u64,
    }

    /// The steps of every site that counted on this thread since the last
    /// [`reset`], sorted by site name; sites with no step are left out.
    pub fn counts() -> Vec<SiteCount> {
        let names = NAMES.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone();
        let mut out: Vec<SiteCount> = STEPS.with(|steps| {
            steps
                .borrow()
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, &steps)| steps > 0)
                .map(|(index, &steps)| SiteCount { site: names[index - 1], steps })
                .collect()
        });
        out.sort_by_key(|count| count.site);
        out
    }

    /// Sets every site's count on this thread to zero.
    pub fn reset() {
        STEPS.with(|steps| steps.borrow_mut().iter_mut().for_each(|count| *count = 0));
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn sites_count_per_name_and_reset() {
            super::reset();
            for _ in 0..3 {
                crate::cost::step!("test::a", 2);
            }
            crate::cost::step!("test::a");
            crate::cost::step!("test::b", 5usize);
            let counts = super::counts();
            let of = |name| counts.iter().find(|count| count.site == name).map(|count| count.steps);
            assert_eq!(of("test::a"), Some(7));
            assert_eq!(of("test::b"), Some(5));
            super::reset();
            assert!(super::counts().iter().all(|count| !count.site.starts_with("test::")));
        }

        #[test]
        fn other_threads_keep_their_own_counts() {
            super::reset();
            crate::cost::step!("test::thread", 1);
            let other = std::thread::spawn(|| {
                crate::cost::step!("test::thread", 10);
                super::counts().into_iter().find(|count| count.site == "test::thread").map(|c| c.steps)
            })
            .join()
            .unwrap();
            assert_eq!(other, Some(10));
            let here = super::counts().into_iter().find(|count| count.site == "test::thread").map(|c| c.steps);
            assert_eq!(here, Some(1));
        }
    }
}
