//! Repair in the app: the panel (strategy, step, to the end), the log, the runs behind them and
//! the session they continue.

pub mod repair_log;
pub mod repair_panel;
pub mod run;
pub mod session;
pub mod solve;
