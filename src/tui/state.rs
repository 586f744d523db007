//! What the screen holds and the one place it changes: the desks, the actions that reach
//! them and the effects they ask the loop for. Nothing here draws or touches a file.

pub mod action;
pub mod app;
pub mod computer;
pub mod desk;
pub mod editor;
pub mod effect;
pub mod net;
pub mod picker;
pub mod prompt;
pub mod puzzle;
pub mod record;
pub mod screen;
