//! The families whose positions are not plain heaps, one module (or
//! folder) each: a position type, its moves ([`crate::Ruleset`]), its
//! spec ([`crate::spec_form::SpecForm`]) and how it is drawn. A new
//! family is a module here and one line in [`crate::spec::FAMILIES`].
//! Heap games (take-and-break codes, subtraction games, Nim) live in
//! [`crate::heap`], the engines' own domain, and rules written by users
//! in [`crate::script`] and [`crate::graph`].
//!
//! A family may use the infrastructure (spec, report, the engines) and
//! the shared board helpers of [`cram`] (squares, their names); the
//! request layer ([`crate::api`]) and the faces never name a family.

pub mod acrostic;
pub mod chomp;
pub mod cram;
pub mod cut;
pub mod hackenbush;
pub mod mem;
pub mod tartan;
pub mod turning;
pub mod vertex_kayles;
pub mod windup;
pub mod wythoff;
