// The screen stays awake while a game is being played: a page marks what is in play with
// data-awake (a Diamant round, a Donuts game not yet over, the running clock), and this
// module holds a screen wake lock while such a mark is on a visible page, letting it go
// when the mark goes (the game's end) or the page is hidden. Refused (battery saver, no
// permission), the game goes on as before and it is not asked again until the page comes
// back.
let lock = null;
let asking = false;
let refused = false;

const wanted = () => document.visibilityState === 'visible' && document.querySelector('[data-awake]') !== null;

async function update() {
  if (!('wakeLock' in navigator)) return;
  if (!wanted()) {
    if (lock) {
      const l = lock;
      lock = null;
      l.release().catch(() => {});
    }
    return;
  }
  if (lock || asking || refused) return;
  asking = true;
  try {
    lock = await navigator.wakeLock.request('screen');
    lock.addEventListener('release', () => { lock = null; });
    if (!wanted()) update();
  } catch {
    refused = true;
  } finally {
    asking = false;
  }
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') refused = false;
  update();
});
new MutationObserver(update).observe(document.documentElement, {
  subtree: true, childList: true, attributes: true, attributeFilter: ['data-awake'],
});
update();
