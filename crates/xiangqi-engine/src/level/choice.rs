//! A weak level's draw among the lines it found: the closer a line's score to the best,
//! the likelier it is played, and none beyond the margin.

use crate::limits::Pick;
use crate::result::MATE_BOUND;

/// The index of the line to play among lines scored `scores` (best first, centipawns from
/// the side to move's view), drawn as `pick` says from `seed`; `None` without lines.
///
/// The best line is always kept. A mate found is always played, and a line that walks
/// into a mate is never chosen over one that does not.
pub(crate) fn choose(scores: &[i32], pick: &Pick, seed: u64) -> Option<usize> {
    let &best = scores.first()?;
    if best > MATE_BOUND {
        return Some(0);
    }
    let margin = i64::from(pick.margin);
    let temperature = f64::from(pick.temperature.max(1));
    let weights: Vec<f64> = scores
        .iter()
        .map(|&s| {
            let loss = i64::from(best) - i64::from(s);
            let mated = s < -MATE_BOUND && best >= -MATE_BOUND;
            if loss > margin || mated {
                0.0
            } else {
                (-(loss.max(0) as f64) / temperature).exp()
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let mut left = unit(seed) * total;
    for (i, w) in weights.iter().enumerate() {
        if *w > 0.0 && left < *w {
            return Some(i);
        }
        left -= w;
    }
    // Rounding left a sliver past the last weight: the last line that had one.
    weights.iter().rposition(|w| *w > 0.0)
}

/// A number in [0, 1) drawn from `seed` (SplitMix64's output function): seeds that differ
/// in a single bit give unrelated draws.
fn unit(seed: u64) -> f64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::MATE;

    const PICK: Pick = Pick {
        lines: 4,
        margin: 100,
        temperature: 40,
    };

    /// How often each line is drawn over many seeds.
    fn counts(scores: &[i32], pick: &Pick) -> Vec<usize> {
        let mut n = vec![0; scores.len()];
        for seed in 0..4000u64 {
            n[choose(scores, pick, seed).expect("lines")] += 1;
        }
        n
    }

    #[test]
    fn no_line_beyond_the_margin_is_ever_played() {
        let n = counts(&[50, 20, -49, -51, -400], &PICK);
        assert_eq!(&n[3..], [0, 0], "{n:?}");
        assert!(n.iter().take(3).all(|&k| k > 0), "{n:?}");
    }

    #[test]
    fn the_closer_to_the_best_the_likelier() {
        let n = counts(&[0, -20, -40, -80], &PICK);
        assert!(n[0] > n[1] && n[1] > n[2] && n[2] > n[3], "{n:?}");
        // e^(-20/40) of the best's chance, within sampling noise.
        let ratio = n[1] as f64 / n[0] as f64;
        assert!((0.52..0.70).contains(&ratio), "{n:?}");
    }

    #[test]
    fn the_same_seed_draws_the_same_line() {
        let scores = [10, 5, 0, -5, -10, -15];
        for seed in [0, 1, 42, u64::MAX] {
            assert_eq!(choose(&scores, &PICK, seed), choose(&scores, &PICK, seed));
        }
        let drawn: std::collections::HashSet<_> =
            (0..50).map(|seed| choose(&scores, &PICK, seed)).collect();
        assert!(drawn.len() > 3, "{drawn:?}");
    }

    #[test]
    fn a_mate_is_always_played_and_a_mated_line_never_chosen() {
        let mate_in_2 = MATE - 3;
        assert_eq!(counts(&[mate_in_2, 900, 880], &PICK), [4000, 0, 0]);
        // Being mated in every line but the first, with a margin as wide as the board.
        let wide = Pick {
            margin: 100_000,
            ..PICK
        };
        let n = counts(&[-300, -(MATE - 4), -(MATE - 2)], &wide);
        assert_eq!(n, [4000, 0, 0]);
        // Mated in every line: any of them may come (the longest defence is likeliest).
        let n = counts(&[-(MATE - 9), -(MATE - 7)], &wide);
        assert!(n[0] > 0, "{n:?}");
    }

    #[test]
    fn one_line_or_none() {
        assert_eq!(choose(&[], &PICK, 3), None);
        assert_eq!(choose(&[-70], &PICK, 3), Some(0));
    }
}
