#![doc = include_str!("../README.md")]

mod acyclic;
mod build;
mod disk;
mod file;
mod index;
mod material;
mod regenerate;
mod symmetry;
mod table;
mod tablebase;
mod value;

pub use build::{BuildError, Progress, Stage};
pub use disk::BlockCache;
pub use file::LoadError;
pub use index::Indexer;
pub use material::Material;
pub use table::{Counts, Summary, Table};
pub use tablebase::{Probe, Tablebase};
pub use value::{HORIZON, INVALID, Value, Verdict};
