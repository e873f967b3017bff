#![doc = include_str!("../README.md")]

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
mod bitboard;
mod board;
pub mod boards;
mod direction;
pub mod graph;
mod lines;
mod point;
mod point_set;
mod tables;

pub use bitboard::{Bitboard, Iter};
pub use board::{Board, PointName, PointNameError};
pub use direction::{Direction, Facing, Heading};
pub use lines::{Line, MAX_LINE_LEN};
pub use point::{POINT_COUNT, Point};
pub use point_set::{PointSet, Points};
pub use tables::{Jump, Step};
