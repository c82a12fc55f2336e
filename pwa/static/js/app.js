// Every page's entry module: keeps settings for offline use and installs the service worker.
import { readSettings, mirrorSettings, applyStoredSettings } from './settings.js';
import { sayKeptOnce, listKept } from './offline.js';
import { foldSiteMenu } from './site-menu.js';

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
