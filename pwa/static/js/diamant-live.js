// Live updates of a table with a phone each (Diamant's, and Donuts' on two phones). The server sends, by Server-Sent Events,
// this device's own view of the table each time it changes: the same JSON as an action's
// reply, which the page's screen (screen.js) puts on the page or drops; while a table
// votes, Diamant's screen comes as a patch of the one sent before (web/diamant/patch.go). EventSource reconnects by itself and then sends Last-Event-ID, so the server
// answers with one catch-up event if the table moved on; the page says when the
// connection is lost, when it is back, and when it cannot come back. A "presence" event
// is the same view at the same version (it has no id, so Last-Event-ID stays the
// version): a phone went away or came back, and what to announce says which.
//
// The server caps the streams (web/limits.go). A device that opens more than a few closes
// its oldest, which gets a "replaced" event: that page stops and says the table is open
// elsewhere (reopening would close the other in turn). A stream refused for too many is a
// 429 that EventSource cannot read: the page then asks the stream's URL with Accept:
// application/json, which says why and when to try again, says so, and waits, longer
// after each refusal in a row.

import { announce } from './feedback.js';
import { loadT } from './catalog.js';
import { retryDelay } from './backoff.js';
import { PAGE } from './screen.js';

// How long "connected again" stays on screen.
const BACK_SHOWN_MS = 15_000;
// A restart (the server's 'restart' event) is said only when it takes longer than this;
// until then the page tries again this often.
const RESTART_QUIET_MS = 10_000;
const RESTART_RETRY_MS = 1000;

/**
 * Whether a live update would only take this device off a vote it is in the middle of:
 * a phone holding several seats shows one seat's vote form, and another phone's vote
 * sends it "pass the phone to" that same seat. Its own vote is still pending, so it
 * stays where it is.
 * @param {HTMLElement} root the page's main element
 * @param {DocumentFragment} next the update's content
 */
export function keepsVote(root, next) {
  const form = root.querySelector('[data-screen="vote"] form.vote, [data-screen="pass"] form.vote');
  if (!form) return false;
  const screen = next.querySelector('[data-screen]');
  if (screen?.dataset.screen !== 'pass') return false;
  const seat = screen.querySelector('form.vote input[name="seat"]')?.value;
  return seat !== undefined && seat === form.elements.seat?.value;
}

/** What a screen's live returns for an event it cannot put on the page as it is (a patch of another screen): the stream is opened again from the version shown, and sends the whole screen. */
export const RESYNC = 'resync';

/**
 * Follows the table whose live URL the element carries. Every event goes to the page's
 * screen (screen.js), which alone decides whether it is newer than what is shown.
 * @param {HTMLElement} root the page's main element
 * @param {{version: () => number, live: (reply: object) => boolean | RESYNC, presence?: (reply: object) => boolean}} screen
 *   the version shown; puts a newer view on the page (or asks for it whole: RESYNC); puts
 *   a view of the same version on the page (a phone gone away or back); each reports
 *   whether it drew
 */
export function follow(root, screen) {
  const el = root.querySelector('[data-live]');
  if (!el || typeof EventSource === 'undefined') return null;
  const version = () => screen.version();
  const texts = { lost: el.dataset.lost, back: el.dataset.back, failed: el.dataset.failed };
  const live = el.dataset.live;
  let lost = false;
  let source = null;
  let replaced = false; // this device follows the table in a newer tab: never reopen
  let refusals = 0; // refused streams in a row
  let retry = null;
  // While the server restarts (its 'restart' event): the timer after which the page says
  // the connection is lost; until then it reconnects quietly.
  let restarting = null;
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

  // Says a sentence of the server's catalog: on the status line, and once in the polite
  // live region.
  const say = (key, text, spoken) => {
    texts[key] = text;
    status(key);
    if (spoken) announce(text);
  };

  // The stream failed for good: if the server refused it for too many, say so and wait as
  // it asks, longer each time; otherwise try again a little later, as before.
  const failed = async () => {
    let res = null;
    try {
      res = await fetch(live, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    } catch {
      // The network or the server is down: the same as any failure.
    }
    if (replaced) return;
    if (res?.status !== 429) {
      refusals = 0;
      status('failed');
      retry = setTimeout(open, 5000);
      return;
    }
    const body = await res.json().catch(() => ({}));
    refusals += 1;
    const wait = retryDelay(Number(res.headers.get('Retry-After')) || body.retryAfter, refusals);
    const t = await loadT();
    let text = body.id ? t(body.id, { Count: wait }) : '';
    if (!text || text === body.id) text = body.error || texts.failed;
    if (replaced) return;
    say('refused', text, refusals === 1);
    retry = setTimeout(open, wait * 1000);
  };

  const open = () => {
    clearTimeout(retry);
    if (replaced) return;
    // From the version on the page: a new stream after a failure then catches up too.
    source = new EventSource(live + (live.includes('?') ? '&' : '?') + 'since=' + version() + '&page=' + PAGE);
    source.addEventListener('presence', (event) => {
      const reply = read(event);
      // Only onto the same version (and screen): anything newer comes as a message.
      if (reply && screen.presence?.(reply)) paint();
    });
    source.addEventListener('message', (event) => {
      const reply = read(event);
      // An action's own reply may have come first: the screen never goes back, never
      // shows the same version twice.
      const drawn = reply && screen.live(reply);
      if (drawn === RESYNC) {
        source.close();
        open();
        return;
      }
      if (drawn) paint();
      back();
    });
    source.addEventListener('open', () => {
      refusals = 0;
      clearTimeout(restarting);
      restarting = null;
      back();
    });
    // The server is stopping to start again: it asked for a reconnection within a second.
    source.addEventListener('restart', () => {
      clearTimeout(restarting);
      restarting = setTimeout(() => {
        restarting = null;
        lost = true;
        status('lost');
      }, RESTART_QUIET_MS);
    });
    source.addEventListener('gone', () => location.reload());
    source.addEventListener('replaced', async () => {
      // This device opened the table in a newer tab or window, which now follows it.
      replaced = true;
      clearTimeout(retry);
      source.close();
      const t = await loadT();
      say('replaced', t('app.streams.replaced'), true);
    });
    source.addEventListener('error', () => {
      if (restarting) {
        // Not back yet: the browser tries again by itself, unless an answer closed the
        // stream (a proxy's 502 while the server is down); then the page does, as soon.
        if (source.readyState === EventSource.CLOSED) retry = setTimeout(open, RESTART_RETRY_MS);
        return;
      }
      lost = true;
      if (source.readyState === EventSource.CLOSED) {
        // The server refused the stream (too many, a 403 or 404), or the browser gave up:
        // it will not retry by itself.
        failed();
        return;
      }
      if (state !== 'lost') status('lost');
    });
  };
  open();
  // A phone that drops off its network may keep a dead stream open for minutes: the
  // browser's own word that it is offline is quicker. Back online, a new stream catches up.
  window.addEventListener('offline', () => {
    if (replaced) return;
    source.close();
    lost = true;
    status('lost');
  });
  window.addEventListener('online', () => {
    if (source.readyState === EventSource.CLOSED && state !== 'refused') open();
  });
  window.addEventListener('pagehide', () => source && source.close());
  // Back from the browser's page cache, the stream is closed: load the table afresh.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) location.reload();
  });
  return () => source && source.close();
}
