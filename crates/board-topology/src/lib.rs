//! The board of the alquerque family as a line graph.
//!
//! The 49-point board is a 5x5 alquerque square with a triangular arm on
//! each side (`RULES.md` R1). This crate knows its geometry only: points,
//! sets of points ([`Bitboard`]), the [`Direction`]s of its lines, and for
//! each of the three [`Board`]s of R1.5 the tables a move generator needs
//! (neighbours, jump landings, rays, forward/sideways/backward, base rows)
//! and the point names of R1.6. No sides, no pieces, no rules.
//!
//! Every table is built at compile time by `const fn`, and the figures of
//! the rule book (49 points, 96 adjacent pairs, 24 lines, the degree
//! histogram, 144 jump triples; 37/76/20/112 and 25/56/16/80 for the
//! smaller boards) are checked at compile time too.
//!
//! ```
//! use board_topology::{Board, Direction};
//!
//! let board = Board::Full;
//! let e5 = board.parse_point("e5")?;
//! assert_eq!(board.neighbours(e5).count(), 8);
//! let jump = board.jumps(e5).iter().find(|j| j.direction == Direction::North).unwrap();
//! assert_eq!(board.point_name(jump.over).to_string(), "e6");
//! assert_eq!(board.point_name(jump.to).to_string(), "e7");
//! # Ok::<(), board_topology::PointNameError>(())
//! ```
//!
//! With the feature `arbitrary`, [`Point`], [`Bitboard`] and [`Board`]
//! implement `arbitrary::Arbitrary` for fuzzing: any of the 49 points, any
//! set of them, any board.
//!
//! ```
//! # #[cfg(feature = "arbitrary")] {
//! use arbitrary::{Arbitrary, Unstructured};
//! use board_topology::{Bitboard, Point};
//!
//! let mut bytes = Unstructured::new(&[200, 1, 2, 3, 4, 5, 6, 7, 255]);
//! assert!(Point::arbitrary(&mut bytes)?.index() < 49);
//! assert!(Bitboard::arbitrary(&mut bytes)?.is_subset(Bitboard::ALL));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
mod bitboard;
mod board;
mod direction;
mod lines;
mod point;
mod tables;

pub use bitboard::{Bitboard, Iter};
pub use board::{Board, PointName, PointNameError};
pub use direction::{Direction, Facing, Heading};
pub use lines::{Line, MAX_LINE_LEN};
pub use point::{POINT_COUNT, Point};
pub use tables::{Jump, Step};
