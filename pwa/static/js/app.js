// Every page's entry module: keeps settings for offline use and installs the service worker.
import { readSettings, mirrorSettings, applyStoredSettings } from './settings.js';
import { sayKeptOnce, listKept } from './offline.js';
import { foldSiteMenu } from './site-menu.js';
import { announce, focusHeading } from './feedback.js';

const root = document.documentElement;

if (root.dataset.page === 'offline') {
  // Served from the cache, perhaps in another session: use the device's kept settings.
  applyStoredSettings(root);
} else {
  mirrorSettings(readSettings(root));
}

// Play screens: the header's menu as a disclosure button.
foldSiteMenu();

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready).then((reg) => {
    // The service worker picks the offline page in the language the device last used.
    // The offline engine draws its pages with the device's settings too.
    reg.active?.postMessage({ lang: root.lang, settings: readSettings(root) });
    listKept();
  }).catch(() => {
    // Without a service worker the app still works online.
  });
}

sayKeptOnce();

// A page loaded whole says its news, as a screen drawn by script does: focus goes to the
// field the page asks for ([data-focus]), else, when it has news ([data-say]: "Settings
// saved."), to its heading; the news is said in the live region once the page is there,
// where a screen reader hears it (text already on the page at load is not announced).
const main = document.getElementById('main');
const focusTo = main?.querySelector('[data-focus]');
const news = main?.querySelector('[data-say]');
if (focusTo) focusTo.focus();
else if (news) focusHeading(main);
if (news) {
  const text = news.textContent.trim().replace(/\s+/g, ' ');
  if (document.readyState === 'complete') announce(text);
  else window.addEventListener('load', () => announce(text), { once: true });
}
