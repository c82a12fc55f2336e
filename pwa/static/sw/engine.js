// The offline engine (cmd/tavolo-offline): fetched and kept in the shell's cache, started
// once per worker with the tables kept here, and asked for replies. It keeps a small
// cookie jar: the engine's session cookie (the device's id, which the tables kept here
// name, and a Diamant screen's passing sentence and risk switch) and the form token's
// cookie, as a browser would hold them; the settings are handed directly (settings.js).

/* global ENGINE, SHELL, sessionKey, allTables, localIDs, write, written, getMeta, idb, handSettings */
/* exported engineModule, startEngine, viaEngine, moveToServer */

let engine; // Promise of the engine's serve function, once started
let engineStart; // how long its start took, in ms: {compiled, ready}

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

// viaEngine answers a request with the engine, in the device's settings and with the
// cookies it set before; the changes it made are handed to IndexedDB before the reply. The
// reply's Server-Timing says how long the worker took (the engine included), as DevTools
// shows it.
async function viaEngine(req, event) {
  const t0 = performance.now();
  const serve = await startEngine();
  await handSettings();
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
  await handSettings();
  const url = new URL('/offline/refused', self.location.origin);
  if (error) url.searchParams.set('error', error);
  return engineRequest(serve, 'GET', url.href, [], null);
}
