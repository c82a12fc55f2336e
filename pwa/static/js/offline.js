// Tables kept on this phone (the service worker's offline engine): a table page drawn by
// the engine says so aloud once; a setup page from the server lists them too. Every page
// loads this module: what it needs to speak or to read the catalog is loaded only when
// there is something to say (the home page's first paint waits for no more modules).

const SAID = 'tavolo.offline.said';

/** Says once per table that it is kept on this phone (the page shows it too). */
export function sayKeptOnce(doc = document, storage = globalThis.localStorage) {
  const notice = doc.querySelector('[data-offline-table]');
  if (!notice) return false;
  const id = notice.dataset.offlineTable;
  let said;
  try {
    said = JSON.parse(storage.getItem(SAID) || '[]');
  } catch {
    said = [];
  }
  if (said.includes(id)) return false;
  const text = notice.querySelector('p').textContent.trim();
  import('./feedback.js').then(({ announce }) => announce(text));
  try {
    storage.setItem(SAID, JSON.stringify([...said, id].slice(-50)));
  } catch {
    // Storage refused: it is said again next time, which is better than never.
  }
  return true;
}

/** Adds the phone's own tables of a game to a setup page from the server. */
export async function listKept(doc = document) {
  const slot = doc.getElementById('offline-list');
  if (!slot || doc.documentElement.dataset.offline === 'true' || !navigator.serviceWorker?.controller) return;
  let items;
  try {
    const res = await fetch(`/offline/tables/${slot.dataset.game}`, { headers: { Accept: 'application/json' } });
    items = res.ok ? await res.json() : [];
  } catch {
    return;
  }
  if (!Array.isArray(items) || items.length === 0) return;
  const { loadT } = await import('./catalog.js');
  const t = await loadT();
  const h = doc.createElement('h2');
  h.id = 'offline-list-h';
  h.textContent = t('app.offline.kept');
  const ul = doc.createElement('ul');
  ul.className = 'links';
  for (const { url, text } of items) {
    const li = doc.createElement('li');
    const a = doc.createElement('a');
    a.href = url;
    a.textContent = text;
    li.append(a);
    ul.append(li);
  }
  const section = doc.createElement('section');
  section.setAttribute('aria-labelledby', h.id);
  section.append(h, ul);
  slot.replaceChildren(section);
  slot.hidden = false;
}
