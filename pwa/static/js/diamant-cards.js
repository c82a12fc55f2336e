// The "draw from the box" list: typing narrows the cards that can still come.

/** Whether a card's search text matches what was typed: every word must appear. */
export function matches(search, typed) {
  const words = typed.toLowerCase().trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = search.toLowerCase();
  return words.every((w) => (/^\d+$/.test(w) ? new RegExp(`(^|\\D)${w}(\\D|$)`).test(hay) : hay.includes(w)));
}

/** Hides the list items (with data-search) that do not match. */
export function filterCards(items, typed) {
  for (const li of items) li.hidden = !matches(li.dataset.search || '', typed);
}
