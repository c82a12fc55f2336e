// An action refused for too many in a short time (429: web/budget.go). The page says the
// server's sentence in its live region, with its own wait, waits, and sends the action
// again, waiting longer after each refusal in a row, as it does for a refused live stream
// (backoff.js). Once the wait would pass MAX_ACTION_WAIT it stops: an action sent minutes
// after the player chose it would surprise them; the player then hears when to try again.
import { announce } from './feedback.js';
import { loadT } from './catalog.js';
import { retryDelay } from './backoff.js';

/** The longest wait, in seconds, before the page gives an action up. */
export const MAX_ACTION_WAIT = 30;

let waiting = '';

/** The sentence of the wait under way, for an action tried meanwhile; '' when none. */
export function waitingText() {
  return waiting;
}

/**
 * Sends an action with send() (a fetch) until it is not refused for too many. It returns
 * the answer, or null when the page gave the action up (and said when to try again).
 * @param {() => Promise<Response>} send
 */
export async function sendPatiently(send) {
  for (let refusals = 1; ; refusals += 1) {
    const res = await send();
    if (res.status !== 429) return res;
    const body = await res.json().catch(() => ({}));
    const after = Number(res.headers.get('Retry-After')) || body.retryAfter;
    const wait = retryDelay(after, refusals);
    const t = await loadT();
    const text = (id, count) => {
      const s = id ? t(id, { Count: count }) : '';
      return s && s !== id ? s : '';
    };
    if (wait > MAX_ACTION_WAIT) {
      announce(text(body.id && `${body.id}.page`, after) || body.error, { assertive: true });
      return null;
    }
    waiting = text(body.id, wait) || body.error || '';
    announce(waiting, { assertive: true });
    await new Promise((resolve) => { setTimeout(resolve, wait * 1000); });
    waiting = '';
  }
}
