//! The player's files: the autosave, saved games, the configuration file and game files
//! opened for review, and the form of an address typed to reach another player. Reads and
//! writes; decides nothing about the game.

pub mod address;
pub mod autosave;
pub mod config;
pub mod config_keys;
pub mod config_write;
pub mod files;
pub mod library;
pub mod progress;
pub mod saved;
pub mod slot;
