// A toolbar's keys (role="toolbar", WAI-ARIA's toolbar pattern): Left and Right move focus
// to the previous or next of its controls, Home and End to the first or last; every
// control stays reachable by Tab as well. A game's controls are a toolbar so that a
// screen reader is in its focus mode there, where the game's keys reach the page.

/** The controls of a toolbar that can take focus now, in order. */
export function controlsOf(bar) {
  return [...bar.querySelectorAll('a[href], button, input:not([type=hidden])')]
    .filter((el) => !el.closest('[hidden]') && el.checkVisibility?.() !== false);
}

/** The control to move to from index i of n with a key, or -1 for a key that does not move. */
export function step(key, i, n) {
  if (n === 0) return -1;
  switch (key) {
    case 'ArrowRight': return (i + 1) % n;
    case 'ArrowLeft': return (i - 1 + n) % n;
    case 'Home': return 0;
    case 'End': return n - 1;
    default: return -1;
  }
}

document.addEventListener('keydown', (e) => {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const bar = e.target.closest?.('[role="toolbar"]');
  if (!bar || e.target.matches('input, select, textarea')) return;
  const list = controlsOf(bar);
  const to = step(e.key, list.indexOf(e.target.closest('a, button, input')), list.length);
  if (to < 0) return;
  e.preventDefault();
  list[to].focus();
});
