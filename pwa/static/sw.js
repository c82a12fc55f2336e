// Tavolo's service worker: precaches the shell (styles, modules, icons, catalogs, offline
// pages), answers static files from the cache, and keeps a copy of each page visited so a
// reload without network still shows it; otherwise the offline page in the device's language.
//
// It also runs the offline engine (cmd/tavolo-offline: the server's own Go code built to
// WebAssembly) for tables kept on this device: a table made without network lives here, in
// IndexedDB, and every request for it is answered by the engine, online or not. Without
// network, the pages that make a table (home, setups, rules, settings) come from the engine
// too, so a new game can start. Nothing leaves the device until the player moves a table to
// the server (POST /offline/move/ID: the worker sends it and forgets its copy).
const PRECACHE = self.__PRECACHE__;
const ENGINE = self.__ENGINE__; // {module, loader} URLs, or null when the server has none
// The registered games, as the server describes them: where a table's address has its id
// (tables: "/diamant/"), and the pages (GET) and forms (POST) the engine answers without
// the server.
const GAMES = self.__GAMES__;
const LANGS = ['en', 'it', 'fr', 'sk'];

// The cache's name changes with its contents: a new deployment is a new cache.
const VERSION = (() => {
  let h = 0;
  for (const ch of PRECACHE.join('|')) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return (h >>> 0).toString(16);
})();
const SHELL = `tavolo-shell-${VERSION}`;
const PAGES = 'tavolo-pages';
const META = 'tavolo-meta';

if (ENGINE) importScripts(ENGINE.loader);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('tavolo-shell-') && name !== SHELL) await caches.delete(name);
    }
    await self.clients.claim();
  })());
  // The engine is large: fetched once the worker runs, never in the way of a first paint.
  if (ENGINE) event.waitUntil(engineModule().catch(() => {}));
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (LANGS.includes(data.lang)) {
    event.waitUntil(caches.open(META).then((c) => c.put('/__lang', new Response(data.lang))));
  }
  if (data.settings) {
    settings = data.settings;
    event.waitUntil(putMeta('settings', data.settings));
  }
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.method === 'GET' && (url.pathname.startsWith('/static/') || url.pathname.startsWith('/catalog/'))) {
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req)));
    return;
  }
  if (ENGINE) {
    const id = tableID(url.pathname);
    const move = url.pathname.match(/^\/offline\/move\/([a-z2-7]{26})$/);
    if (move && req.method === 'POST') {
      event.respondWith(moveToServer(move[1], req));
      return;
    }
    if (url.pathname.startsWith('/offline/tables/') && req.method === 'GET') {
      event.respondWith(keptTables(req));
      return;
    }
    if (url.pathname.endsWith('/events')) {
      // A table kept here has no other phone to hear from; a server's stream is not ours.
      if (id && !(localIDs && !localIDs.has(id))) {
        event.respondWith(localTables().then((ids) => (ids.has(id) ? new Response(null, { status: 204 }) : fetch(req))));
      }
      return;
    }
    if (id || req.mode === 'navigate' || req.method === 'POST') {
      event.respondWith(answer(event, id));
      return;
    }
  }
  if (req.method === 'GET' && req.mode === 'navigate') event.respondWith(navigate(event));
});

// answer: a table kept here is the engine's; anything else goes to the network, and
// without network to the engine when it can make a table, else as before.
async function answer(event, id) {
  const req = event.request;
  if (id && (await localTables()).has(id)) return viaEngine(req, event);
  const copy = canStartOffline(req, id) ? req.clone() : null;
  try {
    return req.mode === 'navigate' ? await navigate(event, { throwOffline: Boolean(copy) }) : await fetch(req);
  } catch (err) {
    if (!copy) throw err;
    try {
      return await viaEngine(copy, event);
    } catch (engineErr) {
      console.error('tavolo engine:', engineErr);
      return req.mode === 'navigate' ? offlinePage(req) : Response.error();
    }
  }
}

// keptTables lists a game's tables kept here (none without starting the engine).
async function keptTables(req) {
  if ((await localTables()).size === 0) return Response.json([]);
  return viaEngine(req);
}

// tableID is the id in a table's address (/diamant/ID…, /donuts/t/ID…), or null.
function tableID(path) {
  for (const prefix of GAMES.tables) {
    if (!path.startsWith(prefix)) continue;
    const m = path.slice(prefix.length).match(/^([a-z2-7]{26})(?:\/|$)/);
    if (m) return m[1];
  }
  return null;
}

// canStartOffline: the pages and forms that make a table, or only read, which the engine
// can answer as the server would; a live stream or another device's table never.
function canStartOffline(req, id) {
  if (id) return false;
  const path = new URL(req.url).pathname;
  if (req.method === 'GET') return GAMES.pages.includes(path) || /^\/(?:|about|settings|rules\/[a-z]+)$/.test(path);
  return req.method === 'POST' && GAMES.forms.includes(path);
}

async function navigate(event, { throwOffline = false } = {}) {
  const req = event.request;
  try {
    const res = await fetch(req);
    if (res.ok && !new URL(req.url).pathname.startsWith('/offline/')) {
      const copy = res.clone();
      // waitUntil: the worker may otherwise be stopped before the copy is stored.
      event.waitUntil(caches.open(PAGES).then((c) => c.put(req, copy)));
    }
    return res;
  } catch (err) {
    if (throwOffline) throw err;
    const kept = await caches.match(req, { ignoreVary: true });
    if (kept) return kept;
    return offlinePage(req);
  }
}

async function offlinePage(req) {
  return (await caches.match(req, { ignoreVary: true })) || (await caches.match(`/offline/${await offlineLang()}`)) || Response.error();
}

async function offlineLang() {
  const meta = await caches.open(META);
  const saved = await meta.match('/__lang');
  if (saved) return saved.text();
  for (const l of self.navigator.languages || []) {
    const code = l.slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return 'en';
}

// ---- the engine ----

let engine; // Promise of the engine's serve function, once started
let engineStart; // how long its start took, in ms: {compiled, ready}
let settingsSent = ''; // the settings the engine was last given, as JSON
const writing = new Set(); // the writes handed to IndexedDB and not yet complete

// engineModule is the module's response, from the cache (fetched into it the first time).
async function engineModule() {
  const cache = await caches.open(SHELL);
  let res = await cache.match(ENGINE.module);
  if (!res) {
    res = await fetch(ENGINE.module);
    if (!res.ok) throw new Error(`engine: ${res.status}`);
    await cache.put(ENGINE.module, res.clone());
  }
  return res;
}

function startEngine() {
  engine ||= (async () => {
    const [key, tables] = await Promise.all([sessionKey(), allTables()]);
    const go = new self.Go();
    const ready = new Promise((resolve) => {
      self.tavoloOffline = { key, tables: tables.map((t) => t.record), keep, ready: resolve };
    });
    const t0 = performance.now();
    const { instance } = await WebAssembly.instantiateStreaming(engineModule(), go.importObject);
    const t1 = performance.now();
    go.run(instance);
    await ready;
    engineStart = { compiled: Math.round(t1 - t0), ready: Math.round(performance.now() - t1) };
    console.log(`tavolo engine: compiled in ${engineStart.compiled} ms, ready ${engineStart.ready} ms later`);
    return self.tavoloServe;
  })().catch((err) => {
    engine = undefined;
    throw err;
  });
  return engine;
}

// keep writes a table the engine changed (record null: it is gone).
function keep(id, record) {
  if (record === null) localIDs?.delete(id);
  else localIDs?.add(id);
  write('tables', (s) => (record === null ? s.delete(id) : s.put({ id, record })));
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

// viaEngine answers a request with the engine, with the cookies it set before; the changes
// it made are handed to IndexedDB before the reply. The reply's Server-Timing says how long
// the worker took (the engine included), as DevTools shows it.
async function viaEngine(req, event) {
  const t0 = performance.now();
  const serve = await startEngine();
  await sendSettings(serve);
  const body = req.method === 'GET' || req.method === 'HEAD' ? null : new Uint8Array(await req.arrayBuffer());
  const res = await engineRequest(serve, req.method, req.url, [...req.headers], body);
  event?.waitUntil(written()); // the worker stays until the changes are on disk
  res.headers.set('Server-Timing', `engine;dur=${(performance.now() - t0).toFixed(1)}`);
  return res;
}

let jar; // the engine's cookies, read once and written back when one changes

async function engineRequest(serve, method, url, headers, body) {
  jar ||= (await getMeta('cookies')) || {};
  const cookie = Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; ');
  const sent = headers.filter(([k]) => k.toLowerCase() !== 'cookie');
  if (cookie) sent.push(['Cookie', cookie]);
  const out = serve({ method, url, headers: sent, body });
  const kept = [];
  let changed = false;
  for (const [k, v] of out.headers) {
    if (k.toLowerCase() !== 'set-cookie') {
      kept.push([k, v]);
      continue;
    }
    const [pair] = v.split(';');
    const i = pair.indexOf('=');
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    if (jar[name] !== value) {
      jar[name] = value;
      changed = true;
    }
  }
  if (changed) write('meta', (s) => s.put({ name: 'cookies', value: { ...jar } }));
  const bodyless = out.status === 204 || out.status === 304 || (out.status >= 300 && out.status < 400);
  // A stream, not the bytes: Chromium hands bytes to the page through a blob, registered
  // with the browser's process first (about 1 ms more per reply, measured).
  const stream = bodyless ? null : new ReadableStream({ start(c) { c.enqueue(out.body); c.close(); } });
  return new Response(stream, { status: out.status, headers: kept });
}

// sendSettings gives the engine the device's settings (its language, text size, voice…),
// through its own settings form, once after each change.
let settings; // the device's settings as the pages last told them, once read

async function sendSettings(serve) {
  settings ||= await getMeta('settings');
  const s = settings;
  if (!s || JSON.stringify(s) === settingsSent) return;
  settingsSent = JSON.stringify(s);
  const origin = self.location.origin;
  await engineRequest(serve, 'GET', `${origin}/settings`, [], null);
  const form = new URLSearchParams({ lang: s.lang, text: s.text, contrast: s.contrast, motion: s.motion, rate: String(s.rate), verbosity: s.verbosity || 'full' });
  for (const k of ['speak', 'sound', 'vibrate']) if (s[k]) form.set(k, 'on');
  form.set('_csrf', jar.tavolo_csrf || '');
  await engineRequest(serve, 'POST', `${origin}/settings`, [['Content-Type', 'application/x-www-form-urlencoded']], new TextEncoder().encode(form.toString()));
}

// moveToServer sends a table kept here to the server, which makes it one of its own for
// this device; then the copy here is forgotten and the player sent to the new address.
async function moveToServer(id, req) {
  const back = new URL(req.referrer || `/`, self.location.origin);
  try {
    const kept = await idb('tables', 'readonly', (s) => s.get(id));
    if (!kept) return Response.redirect(back.href, 303);
    const token = await fetch('/tables/import', { headers: { Accept: 'application/json' } }).then((r) => r.json());
    const res = await fetch('/tables/import', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': token.csrf },
      body: kept.record,
    });
    const reply = await res.json();
    if (!res.ok) return moveRefused(reply.error);
    await startEngine();
    self.tavoloForget(id);
    await written();
    return Response.redirect(new URL(reply.url, self.location.origin).href, 303);
  } catch {
    return moveRefused(null);
  }
}

// moveRefused: the engine's page that says why the move did not happen (the server's
// sentence, or that there is no network), the table still here.
async function moveRefused(error) {
  const serve = await startEngine();
  const url = new URL('/offline/refused', self.location.origin);
  if (error) url.searchParams.set('error', error);
  return engineRequest(serve, 'GET', url.href, [], null);
}

// ---- IndexedDB ----

let localIDs; // ids of the tables kept here, once read
if (ENGINE) localTables().catch(() => {});

async function localTables() {
  if (!localIDs) localIDs = new Set((await allTables()).map((t) => t.id));
  return localIDs;
}

function allTables() {
  return idb('tables', 'readonly', (s) => s.getAll());
}

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
