//! The Leptos app.
