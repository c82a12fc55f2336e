// The service worker's cache of the app's files (the shell, precached) and of the pages
// visited (each kept so a reload without network still shows it), and the offline page.

/* global PRECACHE, LANGS */
/* exported SHELL, precache, dropOldShells, navigate, offlinePage, rememberLang */

// The cache's name changes with its contents: a new deployment is a new cache.
const SHELL = `tavolo-shell-${(() => {
  let h = 0;
  for (const ch of PRECACHE.join('|')) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return (h >>> 0).toString(16);
})()}`;
const PAGES = 'tavolo-pages';
const META = 'tavolo-meta';

function precache() {
  return caches.open(SHELL).then((cache) => cache.addAll(PRECACHE));
}

// dropOldShells deletes the shells of earlier deployments.
async function dropOldShells() {
  for (const name of await caches.keys()) {
    if (name.startsWith('tavolo-shell-') && name !== SHELL) await caches.delete(name);
  }
}

// navigate fetches a page and keeps a copy of it; without network, the copy kept, else the
// offline page (or throws, throwOffline: the caller has the engine to ask).
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

// rememberLang keeps the language the device last used, for the offline page.
function rememberLang(lang) {
  return caches.open(META).then((c) => c.put('/__lang', new Response(lang)));
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
