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
//
// This file is what the server writes into (web/shell.go) and the worker's events; the
// jobs are in sw/, each a classic script loaded here, cached and versioned as every static
// file: shell.js (the cache of the app's files and pages), routes.js (which request goes
// where), engine.js (the engine's start and requests), settings.js (the device's settings,
// handed to the engine), store.js (IndexedDB).

/* exported PRECACHE, ENGINE, GAMES, LANGS */
const PRECACHE = self.__PRECACHE__;
const ENGINE = self.__ENGINE__; // {module, loader} URLs, or null when the server has none
// The registered games, as the server describes them: where a table's address has its id
// (tables: "/diamant/"), and the pages (GET) and forms (POST) the engine answers without
// the server.
const GAMES = self.__GAMES__;
const LANGS = ['en', 'it', 'fr', 'sk'];

importScripts(...self.__PARTS__); // the hashed URLs of sw/*.js
if (ENGINE) importScripts(ENGINE.loader);

/* global precache, dropOldShells, engineModule, rememberLang, keepSettings, route, localTables */

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOldShells().then(() => self.clients.claim()));
  // The engine is large: fetched once the worker runs, never in the way of a first paint.
  if (ENGINE) event.waitUntil(engineModule().catch(() => {}));
});

// A page tells the worker its language (for the offline page) and the device's settings
// (for the engine's pages).
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (LANGS.includes(data.lang)) event.waitUntil(rememberLang(data.lang));
  if (data.settings) event.waitUntil(keepSettings(data.settings));
});

self.addEventListener('fetch', (event) => {
  const answer = route(event);
  if (answer) event.respondWith(answer);
});

if (ENGINE) localTables().catch(() => {});
