//! CPython's `random.Random`, reproduced draw for draw.
//!
//! The authors generated every synthetic map with `random.Random(seed)`, so reproducing their
//! graphs bit for bit needs the same generator: the 32-bit Mersenne Twister (MT19937) seeded by
//! `init_by_array` over the seed's 32-bit little-endian words, and CPython's exact derivations on
//! top of it — `getrandbits`, `random`, the rejection sampler `_randbelow_with_getrandbits`
//! behind `randrange`, `choice`, `shuffle` and `sample`. The generator is an explicit value;
//! nothing here touches global state. Only the synthetic generators (`domain::synth`) use it.

/// Degree of recurrence of MT19937.
const N: usize = 624;
/// Middle word offset.
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// A CPython-compatible `random.Random` instance.
#[derive(Clone)]
pub struct PyRandom {
    mt: [u32; N],
    index: usize,
}

impl std::fmt::Debug for PyRandom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PyRandom")
            .field("index", &self.index)
            .finish_non_exhaustive()
    }
}

impl PyRandom {
    /// `random.Random(seed)` for a non-negative integer seed.
    pub fn new(seed: u64) -> PyRandom {
        // CPython: key = the absolute value's 32-bit words, least significant first; zero → [0].
        let low = seed as u32;
        let high = (seed >> 32) as u32;
        if high == 0 {
            PyRandom::from_key(&[low])
        } else {
            PyRandom::from_key(&[low, high])
        }
    }

    /// A generator seeded by MT19937's `init_by_array` over `key` (an empty key acts as `[0]`).
    pub fn from_key(key: &[u32]) -> PyRandom {
        let key: &[u32] = if key.is_empty() { &[0] } else { key };
        let mut mt = [0u32; N];
        mt[0] = 19_650_218;
        for i in 1..N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        let mut i = 1usize;
        let mut j = 0usize;
        for _ in 0..N.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        PyRandom { mt, index: N }
    }

    fn twist(&mut self) {
        let mag = |y: u32| if y & 1 == 0 { 0 } else { MATRIX_A };
        for k in 0..N {
            let y = (self.mt[k] & UPPER_MASK) | (self.mt[(k + 1) % N] & LOWER_MASK);
            self.mt[k] = self.mt[(k + M) % N] ^ (y >> 1) ^ mag(y);
        }
        self.index = 0;
    }

    /// The next raw 32-bit output (`genrand_uint32`).
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// `getrandbits(k)` for `k ≤ 64`: one 32-bit draw per started word, least significant word
    /// first, the last word keeping its top bits. `k = 0` draws nothing and returns 0; `k > 64`
    /// is clamped to 64.
    pub fn getrandbits(&mut self, k: u32) -> u64 {
        let k = k.min(64);
        if k == 0 {
            return 0;
        }
        if k <= 32 {
            return u64::from(self.next_u32() >> (32 - k));
        }
        let low = u64::from(self.next_u32());
        let high = u64::from(self.next_u32() >> (64 - k));
        low | (high << 32)
    }

    /// `random()`: a float in [0, 1) with 53 random bits.
    pub fn random(&mut self) -> f64 {
        let a = f64::from(self.next_u32() >> 5);
        let b = f64::from(self.next_u32() >> 6);
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `_randbelow_with_getrandbits(n)`: draws `getrandbits(bit_length(n))` until the value is
    /// below `n`. `n = 1` still consumes at least one draw; `n = 0` (an error in CPython)
    /// returns 0 without drawing.
    pub fn randbelow(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let k = 64 - n.leading_zeros();
        loop {
            let r = self.getrandbits(k);
            if r < n {
                return r;
            }
        }
    }

    /// `randrange(n)` for `n ≥ 1` (returns 0 for `n = 0` without drawing).
    pub fn randrange(&mut self, n: usize) -> usize {
        self.randbelow(n as u64) as usize
    }

    /// `choice(seq)`: `None` for an empty slice (CPython raises), otherwise
    /// `seq[randbelow(len)]`.
    pub fn choice<'a, T>(&mut self, seq: &'a [T]) -> Option<&'a T> {
        if seq.is_empty() {
            return None;
        }
        let i = self.randrange(seq.len());
        seq.get(i)
    }

    /// `shuffle(x)` in place: for `i` from `len − 1` down to 1, swap `x[i]` with
    /// `x[randbelow(i + 1)]`.
    pub fn shuffle<T>(&mut self, x: &mut [T]) {
        for i in (1..x.len()).rev() {
            let j = self.randrange(i + 1);
            x.swap(i, j);
        }
    }

    /// `sample(population, k)` for a sequence population: `None` if `k > len`. Follows
    /// CPython's two strategies (a partial shuffle of a pool copy for small `k` relative to the
    /// population, set-based rejection otherwise), so the draws match.
    pub fn sample<T: Clone>(&mut self, population: &[T], k: usize) -> Option<Vec<T>> {
        let n = population.len();
        if k > n {
            return None;
        }
        let mut setsize: usize = 21;
        if k > 5 {
            // setsize += 4 ** ceil(log(3k, 4))
            let mut power = 1usize;
            while power < 3 * k {
                power = power.saturating_mul(4);
            }
            setsize = setsize.saturating_add(power);
        }
        let mut result = Vec::with_capacity(k);
        if n <= setsize {
            let mut pool: Vec<T> = population.to_vec();
            for i in 0..k {
                let j = self.randrange(n - i);
                result.push(pool[j].clone());
                pool[j] = pool[n - i - 1].clone();
            }
        } else {
            let mut selected = vec![false; n];
            for _ in 0..k {
                let mut j = self.randrange(n);
                while selected[j] {
                    j = self.randrange(n);
                }
                selected[j] = true;
                result.push(population[j].clone());
            }
        }
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values come from CPython 3.11:
    // python3 -c 'import random; r=random.Random(0); print([r.getrandbits(32) for _ in range(5)])'
    #[test]
    fn raw_words_match_cpython_for_seed_0() {
        let mut r = PyRandom::new(0);
        let got: Vec<u64> = (0..5).map(|_| r.getrandbits(32)).collect();
        assert_eq!(
            got,
            vec![3626764237, 1654615998, 3255389356, 3823568514, 1806341205]
        );
    }

    #[test]
    fn random_floats_match_cpython() {
        // python3 -c 'import random; r=random.Random(42); print([repr(r.random()) for _ in range(3)])'
        let mut r = PyRandom::new(42);
        let got: Vec<f64> = (0..3).map(|_| r.random()).collect();
        assert_eq!(
            got,
            vec![
                0.6394267984578837,
                0.025010755222666936,
                0.27502931836911926
            ]
        );
    }

    #[test]
    fn derived_draws_match_cpython() {
        // r=random.Random(7); [r.randrange(n) for n in [1,1,2,3,5,10,60,1000,2**33]]
        let mut r = PyRandom::new(7);
        let got: Vec<u64> = [1u64, 1, 2, 3, 5, 10, 60, 1000, 1 << 33]
            .iter()
            .map(|&n| r.randbelow(n))
            .collect();
        assert_eq!(got, vec![0, 0, 1, 2, 0, 1, 52, 548, 4699252753]);
        // r=random.Random(123); x=list(range(10)); r.shuffle(x); r.choice("abcdef"),
        // r.getrandbits(0), r.getrandbits(1), r.getrandbits(40), r.getrandbits(64)
        let mut r = PyRandom::new(123);
        let mut x: Vec<u32> = (0..10).collect();
        r.shuffle(&mut x);
        assert_eq!(x, vec![8, 7, 5, 9, 2, 3, 6, 1, 4, 0]);
        let letters = ['a', 'b', 'c', 'd', 'e', 'f'];
        assert_eq!(r.choice(&letters), Some(&'e'));
        assert_eq!(r.getrandbits(0), 0);
        assert_eq!(r.getrandbits(1), 1);
        assert_eq!(r.getrandbits(40), 375088933001);
        assert_eq!(r.getrandbits(64), 957416568342600015);
        assert_eq!(r.choice::<u8>(&[]), None);
    }

    #[test]
    fn wide_seeds_use_several_key_words() {
        // random.Random(2**40+5) and random.Random(2**32)
        let mut r = PyRandom::new((1 << 40) + 5);
        let got: Vec<u32> = (0..3).map(|_| r.next_u32()).collect();
        assert_eq!(got, vec![2166296868, 2220160828, 1153647273]);
        let mut r = PyRandom::new(1 << 32);
        let got: Vec<u32> = (0..3).map(|_| r.next_u32()).collect();
        assert_eq!(got, vec![485306839, 1508871100, 1794561286]);
    }

    #[test]
    fn sample_matches_cpython() {
        // r=random.Random(9); r.sample(range(100), 7), r.sample(range(10), 4), r.sample(range(1000), 3)
        let mut r = PyRandom::new(9);
        let a: Vec<u32> = (0..100).collect();
        let b: Vec<u32> = (0..10).collect();
        let c: Vec<u32> = (0..1000).collect();
        assert_eq!(r.sample(&a, 7), Some(vec![59, 78, 47, 34, 17, 23, 86]));
        assert_eq!(r.sample(&b, 4), Some(vec![0, 5, 7, 4]));
        assert_eq!(r.sample(&c, 3), Some(vec![82, 342, 567]));
        assert_eq!(r.sample(&b, 11), None);
    }
}
