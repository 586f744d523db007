//! The languages the screen speaks.

pub mod lang;
