// The saved projects' bodies in the browser's IndexedDB (database "maprepair", object store
// "projects", one JSON text per project name), which holds projects of any size the disk allows,
// where localStorage holds a few megabytes. Used by src/ui/io/storage.rs. Each call is one
// transaction: it either completes whole or changes nothing.

const DB = 'maprepair';
const STORE = 'projects';
let opened;

function db() {
  if (!opened) {
    opened = new Promise((ok, fail) => {
      if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
      req.onblocked = () => fail(new Error('the database is held open by another version of the page'));
    });
    opened.catch(() => { opened = undefined; });
  }
  return opened;
}

function run(mode, act) {
  return db().then((d) => new Promise((ok, fail) => {
    const tx = d.transaction(STORE, mode);
    const req = act(tx.objectStore(STORE));
    tx.oncomplete = () => ok(req.result);
    tx.onerror = () => fail(tx.error || req.error);
    tx.onabort = () => fail(tx.error || new Error('the transaction was aborted'));
  })).catch((e) => { throw `${e && e.name ? e.name + ': ' : ''}${e && e.message ? e.message : e}`; });
}

/** The text saved under `key`, or undefined. */
export function idb_get(key) { return run('readonly', (s) => s.get(key)); }

/** Saves `text` under `key`. */
export function idb_put(key, text) { return run('readwrite', (s) => s.put(text, key)); }

/** Forgets what is saved under `key`. */
export function idb_delete(key) { return run('readwrite', (s) => s.delete(key)); }
