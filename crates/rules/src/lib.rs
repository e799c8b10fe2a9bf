//! Manifest review rules (in progress).
