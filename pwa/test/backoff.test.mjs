// The wait before a refused live stream is asked for again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { retryDelay, MAX_WAIT } from '../static/js/backoff.js';

const none = () => 0;

test('the first wait is the server\'s Retry-After, then it doubles', () => {
  assert.equal(retryDelay(15, 1, none), 15);
  assert.equal(retryDelay(15, 2, none), 30);
  assert.equal(retryDelay(15, 3, none), 60);
  assert.equal(retryDelay(15, 4, none), 120);
});

test('it never passes the longest wait, but for the random part', () => {
  assert.equal(retryDelay(15, 10, none), MAX_WAIT);
  assert.equal(retryDelay(600, 1, none), MAX_WAIT);
  assert.ok(retryDelay(15, 50, () => 0.999) <= MAX_WAIT * 1.2);
});

test('the random part adds at most a fifth', () => {
  assert.equal(retryDelay(15, 1, () => 0.5), 17); // 16.5, rounded
  assert.ok(retryDelay(15, 1, () => 0.999) <= 18);
});

test('a missing or odd Retry-After counts as 15 seconds', () => {
  assert.equal(retryDelay(NaN, 1, none), 15);
  assert.equal(retryDelay(0, 1, none), 15);
  assert.equal(retryDelay(-3, 2, none), 30);
});
