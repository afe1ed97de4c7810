// Loads the LLM tools' wasm module, which Trunk builds beside the app (see index.html), on
// the page's thread: it draws a panel. (The other module, the automapper, runs in a Web Worker:
// src/ui/modules/worker.rs.) A retry asks for a new address, because the browser keeps a
// failed import's outcome.

const url = (file, attempt) =>
  new URL(file + (attempt ? '?attempt=' + attempt : ''), document.baseURI).href;

/** Imports and starts the LLM tools' module, then mounts its panel in `root`, talking to the
 *  app through `port` (src/ui/modules/bridge.rs, AppPort). */
export function load_llm(root, port, attempt) {
  return import(url('maprepair-llm.js', attempt)).then(async (m) => {
    await m.default();
    m.mount(root, port);
  });
}
