//! The screen's words: phrases put together from the catalogues ([`strings`]), and the
//! library's and the files' reasons said in the players' language ([`errors`],
//! [`clock_reasons`], [`config_error`]).

pub mod clock_reasons;
pub mod config_error;
pub mod errors;
pub mod strings;
