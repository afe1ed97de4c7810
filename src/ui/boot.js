// Starts the app: loads its wasm-bindgen module and the wasm beside it. A file of our own, so the
// page needs no inline script and its Content-Security-Policy (index.html) can forbid them.
// Trunk writes the script tag that loads this file (Trunk.toml, pattern_script), with the app's
// file names (hashed per build) in its data-js and data-wasm attributes.
const tag = document.querySelector('script[data-js][data-wasm]');
const at = (path) => new URL(path, document.baseURI).href;
const { default: init } = await import(at(tag.dataset.js));
const wasm = await init({ module_or_path: at(tag.dataset.wasm) });
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
