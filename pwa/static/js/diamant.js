// Diamant's screens, enhanced: forms and marked links are sent with fetch, the server
// answers with the next screen's content and the sentences to announce, and this module
// swaps it in, moves focus to the new heading, announces, and plays the sounds. Without
// this module every form still works (POST, then 303 to the screen).
import { announce, repeatLast, lastAnnouncement, sound, haptic, focusHeading } from './feedback.js';
import { filterCards } from './diamant-cards.js';
import { follow } from './diamant-live.js';
import { wireShareButtons } from './share.js';
import { sendPatiently } from './toomany.js';

const main = document.getElementById('main');

/**
 * Sends a form or follows a link, asking for JSON; on failure falls back to the browser.
 * Refused for too many in a short time, it says so, waits and sends it again (toomany.js);
 * the form's buttons stay disabled meanwhile. Given up, the form is usable again.
 */
async function go(url, init, fallback, form) {
  let res;
  try {
    res = await sendPatiently(() => fetch(url, { ...init, headers: { Accept: 'application/json' }, credentials: 'same-origin' }));
  } catch {
    fallback();
    return;
  }
  if (!res) {
    for (const b of form?.querySelectorAll('button') ?? []) b.disabled = false;
    return;
  }
  const type = res.headers.get('Content-Type') || '';
  if (!type.includes('application/json')) {
    fallback();
    return;
  }
  show(await res.json());
}

// The address of the screen shown (a reply replaces it without a new page).
let shownAt = location.pathname + location.search;

/** Where focus is, so that a live update can put it back on the same control. */
function focusKey() {
  const a = document.activeElement;
  if (!a || !main.contains(a) || a === main) return null;
  if (a.id) return `#${CSS.escape(a.id)}`;
  if (a.name && a.form) return `form[action="${CSS.escape(a.form.getAttribute('action'))}"] [name="${CSS.escape(a.name)}"][value="${CSS.escape(a.value)}"]`;
  return null;
}

/**
 * Puts a reply on the page: the new screen, its address, focus, sentences and sounds.
 * A live update of the same screen leaves focus where it was.
 */
function show(reply, live = false) {
  const before = main.querySelector('h1')?.textContent;
  const key = live ? focusKey() : null;
  main.innerHTML = reply.html;
  document.title = reply.title;
  if (reply.url && reply.url !== location.pathname + location.search) {
    history.replaceState({ tavolo: true }, '', reply.url);
  }
  shownAt = location.pathname + location.search;
  enhance();
  const same = live && main.querySelector('h1')?.textContent === before;
  const target = same && key ? main.querySelector(key) : null;
  if (target) target.focus();
  else if (!same) focusHeading(main);
  const polite = reply.announce.filter((s) => !s.assertive).map((s) => s.text).join(' ');
  const alarms = reply.announce.filter((s) => s.assertive).map((s) => s.text).join(' ');
  if (alarms) {
    announce(alarms, { assertive: true });
  }
  if (polite) setTimeout(() => announce(polite), alarms ? 150 : 0);
  const sounds = reply.announce.map((s) => s.sound).filter(Boolean);
  // The most telling sound only: a lost round outweighs a treasure.
  for (const name of ['lost', 'hazard', 'idol', 'treasure']) {
    if (sounds.includes(name)) {
      sound(name);
      if (name === 'lost' || name === 'hazard') haptic(name);
      break;
    }
  }
}

function onSubmit(event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-js')) return;
  event.preventDefault();
  const data = new FormData(form, event.submitter);
  const method = (form.method || 'get').toUpperCase();
  let url = form.action;
  const init = { method };
  if (method === 'POST') init.body = new URLSearchParams(data);
  else url += (url.includes('?') ? '&' : '?') + new URLSearchParams(data);
  // One request at a time: a double press must not send the same vote twice.
  for (const b of form.querySelectorAll('button')) b.disabled = true;
  go(url, init, () => form.submit(), form);
}

function onClick(event) {
  const a = event.target.closest('a[data-js]');
  if (!a || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  go(a.href, { method: 'GET' }, () => { location.href = a.href; });
}

/** What the page says when it is loaded whole: its news, for the repeat control. */
function pageSentence() {
  const news = main.querySelector('#news, .lead, #problem');
  return news ? news.textContent.trim().replace(/\s+/g, ' ') : '';
}

function repeat() {
  if (lastAnnouncement()) repeatLast();
  else announce(pageSentence());
}

// "Where are we?" (the S key and its button): the sentence the server put in #where, fresh
// with every screen, is said and shown. Once asked for, it stays shown on the next screens.
let whereShown = false;

function where() {
  const p = document.getElementById('where');
  if (!p) return;
  whereShown = true;
  p.hidden = false;
  announce(p.textContent.trim().replace(/\s+/g, ' '));
}

/** Shows the controls that need this module and wires the card search. */
function enhance() {
  for (const b of main.querySelectorAll('button.repeat')) {
    b.hidden = false;
    b.addEventListener('click', repeat);
  }
  for (const b of main.querySelectorAll('button.where')) {
    b.hidden = false;
    b.addEventListener('click', where);
  }
  if (whereShown) main.querySelector('#where')?.removeAttribute('hidden');
  wireShareButtons(main);
  const input = main.querySelector('#card-text');
  if (input) {
    const items = [...main.querySelectorAll('.cardlist li[data-search]')];
    input.addEventListener('input', () => filterCards(items, input.value));
  }
}

document.addEventListener('submit', onSubmit);
document.addEventListener('click', onClick);
// R repeats the last announcement, S says where the game stands; not while typing.
const KEYS = { r: repeat, s: where };
document.addEventListener('keydown', (event) => {
  const action = event.key.length === 1 ? KEYS[event.key.toLowerCase()] : undefined;
  if (!action) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const t = event.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement || t.isContentEditable) return;
  event.preventDefault();
  action();
});
// Back and forward: the server knows the screen; ask it again. A move within the screen
// (the skip link's #main) is no other screen: reloading then would undo the skip.
window.addEventListener('popstate', () => {
  if (location.pathname + location.search !== shownAt) location.reload();
});
enhance();
follow(main, (reply) => show(reply, true));
