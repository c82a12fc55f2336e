// How long a page waits before it asks again for a live stream the server refused.

/** The longest wait, in seconds. */
export const MAX_WAIT = 120;

/**
 * Seconds to wait after the n-th refusal in a row (n from 1): the server's Retry-After,
 * doubled at each refusal, at most MAX_WAIT, plus up to a fifth more at random so that
 * the phones refused together do not all come back at the same instant.
 * @param {number} retryAfter the server's Retry-After, in seconds
 * @param {number} n refusals in a row, this one included
 * @param {() => number} random a number in [0, 1)
 */
export function retryDelay(retryAfter, n, random = Math.random) {
  const after = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 15;
  const base = Math.min(after * 2 ** Math.max(0, n - 1), MAX_WAIT);
  return Math.round(base * (1 + random() / 5));
}
