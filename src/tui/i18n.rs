//! The languages the screen speaks, and the catalogue of its words in each.

pub mod catalogue;
pub mod lang;
