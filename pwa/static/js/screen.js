// One way to put a game's answer on the page, for every game: an action's reply to a
// script and a live event from the table's stream carry the same envelope (web/reply.go:
// table, version, title, url, announce) and the game's payload (Diamant: the screen's
// HTML; Donuts: the board's parts). This module decides whether it is shown (the version
// guard), and if so has the game draw its payload, then sets the title and the address,
// moves focus, announces the sentences (alarms first, then the rest), and plays the sounds
// and vibrations; the game's module passes the function that draws its payload.
//
// The version guard works both ways. The acting phone's own live event may arrive before
// its reply: whichever comes first is shown, the later one at the same version does
// nothing (no second drawing, announcement or move of focus), and nothing older than what
// is shown is ever drawn over it. Two exceptions, both asked for by the player: a screen
// asked for by a link (the vote, the reveal: the same version, another screen), and a
// reply to a request during which nothing else was drawn (an action refused, or one that
// changes no version). A refusal the table has meanwhile moved past is said, not drawn.
//
// The keyboard shortcuts every game shares are here too: R says the last announcement
// again, S where the game stands; never while typing in a field.
import { announce, sound, haptic, focusHeading, focusScreen } from './feedback.js';

/**
 * This page's name, on its live stream's address (page=) and on its actions (PAGE_HEADER):
 * the stream then does not send again the version an action's reply carried to this page
 * (web/kit/answered.go).
 */
export const PAGE = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
export const PAGE_HEADER = 'X-Tavolo-Page';

// ---- pure parts (pwa/test/screen.test.mjs) ----

/**
 * The version guard of one page: what it shows (a table and a version) and how many
 * times it has drawn. path is the page's address, whose table is the one shown until a
 * reply names another.
 */
export function createGuard({ version = -1, path = '' } = {}) {
  let table = '';
  let shown = Number.isFinite(version) ? version : -1;
  let draws = 0;
  // Whether a reply or event is of another table than the one shown (play again's).
  const other = (r) => Boolean(r.table) && (table ? r.table !== table : !path.split('/').includes(r.table));
  return {
    version: () => shown,
    /** A ticket for a request about to be sent; navigation: a link's screen, not an action. */
    ask: ({ navigation = false } = {}) => ({ draws, navigation }),
    /**
     * What to do with a request's reply: 'draw' it, only 'say' its sentences (a refusal
     * of a table that has moved on), or 'drop' it (an older or equal view already shown).
     */
    reply(r, ticket = { draws: -1, navigation: false }, { refused = false } = {}) {
      if (!r || !Number.isFinite(r.version)) return 'drop';
      if (other(r) || r.version > shown) return 'draw';
      if (r.version === shown && (ticket.navigation || ticket.draws === draws)) return 'draw';
      return refused ? 'say' : 'drop';
    },
    /**
     * What to do with a live event: 'draw' one newer than what is shown, or with same, one
     * of the same version (a phone gone away or back); else 'drop'.
     */
    live(r, { same = false } = {}) {
      if (!r || !Number.isFinite(r.version) || other(r)) return 'drop';
      return (same ? r.version === shown : r.version > shown) ? 'draw' : 'drop';
    },
    /** Notes that r is now shown. */
    drawn(r) {
      if (r.table) table = r.table;
      shown = r.version;
      draws += 1;
    },
  };
}

/** Whether two texts are the same sentence, but for the final stop and spaces (a heading and its sentence). */
export function sameSentence(a, b) {
  const bare = (t) => (t ?? '').trim().replace(/[\s.!?\u00a0\u202f]+$/u, '').replace(/\s+/g, ' ');
  return bare(a) !== '' && bare(a) === bare(b);
}

/**
 * What the live region says of a polite text when a screen reader has just said the
 * heading focus moved to (heard): the text without a last sentence that only says the
 * heading again ("Treasure of 11: 3 diamonds each. Ada: continue or leave?" under the
 * heading "Ada: continue or leave?"), nothing when the text is the heading; each fact once.
 */
export function beyondHeading(text, heard) {
  const t = (text ?? '').trim();
  if (!heard || sameSentence(t, heard)) return heard ? '' : t;
  const bare = (x) => x.trim().replace(/[\s.!?\u00a0\u202f]+$/u, '').replace(/\s+/g, ' ');
  const h = bare(heard);
  const body = bare(t);
  if (h === '' || !body.endsWith(h)) return t;
  const before = body.slice(0, body.length - h.length);
  // Only a whole last sentence: what comes before it ends one.
  if (!/[.!?…:;]\s+$/u.test(before)) return t;
  return before.trim();
}

/** The sentences of a reply: the alarms, the rest, and the sounds that go with them, in order. */
export function sentences(announced = []) {
  const list = announced ?? [];
  const text = (alarm) => list.filter((s) => Boolean(s.assertive) === alarm).map((s) => s.text).join(' ');
  return { alarms: text(true), polite: text(false), sounds: list.map((s) => s.sound).filter(Boolean) };
}

/**
 * How a game's replies sound and vibrate: each returns the sounds to play, in order, and
 * the kind of vibration (feedback.js HAPTICS), or none.
 */
export const FEEL = {
  // Diamant: the card in one sound (each hazard its own, a treasure, an idol), after the
  // reveal's when the votes were turned; a second hazard's own sound then the round lost.
  // A hazard and a lost round vibrate.
  loudest(reply, said) {
    return diamantSounds(said.sounds);
  },
  // Donuts: each sound in turn (a move, a flip, the reply, the end); a refusal has the
  // hazard's sound and vibrates as one; any other news vibrates as a move, or the end.
  each(reply, said) {
    if (said.alarms) return { sounds: ['hazard'], haptic: 'refused' };
    const any = said.polite !== '';
    return { sounds: said.sounds, haptic: any ? (reply.finished ? 'end' : 'move') : null };
  },
};

/** Diamant's five hazards, as their sounds are named (feedback.js SOUNDS). */
export const HAZARDS = ['spider', 'snake', 'lava', 'boulder', 'ram'];

/**
 * What Diamant plays for the sounds its sentences name ("reveal", "treasure", "idol",
 * "hazard:snake" for a first hazard, "lost:snake" for the second): the reveal first, then
 * the most telling card only (a lost round outweighs a hazard, an idol, a treasure), a
 * hazard by its own sound, which a lost round follows with its fall; and the vibration.
 */
export function diamantSounds(sounds = []) {
  const find = (kind) => sounds.find((s) => s === kind || s.startsWith(`${kind}:`));
  // A hazard's own sound; a hazard not named, the general one (none before a lost round's).
  const own = (s, general) => {
    const card = s.split(':')[1];
    return HAZARDS.includes(card) ? [card] : general;
  };
  const out = sounds.includes('reveal') ? ['reveal'] : [];
  const lost = find('lost');
  const hazard = find('hazard');
  if (lost) out.push(...own(lost, []), 'lost');
  else if (hazard) out.push(...own(hazard, ['hazard']));
  else if (sounds.includes('idol')) out.push('idol');
  else if (sounds.includes('treasure')) out.push('treasure');
  return { sounds: out, haptic: lost ? 'lost' : hazard ? 'hazard' : null };
}

// The pause between the sounds of one answer; the polite sentences' wait after an alarm.
const SOUND_GAP_MS = 350;
const POLITE_AFTER_ALARM_MS = 150;

// ---- on the page ----

/**
 * Where focus is inside root, as a selector that finds the same element in new content:
 * its id, the heading, a form's control by its name and value, a link by its address.
 */
export function focusKey(root) {
  const a = document.activeElement;
  if (!a || !root.contains(a) || a === root) return null;
  if (a.id) return `#${CSS.escape(a.id)}`;
  if (a.tagName === 'H1') return 'h1';
  if (a.name && a.form) return `form[action="${CSS.escape(a.form.getAttribute('action'))}"] [name="${CSS.escape(a.name)}"][value="${CSS.escape(a.value)}"]`;
  if (a.tagName === 'A' && a.getAttribute('href')) return `a[href="${CSS.escape(a.getAttribute('href'))}"]`;
  return null;
}

// What tells an element apart from its siblings when content is updated in place: its id,
// a link's address, a control's name and value; null for the others, matched by place.
function keyOf(n) {
  if (n.nodeType !== 1) return null;
  if (n.id) return `#${n.id}`;
  if (n.hasAttribute('href')) return `${n.tagName} ${n.getAttribute('href')}`;
  if (n.hasAttribute('name')) return `${n.tagName} ${n.getAttribute('name')}=${n.getAttribute('value') ?? ''}`;
  return null;
}

// Whether an unkeyed old node may become the new one: the same kind of node, the same tag.
const alike = (o, n) => o.nodeType === n.nodeType && keyOf(o) === null && (o.nodeType !== 1 || o.tagName === n.tagName);

/**
 * Updates from's children in place to be to's (an element or a fragment): a node that is
 * the same (by key, else by place and tag) is kept and given the new text and attributes,
 * so that the element a player is on (focus, a screen reader's reading place) stays on the
 * page; only what changed is touched. A text field keeps what was typed in it.
 */
export function morph(from, to) {
  let o = from.firstChild;
  for (const n of [...to.childNodes]) {
    const k = keyOf(n);
    let match = null;
    if (k !== null) {
      for (let c = o; c; c = c.nextSibling) {
        if (keyOf(c) === k) {
          match = c;
          break;
        }
      }
    } else if (o && alike(o, n)) {
      match = o;
    }
    if (!match) {
      from.insertBefore(n, o);
      continue;
    }
    while (o !== match) {
      const next = o.nextSibling;
      o.remove();
      o = next;
    }
    if (match.nodeType === 1) {
      for (const { name } of [...match.attributes]) if (!n.hasAttribute(name)) match.removeAttribute(name);
      for (const { name, value } of [...n.attributes]) if (match.getAttribute(name) !== value) match.setAttribute(name, value);
      morph(match, n);
    } else if (match.nodeValue !== n.nodeValue) {
      match.nodeValue = n.nodeValue;
    }
    o = match.nextSibling;
  }
  while (o) {
    const next = o.nextSibling;
    o.remove();
    o = next;
  }
}

/**
 * A game's screen. root: the element the game draws in (its main); draw(reply, how): the
 * game's function that draws the payload (how.live: a live event), which may return a
 * list of sentences to say instead of the reply's (an update it drew only in part);
 * focus: 'screen' (a reply, or a live event of another screen, moves focus once, to the
 * new heading; a live update of the same screen leaves it on the same element, the heading
 * included, which the game's draw keeps on the page with morph) or 'stay' (the
 * game keeps focus itself, as Donuts' board does); feel: FEEL.loudest or FEEL.each;
 * version: the version the page was drawn at (by default its [data-version]'s).
 */
export function createScreen({ root, draw, version, focus = 'screen', feel = FEEL.loudest }) {
  const guard = createGuard({
    version: version ?? Number(root.querySelector('[data-version]')?.dataset.version ?? -1),
    path: location.pathname,
  });
  let shownAt = location.pathname + location.search;
  let pending = 0; // requests sent and not answered yet

  const heading = () => root.querySelector('h1')?.textContent;

  function put(reply, { live, asked, stay = false }) {
    const before = heading();
    // Where focus is, to keep it: a live update of the same screen, or the reply to a
    // request asked to stay (a toggle).
    const key = focus === 'screen' && ((live && !asked) || stay) ? focusKey(root) : null;
    const instead = draw(reply, { live });
    guard.drawn(reply);
    if (reply.title) document.title = reply.title;
    if (reply.url && reply.url !== location.pathname + location.search) {
      history.replaceState({ tavolo: true }, '', reply.url);
    }
    shownAt = location.pathname + location.search;
    let toHeading = false;
    if (focus === 'screen') {
      const same = ((live && !asked) || stay) && heading() === before;
      if (!same) {
        // The heading, or the primary control in the toolbar the heading names: either
        // way a screen reader says the heading.
        focusScreen(root);
        toHeading = true;
      } else if (key) {
        // The same screen: focus stays on the element the player was on, or on the same
        // one in the new content should it have been redrawn, else on the heading.
        const a = document.activeElement;
        if (!a || a === document.body || !root.contains(a)) {
          const target = root.querySelector(key);
          if (target) target.focus();
          else focusHeading(root);
        }
      }
    }
    tell(reply, Array.isArray(instead) ? instead : reply.announce, { heard: toHeading ? heading() : '' });
  }

  /**
   * Says a reply's sentences. heard: the heading focus was just moved to, which a screen
   * reader says: a polite sentence that only says it again is spoken aloud, not put in
   * the live region (each fact once).
   */
  function tell(reply, announced, { heard = '' } = {}) {
    const said = sentences(announced);
    // The sound first, at once: it tells the card before the sentence that names it has
    // begun (a blind player knows the hazard by its sound); the vibration with it.
    const { sounds, haptic: kind } = feel(reply, said);
    sounds.forEach((name, k) => (k === 0 ? sound(name) : setTimeout(() => sound(name), k * SOUND_GAP_MS)));
    if (kind) haptic(kind);
    // A shared phone's vote (data-quiet): the app's own voice stays silent, the phone's
    // speaker is the whole table's; a screen reader still hears the live regions.
    const speak = !root.querySelector('[data-quiet]');
    if (said.alarms) announce(said.alarms, { assertive: true, speak });
    // The live region leaves out what only says the heading again; the app's own voice,
    // which reads no heading, says it all.
    const region = beyondHeading(said.polite, heard);
    if (said.polite) {
      setTimeout(() => {
        if (region !== said.polite) {
          announce(region, { speak: false });
          announce(said.polite, { live: false, speak }); // R repeats it whole
        } else {
          announce(said.polite, { speak });
        }
      }, said.alarms ? POLITE_AFTER_ALARM_MS : 0);
    }
  }

  /** A request answered, or given up: no longer under way. */
  function settle(ticket) {
    if (ticket?.open) {
      ticket.open = false;
      pending -= 1;
    }
  }

  return {
    /** The version shown. */
    version: () => guard.version(),
    /** The address of the screen shown (a reply replaces it without a new page). */
    shownAt: () => shownAt,
    /**
     * Call before sending a request; hand the ticket to reply, or to settle if none comes.
     * options: navigation (a link's screen), stay (its reply keeps focus where it is, on
     * the same screen: a toggle).
     */
    ask(options = {}) {
      pending += 1;
      return { ...guard.ask(options), open: true, stay: Boolean(options.stay) };
    },
    settle,
    /** Puts a request's reply on the page; refused: its status was not 2xx. Reports whether it drew it. */
    reply(reply, ticket, { refused = false } = {}) {
      settle(ticket);
      const what = guard.reply(reply, ticket, { refused });
      // A refusal changed nothing: on the same screen, focus stays where the player was.
      if (what === 'draw') put(reply, { live: false, asked: true, stay: Boolean(ticket?.stay) || refused });
      else if (what === 'say') tell(reply, reply.announce);
      return what === 'draw';
    },
    /**
     * Puts a live event on the page; same: one of the same version (presence). While a
     * request of this page is under way, the event is that request's outcome as far as
     * focus goes (the acting phone's own event may come first). Reports whether it drew it.
     */
    live(reply, { same = false } = {}) {
      if (guard.live(reply, { same }) !== 'draw') return false;
      put(reply, { live: true, asked: pending > 0 && !same });
      return true;
    },
  };
}

/** Whether a key pressed on el types text (a text field, a list, an editable area). */
export function typesText(el) {
  if (!el || !el.tagName) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  return el.tagName === 'INPUT' && !['button', 'checkbox', 'radio', 'reset', 'submit'].includes(el.type);
}

/**
 * The keys every game shares: R (repeat) says the last announcement again, S (where) says
 * where the game stands, E (expert, a game's practice, when it has one) asks what the
 * expert would do; not while typing in a field, nor with a modifier, nor when a control
 * already took the key.
 */
export function wireKeys({ repeat, where, expert }) {
  const keys = { r: repeat, s: where, e: expert };
  document.addEventListener('keydown', (event) => {
    const action = event.key.length === 1 ? keys[event.key.toLowerCase()] : undefined;
    if (!action || event.defaultPrevented) return;
    if (event.ctrlKey || event.metaKey || event.altKey || typesText(event.target)) return;
    event.preventDefault();
    action();
  });
}
