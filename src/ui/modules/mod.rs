//! The app's two other wasm modules as the app reaches them (built by Trunk beside it, loaded by
//! `modules.js` after the first map is drawn): the automapper with the demo games, and the LLM
//! tools mounted in their slot.

pub mod automapper;
pub mod llm_slot;
