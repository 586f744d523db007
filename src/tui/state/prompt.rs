//! The message line as state: what it says and what it asks ([`message`]), and the one-line
//! text field of its prompts ([`edit`]).

pub mod edit;
pub mod message;
