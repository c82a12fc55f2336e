// Live updates of a table with a phone each. The server sends, by Server-Sent Events,
// this device's own view of the table each time it changes: the same JSON as an action's
// reply. EventSource reconnects by itself and then sends Last-Event-ID, so the server
// answers with one catch-up event if the table moved on; the page says when the
// connection is lost, when it is back, and when it cannot come back. A "presence" event
// is the same view at the same version (it has no id, so Last-Event-ID stays the
// version): a phone went away or came back, and what to announce says which.

import { announce } from './feedback.js';

// How long "connected again" stays on screen.
const BACK_SHOWN_MS = 15_000;

/** A live update's content, parsed but not on the page. */
function parse(html) {
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  return tpl.content;
}

/**
 * Whether a live update would only take this device off a vote it is in the middle of:
 * a phone holding several seats shows one seat's vote form, and another phone's vote
 * sends it "pass the phone to" that same seat. Its own vote is still pending, so it
 * stays where it is.
 * @param {HTMLElement} root the page's main element
 * @param {DocumentFragment} next the update's content
 */
export function keepsVote(root, next) {
  const form = root.querySelector('[data-screen="vote"] form.vote');
  if (!form) return false;
  const screen = next.querySelector('[data-screen]');
  if (screen?.dataset.screen !== 'pass') return false;
  const seat = screen.querySelector('a[href*="/vote/"]')?.getAttribute('href').match(/\/vote\/(\d+)$/)?.[1];
  return seat !== undefined && seat === form.elements.seat?.value;
}

/**
 * Follows the table whose live URL the element carries.
 * @param {HTMLElement} root the page's main element
 * @param {(reply: object) => void} show puts a reply on the page
 */
export function follow(root, show) {
  const el = root.querySelector('[data-live]');
  if (!el || typeof EventSource === 'undefined') return null;
  const version = () => Number(root.querySelector('[data-version]')?.dataset.version ?? -1);
  const texts = { lost: el.dataset.lost, back: el.dataset.back, failed: el.dataset.failed };
  const live = el.dataset.live;
  let lost = false;
  let source = null;
  // The status outlives the screens: each update replaces the page's content, status line too.
  let state = '';
  let clear = null;

  const paint = () => {
    const p = root.querySelector('.connection');
    if (!p) return;
    p.textContent = state ? texts[state] : '';
    p.dataset.state = state;
    p.hidden = !state;
  };
  const status = (s) => {
    state = s;
    clearTimeout(clear);
    if (s === 'back') clear = setTimeout(() => status(''), BACK_SHOWN_MS);
    paint();
  };
  const back = () => {
    if (lost) status('back');
    lost = false;
  };

  const read = (event) => {
    try {
      return JSON.parse(event.data);
    } catch {
      return null;
    }
  };

  const open = () => {
    // From the version on the page: a new stream after a failure then catches up too.
    source = new EventSource(live + (live.includes('?') ? '&' : '?') + 'since=' + version());
    source.addEventListener('presence', (event) => {
      const reply = read(event);
      // Only onto the same version and the same screen: anything newer comes as a message.
      if (!reply || reply.version !== version()) return;
      const next = parse(reply.html);
      const screen = (el) => el.querySelector('[data-screen]')?.dataset.screen;
      if (screen(next) !== screen(root)) return;
      show(reply);
      paint();
    });
    source.addEventListener('message', (event) => {
      const reply = read(event);
      // An action's own reply may have come first: never go back, never show twice.
      if (!reply || reply.version <= version()) return;
      const next = parse(reply.html);
      if (keepsVote(root, next)) {
        // Stay on the vote: only the count of votes changes, and the form's version.
        root.querySelector('[data-version]').dataset.version = reply.version;
        root.querySelector('form.vote input[name="version"]').value = reply.version;
        const votes = root.querySelector('.votes');
        const count = next.querySelector('.votes')?.textContent;
        if (votes && count && votes.textContent !== count) {
          votes.textContent = count;
          announce(count);
        }
      } else {
        show(reply);
        paint();
      }
      back();
    });
    source.addEventListener('open', back);
    source.addEventListener('gone', () => location.reload());
    source.addEventListener('error', () => {
      lost = true;
      if (source.readyState === EventSource.CLOSED) {
        // The server refused the stream (a 403 or 404), or the browser gave up: it will
        // not retry by itself. Try once more later: a restarted server answers again.
        status('failed');
        setTimeout(open, 5000);
        return;
      }
      if (state !== 'lost') status('lost');
    });
  };
  open();
  // A phone that drops off its network may keep a dead stream open for minutes: the
  // browser's own word that it is offline is quicker. Back online, a new stream catches up.
  window.addEventListener('offline', () => {
    source.close();
    lost = true;
    status('lost');
  });
  window.addEventListener('online', () => {
    if (source.readyState === EventSource.CLOSED) open();
  });
  window.addEventListener('pagehide', () => source && source.close());
  // Back from the browser's page cache, the stream is closed: load the table afresh.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) location.reload();
  });
  return () => source && source.close();
}
