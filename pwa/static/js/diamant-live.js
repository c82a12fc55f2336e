// Live updates of a table with a phone each. The server sends, by Server-Sent Events,
// this device's own view of the table each time it changes: the same JSON as an action's
// reply. EventSource reconnects by itself and then sends Last-Event-ID, so the server
// answers with one catch-up event if the table moved on; the page says when the
// connection is lost, when it is back, and when it cannot come back.

/**
 * Follows the table whose live URL the element carries.
 * @param {HTMLElement} root the page's main element
 * @param {(reply: object) => void} show puts a reply on the page
 */
export function follow(root, show) {
  const el = root.querySelector('[data-live]');
  if (!el || typeof EventSource === 'undefined') return null;
  const version = () => Number(root.querySelector('[data-version]')?.dataset.version ?? -1);
  const texts = { lost: el.dataset.lost, back: el.dataset.back, failed: el.dataset.failed };
  const url = el.dataset.live + (el.dataset.live.includes('?') ? '&' : '?') + 'since=' + version();
  let lost = false;
  let source = null;

  const status = (text) => {
    const p = root.querySelector('.connection');
    if (!p) return;
    p.textContent = text || '';
    p.hidden = !text;
  };

  const open = () => {
    source = new EventSource(url);
    source.addEventListener('message', (event) => {
      let reply;
      try {
        reply = JSON.parse(event.data);
      } catch {
        return;
      }
      // An action's own reply may have come first: never go back, never show twice.
      if (reply.version <= version()) return;
      show(reply);
      if (lost) status(texts.back);
      lost = false;
    });
    source.addEventListener('open', () => {
      if (lost) status(texts.back);
      lost = false;
    });
    source.addEventListener('gone', () => location.reload());
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        // The server refused the stream (a 403 or 404): the browser will not retry.
        status(texts.failed);
        // Try once more later: a restarted server answers again.
        setTimeout(open, 5000);
        return;
      }
      lost = true;
      status(texts.lost);
    });
  };
  open();
  window.addEventListener('pagehide', () => source && source.close());
  return () => source && source.close();
}
