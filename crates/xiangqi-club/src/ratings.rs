//! Ratings after a game: Glicko-2 (the rating crate), each game its own rating period as
//! lichess has it, one rating per time-control category.

use crate::protocol::{RatingShown, Verdict, category_index};
use xiangqi_rating::{Category, Outcome, Rating, Settings, rate};

/// A player's ratings in every category, in the order of [`Category::ALL`].
pub type Ratings = [Rating; 4];

/// A newcomer's ratings.
#[must_use]
pub fn newcomer() -> Ratings {
    [Rating::newcomer(&Settings::default()); 4]
}

/// The rating of `ratings` in `category`.
#[must_use]
pub fn in_category(ratings: &Ratings, category: Category) -> Rating {
    ratings[category_index(category)]
}

/// Ratings as shown.
#[must_use]
pub fn shown(ratings: &Ratings) -> [RatingShown; 4] {
    ratings.map(RatingShown::from)
}

/// Red's and Black's ratings after a game that ended `verdict`, from the ratings both had
/// before it; `None` for a game called off.
#[must_use]
pub fn after_game(red: Rating, black: Rating, verdict: Verdict) -> Option<(Rating, Rating)> {
    let (red_score, black_score) = match verdict {
        Verdict::RedWins => (Outcome::Win, Outcome::Loss),
        Verdict::BlackWins => (Outcome::Loss, Outcome::Win),
        Verdict::Draw => (Outcome::Draw, Outcome::Draw),
        Verdict::Aborted => return None,
    };
    let settings = Settings::default();
    Some((
        rate(red, &[(black, red_score)], &settings),
        rate(black, &[(red, black_score)], &settings),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_the_loser_loses_and_an_aborted_game_changes_nothing() {
        let (a, b) = (newcomer()[0], newcomer()[0]);
        let (red, black) = after_game(a, b, Verdict::BlackWins).expect("rated");
        assert!(red.rating < a.rating && black.rating > b.rating);
        let (red, black) = after_game(a, b, Verdict::Draw).expect("rated");
        assert!((red.rating - a.rating).abs() < 1e-9 && (black.rating - b.rating).abs() < 1e-9);
        assert_eq!(after_game(a, b, Verdict::Aborted), None);
    }
}
