// Shares a finished game's summary: the Web Share API where the browser has it (a phone's
// share sheet), else the clipboard; each outcome is said as a sentence.
import { announce } from './feedback.js';
import { loadT } from './catalog.js';

/**
 * Shares text with the given title. Returns what happened: "shared", "copied", "cancelled"
 * or "failed"; the player hears every outcome but a cancel (they closed the sheet).
 */
export async function shareText(title, text, nav = navigator) {
  const t = await loadT();
  if (nav.share) {
    try {
      await nav.share({ title, text });
      announce(t('app.share.done'));
      return 'shared';
    } catch (err) {
      if (err && err.name === 'AbortError') return 'cancelled';
      // Not allowed here (an insecure page, no user gesture): try the clipboard.
    }
  }
  if (nav.clipboard && nav.clipboard.writeText) {
    try {
      await nav.clipboard.writeText(text);
      announce(t('app.share.copied'));
      return 'copied';
    } catch {
      // Refused: say so below.
    }
  }
  announce(t('app.share.failed'));
  return 'failed';
}

// The buttons wired, kept here rather than in an attribute: a screen updated in place
// (screen.js morph) takes the attributes its new content does not have.
const wired = new WeakSet();

/**
 * Wires every button with data-share="ID": it shares the text of the element #ID, after
 * data-share-lead when given (the game's name, so that the text pasted says which game).
 */
export function wireShareButtons(root = document) {
  for (const b of root.querySelectorAll('button[data-share]')) {
    b.hidden = false;
    if (wired.has(b)) continue;
    wired.add(b);
    b.addEventListener('click', () => {
      const src = document.getElementById(b.dataset.share);
      const lead = b.dataset.shareLead ? `${b.dataset.shareLead} ` : '';
      if (src) shareText(b.dataset.shareTitle || document.title, lead + src.textContent.trim().replace(/\s+\n/g, '\n'));
    });
  }
}
