// Which request goes where: static files to the cache, a table kept here to the engine,
// the rest to the network, and without network to the engine when it can make a table,
// else to a page kept or the offline page.

/* global ENGINE, GAMES, localIDs, localTables, viaEngine, moveToServer, navigate, offlinePage */
/* exported route */

// route is the answer to a fetch event, or null to let the browser fetch it.
function route(event) {
  const req = event.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return null;
  if (req.method === 'GET' && (url.pathname.startsWith('/static/') || url.pathname.startsWith('/catalog/'))) {
    return caches.match(req).then((hit) => hit || fetch(req));
  }
  if (ENGINE) {
    const id = tableID(url.pathname);
    const move = url.pathname.match(/^\/offline\/move\/([a-z2-7]{26})$/);
    if (move && req.method === 'POST') return moveToServer(move[1], req);
    if (url.pathname.startsWith('/offline/tables/') && req.method === 'GET') return keptTables(req);
    if (url.pathname.endsWith('/events')) {
      // A table kept here has no other phone to hear from; a server's stream is not ours.
      if (id && !(localIDs && !localIDs.has(id))) {
        return localTables().then((ids) => (ids.has(id) ? new Response(null, { status: 204 }) : fetch(req)));
      }
      return null;
    }
    if (id || req.mode === 'navigate' || req.method === 'POST') return answer(event, id);
  }
  if (req.method === 'GET' && req.mode === 'navigate') return navigate(event);
  return null;
}

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
