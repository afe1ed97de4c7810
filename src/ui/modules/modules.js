// Loads the app's other wasm modules, which Trunk builds beside it (see index.html): the LLM
// tools (src/ui/llm_slot.rs) and the automapper (src/ui/automapper.rs). Both sit beside the
// page. A retry asks for a new address, because the browser keeps a failed import's outcome.

const url = (file, attempt) =>
  new URL(file + (attempt ? '?attempt=' + attempt : ''), document.baseURI).href;

/** Imports and starts the LLM tools' module, then mounts its panel in `root`. */
export function load_llm(root, bridge, attempt) {
  return import(url('maprepair-llm.js', attempt)).then(async (m) => {
    await m.default();
    m.mount(root, bridge);
  });
}

let automapper;
let automapperAttempts = 0;

function loadAutomapper() {
  if (!automapper) {
    automapper = import(url('maprepair-automap.js', automapperAttempts)).then(async (m) => {
      await m.default();
      return m;
    });
    automapperAttempts += 1;
    automapper.catch(() => { automapper = undefined; });
  }
  return automapper;
}

/** Starts fetching the automapper's module. */
export function automap_prefetch() {
  loadAutomapper().catch(() => {});
}

/** Calls the automapper's `name` (it answers a string or throws one). */
export function automap_call(name, a, b) {
  return loadAutomapper().then((m) => m[name](a, b));
}
