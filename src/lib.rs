#![doc = include_str!("../README.md")]

pub use board_topology;
pub use peralikatuma_rules;

mod diagram;

pub use diagram::diagram;
