//! Repair in the app: the panel (strategy, step, to the end), the log, and the runs behind them.

pub mod repair_log;
pub mod repair_panel;
pub mod run;
