// What the words test measures on a screen (issue 24, point 1): every word of every visible
// text on one line, and nothing wider than the screen outside a labelled scroll region.
// Shared by words.spec.mjs and whoever wants the same figures for a screen of their own.

/**
 * Measures the page as it is laid out now, in the page itself. A word is a run of
 * characters between the places a line may break without cutting one: spaces (a no-break
 * space joins, so it is no break), hyphens, dashes and slashes. It is split when its
 * rectangles (Range.getClientRects) lie on more than one line. Returns the split words,
 * the elements that stick out sideways outside a scroll region, the regions that scroll
 * sideways without a name or without being reachable by keyboard, and the page's widths.
 */
export function measureWords() {
  const root = document.documentElement;
  const vw = root.clientWidth;
  const split = [];
  const wide = [];
  const unlabelled = [];
  const where = (el) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}>`;
  const scrolls = (el) => /^(auto|scroll)$/.test(getComputedStyle(el).overflowX);
  const inScroller = (el) => {
    for (let a = el; a && a !== document.body; a = a.parentElement) if (scrolls(a)) return true;
    return false;
  };
  // Words kept for screen readers only: a box of 1 px that clips (.visually-hidden and
  // the like, e.g. the clock's button labels).
  const forReaders = (el) => {
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const r = a.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1 && getComputedStyle(a).overflow !== 'visible') return true;
    }
    return false;
  };
  const hiddenText = 'script,style,template,noscript,select,option,textarea,.visually-hidden';

  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(hiddenText) || !el.checkVisibility({ visibilityProperty: true }) || forReaders(el)) continue;
    // A web address is no word: it may break anywhere (the table's link, app.css's .joincode).
    if (/^\s*https?:\/\/\S+\s*$/.test(node.data)) continue;
    for (const m of node.data.matchAll(/[^\s\u00ad\-\u2010\u2013\u2014/]+/gu)) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      // A word that sticks out of its box as far as past the screen's edge.
      if (rects.some((r) => r.right > vw + 1 || r.left < -1) && !inScroller(el)) wide.push(`"${m[0]}" in ${where(el)}`);
      if (rects.length < 2) continue;
      const tops = rects.map((r) => r.top);
      const height = Math.min(...rects.map((r) => r.height));
      if (Math.max(...tops) - Math.min(...tops) > height / 2) {
        split.push({ word: m[0], in: where(el), lines: new Set(tops.map(Math.round)).size });
      }
    }
  }

  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.visually-hidden') || forReaders(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (!inScroller(el.parentElement) && (r.right > vw + 1 || r.left < -1)) wide.push(`${where(el)} ${el.textContent.trim().slice(0, 30)}`);
    if (scrolls(el) && el.scrollWidth > el.clientWidth + 1) {
      const named = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
      if (!named || el.tabIndex < 0) unlabelled.push(where(el));
    }
  }
  return { split, wide: wide.slice(0, 8), unlabelled, scrollWidth: root.scrollWidth, clientWidth: vw };
}
