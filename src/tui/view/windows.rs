//! What opens over the screen: the whole comment ([`comment`]), the explorer of the masters'
//! moves ([`explorer`]), the keys ([`help`]) and the game picker ([`picker`]).

pub mod comment;
pub mod explorer;
pub mod help;
pub mod picker;
