// Donuts's board in the browser. The server renders a table of plates whose playable
// plates are submit buttons; this module turns it into a WAI-ARIA grid (one tab stop,
// arrow keys, Enter or Space places) with commands for those who do not scan the grid,
// and posts moves with fetch. The server answers with the board's new state, the panel's
// HTML and the sentences to announce; screen.js (every game's) puts a reply or a live
// event on the page with this module's draw, which updates the board in place, so that
// focus stays put.
// "Where are we?" (its button, or S anywhere on the screen but in a text field) says the
// whole state; the history of the moves is a section of the screen, its summary shared
// once the game is over.
import { follow } from './diamant-live.js';
import { announce, repeatLast, say } from './feedback.js';
import { loadT } from './catalog.js';
import { createScreen, wireKeys, FEEL, PAGE, PAGE_HEADER } from './screen.js';
import { wireShareButtons } from './share.js';
import './awake.js';
import { sendPatiently, waitingText } from './toomany.js';

const SIZE = 6;
// How long typed characters of a plate ("3 4", "d3") wait for the next one.
const TYPING_MS = 1500;

/** Reads a typed plate: two numbers (row, column) or a column letter a-f and a row. */
export function parsePlate(text) {
  const s = String(text).toLowerCase().replace(/[\s,;]+/g, '');
  let m = s.match(/^([1-6])([1-6])$/);
  if (m) return { row: Number(m[1]), col: Number(m[2]) };
  m = s.match(/^([a-f])([1-6])$/);
  if (m) return { row: Number(m[2]), col: m[1].charCodeAt(0) - 96 };
  m = s.match(/^([1-6])([a-f])$/);
  if (m) return { row: Number(m[1]), col: m[2].charCodeAt(0) - 96 };
  return null;
}

class Board {
  constructor(table) {
    this.table = table;
    this.form = document.getElementById('donuts-board-form');
    this.cells = [...table.querySelectorAll('td.plate')];
    this.busy = false;
    this.screen = null; // the page's screen (screen.js), which puts the replies on it
    this.typed = '';
    this.typedTimer = 0;

    table.setAttribute('role', 'grid');
    for (const tr of table.querySelectorAll('tr')) tr.setAttribute('role', 'row');
    for (const td of this.cells) {
      td.setAttribute('role', 'gridcell');
      td.tabIndex = -1;
      // In the grid the plate itself is the control: its button becomes plain content.
      const button = td.querySelector('button.cell');
      if (button) {
        const span = document.createElement('span');
        span.className = button.className;
        span.append(...button.childNodes);
        button.replaceWith(span);
      }
    }
    const hint = document.getElementById('donuts-keys-hint');
    if (hint) hint.hidden = false;
    const start = this.cells.findIndex((td) => td.hasAttribute('data-last'));
    const playable = this.cells.findIndex((td) => td.hasAttribute('data-playable'));
    this.current = start >= 0 ? start : Math.max(0, playable);
    this.cells[this.current].tabIndex = 0;

    table.addEventListener('keydown', (e) => this.onKey(e));
    table.addEventListener('click', (e) => {
      const td = e.target.closest('td.plate');
      if (!td) return;
      this.focus(this.cells.indexOf(td), { speak: false });
      this.place(this.current);
    });
    table.addEventListener('focusin', (e) => {
      const i = this.cells.indexOf(e.target.closest('td.plate'));
      if (i >= 0) this.rove(i);
    });
    document.addEventListener('submit', (e) => {
      const form = e.target;
      if (form.id === 'donuts-typed') {
        e.preventDefault();
        this.post(form.action, new FormData(form)).then((ok) => {
          if (ok) form.querySelector('input[name="typed"]').value = '';
        });
      } else if (form.id === 'donuts-undo') {
        e.preventDefault();
        // With the button pressed: accepting or refusing the other phone's request.
        this.post(form.action, new FormData(form, e.submitter));
      }
    });
  }

  rove(i) {
    if (i === this.current) return;
    this.cells[this.current].tabIndex = -1;
    this.current = i;
    this.cells[i].tabIndex = 0;
  }

  focus(i, { speak = true } = {}) {
    this.rove(i);
    this.cells[i].focus();
    // With speak aloud on and no screen reader, the plate's name is heard as well.
    if (speak) say(this.label(i), { interrupt: true });
  }

  label(i) {
    return this.cells[i].querySelector('.name').textContent;
  }

  onKey(e) {
    const row = Math.floor(this.current / SIZE);
    const col = this.current % SIZE;
    const to = (r, c) => {
      e.preventDefault();
      const i = Math.min(SIZE - 1, Math.max(0, r)) * SIZE + Math.min(SIZE - 1, Math.max(0, c));
      if (i !== this.current) this.focus(i);
      // Nowhere to go: the board's edge, said, rather than silence.
      else loadT().then((t) => announce(t('donuts.edge')));
    };
    switch (e.key) {
      case 'ArrowRight': return to(row, col + 1);
      case 'ArrowLeft': return to(row, col - 1);
      case 'ArrowDown': return to(row + 1, col);
      case 'ArrowUp': return to(row - 1, col);
      case 'Home': return e.ctrlKey ? to(0, 0) : to(row, 0);
      case 'End': return e.ctrlKey ? to(SIZE - 1, SIZE - 1) : to(row, SIZE - 1);
      case 'Enter':
      case ' ':
        e.preventDefault();
        this.place(this.current);
        return undefined;
      default:
    }
    if (e.ctrlKey || e.altKey || e.metaKey || e.key.length !== 1) return undefined;
    const key = e.key.toLowerCase();
    if (/^[1-6a-f]$/.test(key) && this.type(key)) {
      e.preventDefault();
      return undefined;
    }
    // R (repeat) and S ("where are we?") are the whole screen's keys: see below.
    const command = { a: 'donuts-playable', l: 'donuts-last', p: 'donuts-score' }[key];
    if (command) {
      e.preventDefault();
      announce(document.getElementById(command)?.textContent.trim());
    }
    return undefined;
  }

  // type collects the characters of a plate and jumps there once they name one: "34",
  // "d3", "3d". A lone "a" is the command that lists the playable plates, so column a is
  // typed after the row ("3a"); it is false for keys that are not part of a plate.
  type(key) {
    clearTimeout(this.typedTimer);
    if (key === 'a' && !/^[1-6]$/.test(this.typed)) {
      this.typed = '';
      return false;
    }
    this.typedTimer = setTimeout(() => { this.typed = ''; }, TYPING_MS);
    this.typed = (this.typed + key).slice(-2);
    const p = this.typed.length === 2 ? parsePlate(this.typed) : null;
    if (p) {
      this.typed = '';
      this.focus((p.row - 1) * SIZE + p.col - 1);
    } else if (this.typed.length === 2) {
      this.typed = key;
    }
    return true;
  }

  async place(i) {
    const data = new FormData(this.form);
    data.set('plate', `${Math.floor(i / SIZE) + 1},${(i % SIZE) + 1}`);
    return this.post(this.form.action, data);
  }

  // post sends a form as a script would and applies the answer; it is false when the
  // move was refused or could not be sent.
  // Refused for too many in a short time, it says so, waits and sends the move again
  // (toomany.js); a key pressed meanwhile hears the wait again.
  async post(url, data) {
    if (this.busy) {
      const wait = waitingText();
      if (wait) announce(wait, { assertive: true });
      return false;
    }
    this.busy = true;
    const ticket = this.screen.ask();
    try {
      const res = await sendPatiently(() => fetch(url, {
        method: 'POST',
        body: new URLSearchParams(data),
        headers: { Accept: 'application/json', [PAGE_HEADER]: PAGE },
        credentials: 'same-origin',
      }));
      if (!res) return false;
      if (!(res.headers.get('Content-Type') || '').includes('application/json')) {
        // Not an answer about the board (a lost session, a server error): show the page.
        window.location.reload();
        return false;
      }
      const reply = await res.json();
      this.screen.reply(reply, ticket, { refused: !res.ok });
      return res.ok;
    } catch {
      const t = await loadT();
      announce(t('donuts.error.network'), { assertive: true });
      return false;
    } finally {
      this.busy = false;
      this.screen.settle(ticket);
    }
  }

  // draw puts a reply's payload on the board: the plates, the heading, the panel, the
  // information below and the history; screen.js does the rest (the title, what is said,
  // the sounds and the vibration).
  draw(reply) {
    for (const input of document.querySelectorAll('input[name="version"]')) input.value = String(reply.version);
    const live = document.querySelector('[data-live]');
    if (live) live.dataset.version = String(reply.version);
    const h1 = document.querySelector('h1');
    if (reply.heading && h1 && h1.textContent !== reply.heading) h1.textContent = reply.heading;
    reply.cells.forEach((c, i) => {
      const td = this.cells[i];
      td.dataset.donut = c.d || '';
      td.toggleAttribute('data-playable', Boolean(c.p));
      td.toggleAttribute('data-last', Boolean(c.l));
      td.querySelector('.name').textContent = c.n;
    });
    for (const [id, html] of [['donuts-panel', reply.panel], ['donuts-info', reply.info], ['donuts-history', reply.history]]) {
      const old = document.getElementById(id);
      if (!old || html === undefined) continue;
      // Focus inside (the undo button, the history's heading) would be lost with it: it
      // goes to the same element in the new content, else to the board.
      const focused = old.contains(document.activeElement) ? document.activeElement : null;
      const tpl = document.createElement('template');
      tpl.innerHTML = html;
      old.replaceWith(tpl.content);
      if (focused) {
        const same = focused.id && document.getElementById(focused.id);
        (same || this.cells[this.current]).focus();
      }
    }
    wireShareButtons(document.getElementById('donuts-history') || document);
  }
}

/** Says where the game stands: the sentence the server keeps fresh in #donuts-where. */
function whereAreWe() {
  announce(document.getElementById('donuts-where')?.textContent.trim());
}

const table = document.getElementById('donuts-board');
if (table) {
  const where = document.getElementById('donuts-where-button');
  if (where) {
    where.hidden = false;
    where.addEventListener('click', whereAreWe);
  }
  wireKeys({ repeat: repeatLast, where: whereAreWe });
  wireShareButtons(document.getElementById('donuts-history') || document);
  const board = new Board(table);
  const main = document.querySelector('main');
  // A reply or a live event: drawn in place; focus stays where it is; every sound.
  board.screen = createScreen({
    root: main,
    draw: (reply) => board.draw(reply),
    version: Number(document.querySelector('input[name="version"]')?.value ?? -1),
    focus: 'stay',
    feel: FEEL.each,
  });
  // On two phones, the other phone's moves arrive by the table's live stream.
  follow(main, board.screen);
}
