#![doc = include_str!("../README.md")]

pub mod boards;
mod direction;
pub mod graph;
mod point_set;

pub use direction::{Direction, Facing, Heading};
pub use point_set::{PointSet, Points};
