// Diamant's screens, enhanced: forms and marked links are sent with fetch, the server
// answers with the next screen's content and the sentences to announce, and screen.js
// (every game's) puts it on the page: the version guard, the screen swapped in, focus on
// the new heading, the announcements and the sounds; live events go the same way. Without
// this module every form still works (POST, then 303 to the screen).
import { announce, repeatLast, lastAnnouncement, focusScreen } from './feedback.js';
import './toolbar.js';
import { filterCards } from './diamant-cards.js';
import { follow, keepsVote, RESYNC } from './diamant-live.js';
import { createScreen, wireKeys, morph, PAGE, PAGE_HEADER } from './screen.js';
import { wireShareButtons } from './share.js';
import './awake.js';
import { sendPatiently } from './toomany.js';

const main = document.getElementById('main');

/**
 * Sends a form or follows a link, asking for JSON; on failure falls back to the browser.
 * Refused for too many in a short time, it says so, waits and sends it again (toomany.js);
 * the form's buttons stay unavailable meanwhile (hold). Answered or given up, the form is
 * usable again.
 */
async function go(url, init, fallback, form) {
  // A form marked data-stay (a toggle) keeps focus on its control: its screen stays.
  const ticket = screen.ask({ navigation: init.method === 'GET', stay: form?.hasAttribute('data-stay') });
  let res;
  try {
    res = await sendPatiently(() => fetch(url, { ...init, headers: { Accept: 'application/json', [PAGE_HEADER]: PAGE }, credentials: 'same-origin' }));
  } catch {
    screen.settle(ticket);
    release(form);
    fallback();
    return;
  }
  if (!res) {
    screen.settle(ticket);
    release(form);
    return;
  }
  const type = res.headers.get('Content-Type') || '';
  if (!type.includes('application/json')) {
    screen.settle(ticket);
    release(form);
    fallback();
    return;
  }
  let reply;
  try {
    reply = await res.json();
  } catch {
    // Cut off: the table's stream does not send what the reply carried, the page asks again.
    fallback();
    return;
  } finally {
    screen.settle(ticket);
    release(form);
  }
  screen.reply(reply, ticket, { refused: !res.ok });
}

// The forms whose request is under way: pressed again meanwhile, they send nothing.
const sending = new WeakSet();

/**
 * A form's request is under way: its buttons say they are unavailable (aria-disabled)
 * but keep focus, which a disabled button would drop to the page's body.
 */
function hold(form) {
  sending.add(form);
  for (const b of form.querySelectorAll('button')) b.setAttribute('aria-disabled', 'true');
}

/** A form's request is answered or given up: its buttons are usable again, should it still be on the page. */
function release(form) {
  if (!form) return;
  sending.delete(form);
  for (const b of form.querySelectorAll('button')) b.removeAttribute('aria-disabled');
}

/** The kind of screen an element holds (its [data-screen]). */
function screenOf(el) {
  return el.querySelector('[data-screen]')?.dataset.screen;
}

/** Whether new content is the screen shown: the same kind of screen, the same heading. */
function sameScreen(next) {
  const h = (root) => root.querySelector('h1')?.textContent;
  return screenOf(next) !== undefined && screenOf(next) === screenOf(main) && h(next) === h(main);
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
  if (reply.patch) {
    applyPatch(reply);
    return undefined;
  }
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
  const next = parse(reply.html);
  if (live) keepAdvice(next);
  if (sameScreen(next)) {
    // The same screen: only what changed is touched, so the element a player is on (the
    // heading, a button, a row being read) stays on the page.
    morph(main, next);
  } else {
    main.innerHTML = '';
    main.append(next);
  }
  enhance();
  return undefined;
}

/**
 * Whether a vote's patch (web/diamant/patch.go) is of the screen shown: its version, its
 * kind and its heading.
 */
function patches(patch) {
  return screen.version() === patch.base && screenOf(main) === patch.screen && main.querySelector('h1')?.textContent === patch.heading;
}

/**
 * Puts a vote's patch on the screen it was made for: the version in the forms, how many
 * have voted, who is still to vote, "where are we", and whether the card just drawn is
 * hidden from a screen reader (its news said it). Nothing else changes: focus and a
 * screen reader's place stay where they are. (web/diamant/diamanttest does the same in Go,
 * for the server's tests.)
 */
function applyPatch({ version, patch }) {
  main.querySelector('[data-version]').dataset.version = version;
  for (const input of main.querySelectorAll('input[name="version"]')) input.value = version;
  const text = (selector, value) => {
    const el = main.querySelector(selector);
    if (el) el.textContent = value;
  };
  text('p.votes', patch.votes);
  text('p.waiting', patch.waiting);
  text('#where', patch.where);
  const card = main.querySelector('.lastcard');
  if (card && patch.cardSaid) card.setAttribute('aria-hidden', 'true');
  else card?.removeAttribute('aria-hidden');
}

/**
 * Practice's advice, once asked for, stays on its vote screen while the other phones vote:
 * the same seat's vote (the same step) holds the same advice.
 */
function keepAdvice(next) {
  const advice = main.querySelector('#expert');
  const form = next.querySelector('form.expert');
  if (!advice || !form || next.querySelector('#expert')) return;
  const step = (root) => root.querySelector('form.vote input[name="step"]')?.value;
  const action = main.querySelector('form.expert')?.getAttribute('action');
  if (form.getAttribute('action') === action && step(next) === step(main)) form.after(advice.cloneNode(true));
}

const screen = createScreen({ root: main, draw });

function onSubmit(event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-js')) return;
  event.preventDefault();
  const now = performance.now();
  if (armedAt.get(form) > now && now - pointedAt < ARM_MS) return; // a tap too soon: the voter before's
  const data = new FormData(form, event.submitter);
  const method = (form.method || 'get').toUpperCase();
  let url = form.action;
  const init = { method };
  if (method === 'POST') init.body = new URLSearchParams(data);
  else url += (url.includes('?') ? '&' : '?') + new URLSearchParams(data);
  // One request at a time: a double press must not send the same vote twice.
  if (sending.has(form)) return;
  hold(form);
  go(url, init, () => form.submit(), form);
}

function onClick(event) {
  const tool = event.target.closest('button.repeat, button.where');
  if (tool) {
    if (tool.classList.contains('repeat')) repeat();
    else where();
    return;
  }
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

/** Practice's "what would the expert do?" (the E key): asked on a vote screen that offers it. */
function expert() {
  main.querySelector('form.expert')?.requestSubmit();
}

// How long a shared phone's vote cards wait before they answer a tap, and when each may.
const ARM_MS = 600;
const armedAt = new WeakMap();
// When the last touch or click began: a tap, not a key.
let pointedAt = -Infinity;
document.addEventListener('pointerdown', () => { pointedAt = performance.now(); }, true);

// The card search fields wired (a screen updated in place keeps its field).
const searched = new WeakSet();

/**
 * Shows the controls that need this module and wires the card search; again after each
 * drawing (the buttons' clicks are the document's: see onClick).
 */
function enhance() {
  for (const el of main.querySelectorAll('button.repeat, button.where, p.keys')) el.hidden = false;
  // A voter's cards just put on the page do not answer a tap at once: the previous
  // voter's second tap cannot play the next voter's card. (A key goes to the heading,
  // where focus is: it needs no wait.)
  for (const form of main.querySelectorAll('form.vote.cards')) {
    if (armedAt.has(form)) continue;
    armedAt.set(form, performance.now() + ARM_MS);
    for (const b of form.querySelectorAll('button')) b.setAttribute('aria-disabled', 'true');
    setTimeout(() => { if (!sending.has(form)) release(form); }, ARM_MS);
  }
  if (whereShown) main.querySelector('#where')?.removeAttribute('hidden');
  wireShareButtons(main);
  const input = main.querySelector('#card-text');
  if (input && !searched.has(input)) {
    searched.add(input);
    const items = [...main.querySelectorAll('.cardlist li[data-search]')];
    input.addEventListener('input', () => filterCards(items, input.value));
  }
}

document.addEventListener('submit', onSubmit);
document.addEventListener('click', onClick);
// R repeats the last announcement, S says where the game stands, E asks what the expert
// would do (on a vote screen); not while typing.
wireKeys({ repeat, where, expert });
// A key pressed: a keyboard is in use, its hints are shown (diamant.css).
document.addEventListener('keydown', () => { document.documentElement.dataset.keys = ''; }, { once: true });
// Back and forward: the server knows the screen; ask it again. A move within the screen
// (the skip link's #main) is no other screen: reloading then would undo the skip.
window.addEventListener('popstate', () => {
  if (location.pathname + location.search !== screen.shownAt()) location.reload();
});
enhance();
// A play screen loaded whole (a start, a reload) puts focus on its primary control or its
// heading, as a screen drawn by script does: the player starts on the game, not at the top
// of the page.
if (screenOf(main)) focusScreen(main);
// The table's live stream: a newer view as a live update; a phone gone away or back (the
// same version) only onto the same screen.
follow(main, {
  version: screen.version,
  // A patch of a screen this page no longer shows (a link led to another): the whole
  // screen is asked for again.
  live: (reply) => (reply.patch && reply.version > screen.version() && !patches(reply.patch) ? RESYNC : screen.live(reply)),
  presence: (reply) => screenOf(parse(reply.html)) === screenOf(main) && screen.live(reply, { same: true }),
});
