// What the service worker keeps in IndexedDB: the engine's tables (each change committed
// before the reply leaves), and its meta data (the session key, the cookies, the device's
// settings).

/* exported localIDs, localTables, allTables, sessionKey, getMeta, putMeta, write, written, idb */

let localIDs; // ids of the tables kept here, once read
const writing = new Set(); // the writes handed to IndexedDB and not yet complete

async function localTables() {
  if (!localIDs) localIDs = new Set((await allTables()).map((t) => t.id));
  return localIDs;
}

function allTables() {
  return idb('tables', 'readonly', (s) => s.getAll());
}

// sessionKey is the key that signs the engine's session cookies, made on first use.
async function sessionKey() {
  let key = await getMeta('key');
  if (!key) {
    const b = crypto.getRandomValues(new Uint8Array(32));
    key = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    await putMeta('key', key);
  }
  return key;
}

function getMeta(name) {
  return idb('meta', 'readonly', (s) => s.get(name)).then((r) => r?.value);
}

function putMeta(name, value) {
  return idb('meta', 'readwrite', (s) => s.put({ name, value }));
}

// write hands a change to IndexedDB at once and commits it: the browser has it before the
// reply leaves, and writes the changes in the order given (transactions on one store never
// overlap). The reply does not wait for the write to complete; the worker is kept until it
// is (waitUntil). Each record is whole: a write that failed is made good by the next one.
function write(store, f) {
  const done = idb(store, 'readwrite', f)
    .catch((err) => console.error('tavolo: a change was not written', err))
    .finally(() => writing.delete(done));
  writing.add(done);
}

// written settles once every write handed over so far is complete.
const written = () => Promise.all([...writing]);

let db;
function open() {
  db ||= new Promise((resolve, reject) => {
    const r = indexedDB.open('tavolo', 1);
    r.onupgradeneeded = () => {
      r.result.createObjectStore('tables', { keyPath: 'id' });
      r.result.createObjectStore('meta', { keyPath: 'name' });
    };
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  return db;
}

async function idb(store, mode, f) {
  const d = await open();
  return new Promise((resolve, reject) => {
    // Relaxed: committed once the browser has the data, without waiting for the disk, as the
    // server's SQLite (synchronous=NORMAL): a closed app or browser loses nothing.
    const tx = d.transaction(store, mode, { durability: 'relaxed' });
    const r = f(tx.objectStore(store));
    if (mode === 'readwrite') tx.commit?.();
    tx.oncomplete = () => resolve(r.result);
    tx.onerror = () => reject(tx.error);
  });
}
