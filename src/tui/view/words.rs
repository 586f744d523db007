//! The screen's words: phrases put together from the catalogues ([`strings`]), and the
//! library's and the files' reasons said in the players' language ([`errors`],
//! [`clock_reasons`], [`config_error`], Jieqi's own in [`jieqi`]).

pub mod clock_reasons;
pub mod config_error;
pub mod errors;
pub mod jieqi;
pub mod strings;
