// Diamant's screens, enhanced: forms and marked links are sent with fetch, the server
// answers with the next screen's content and the sentences to announce, and screen.js
// (every game's) puts it on the page: the version guard, the screen swapped in, focus on
// the new heading, the announcements and the sounds; live events go the same way. Without
// this module every form still works (POST, then 303 to the screen).
import { announce, repeatLast, lastAnnouncement } from './feedback.js';
import { filterCards } from './diamant-cards.js';
import { follow, keepsVote } from './diamant-live.js';
import { createScreen, wireKeys } from './screen.js';
import { wireShareButtons } from './share.js';
import './awake.js';
import { sendPatiently } from './toomany.js';

const main = document.getElementById('main');

/**
 * Sends a form or follows a link, asking for JSON; on failure falls back to the browser.
 * Refused for too many in a short time, it says so, waits and sends it again (toomany.js);
 * the form's buttons stay disabled meanwhile. Given up, the form is usable again.
 */
async function go(url, init, fallback, form) {
  const ticket = screen.ask({ navigation: init.method === 'GET' });
  let res;
  try {
    res = await sendPatiently(() => fetch(url, { ...init, headers: { Accept: 'application/json' }, credentials: 'same-origin' }));
  } catch {
    screen.settle(ticket);
    fallback();
    return;
  }
  if (!res) {
    screen.settle(ticket);
    for (const b of form?.querySelectorAll('button') ?? []) b.disabled = false;
    return;
  }
  const type = res.headers.get('Content-Type') || '';
  if (!type.includes('application/json')) {
    screen.settle(ticket);
    fallback();
    return;
  }
  let reply;
  try {
    reply = await res.json();
  } finally {
    screen.settle(ticket);
  }
  if (!screen.reply(reply, ticket, { refused: !res.ok })) {
    // Not drawn (its screen came first by the live stream): the form that sent it is
    // usable again, should it still be on the page.
    for (const b of form?.querySelectorAll('button') ?? []) b.disabled = false;
  }
}

/** A live update's content, parsed but not on the page. */
function parse(html) {
  const tpl = document.createElement('template');
  tpl.innerHTML = html ?? '';
  return tpl.content;
}

/**
 * Draws a reply's screen (Diamant's payload: its HTML). A live update that would only take
 * this device off a vote it is in the middle of keeps the vote: only the count of votes
 * and the form's version change, and the count alone is said.
 */
function draw(reply, { live }) {
  if (live) {
    const next = parse(reply.html);
    if (keepsVote(main, next)) {
      main.querySelector('[data-version]').dataset.version = reply.version;
      main.querySelector('form.vote input[name="version"]').value = reply.version;
      const votes = main.querySelector('.votes');
      const count = next.querySelector('.votes')?.textContent;
      const said = [];
      if (votes && count && votes.textContent !== count) {
        votes.textContent = count;
        said.push({ text: count });
      }
      // "Where are we?" stays true to the table: who is still to vote has changed.
      const where = main.querySelector('#where');
      const fresh = next.querySelector('#where')?.textContent;
      if (where && fresh) where.textContent = fresh;
      return said;
    }
  }
  main.innerHTML = reply.html;
  enhance();
  return undefined;
}

const screen = createScreen({ root: main, draw });

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
wireKeys({ repeat, where });
// Back and forward: the server knows the screen; ask it again. A move within the screen
// (the skip link's #main) is no other screen: reloading then would undo the skip.
window.addEventListener('popstate', () => {
  if (location.pathname + location.search !== screen.shownAt()) location.reload();
});
enhance();
// The table's live stream: a newer view as a live update; a phone gone away or back (the
// same version) only onto the same screen.
const screenOf = (el) => el.querySelector('[data-screen]')?.dataset.screen;
follow(main, {
  version: screen.version,
  live: (reply) => screen.live(reply),
  presence: (reply) => screenOf(parse(reply.html)) === screenOf(main) && screen.live(reply, { same: true }),
});
