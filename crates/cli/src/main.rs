//! `casebook`: the command-line face of Casebook. All logic lives in the core
//! crates; this binary parses arguments, loads the library and prints.

use clap::Parser;
use std::process::ExitCode;

mod args;
mod check;
mod commands;
mod library;
mod out;
mod serve;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::run(cli) {
        Ok(code) => code,
        Err(e) => {
            if out::is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("casebook: {e:#}");
            ExitCode::from(2)
        }
    }
}
