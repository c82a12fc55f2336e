// Tavolo's service worker: precaches the shell (styles, modules, icons, catalogs, offline
// pages), answers static files from the cache, and keeps a copy of each page visited so a
// reload without network still shows it; otherwise the offline page in the device's language.
const PRECACHE = self.__PRECACHE__;
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
});

self.addEventListener('message', (event) => {
  const lang = event.data && event.data.lang;
  if (LANGS.includes(lang)) {
    event.waitUntil(caches.open(META).then((c) => c.put('/__lang', new Response(lang))));
  }
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/static/') || url.pathname.startsWith('/catalog/')) {
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req)));
    return;
  }
  if (req.mode === 'navigate') {
    event.respondWith(navigate(event));
  }
});

async function navigate(event) {
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
    const kept = await caches.match(req, { ignoreVary: true });
    if (kept) return kept;
    return (await caches.match(`/offline/${await offlineLang()}`)) || Response.error();
  }
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
