// The "draw from the box" filter: what typing a value or a name keeps in the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matches, filterCards } from '../static/js/diamant-cards.js';

test('a number matches that value only, not a longer one', () => {
  assert.equal(matches('treasure of 11 t11', '11'), true);
  assert.equal(matches('treasure of 11 t11', '1'), false);
  assert.equal(matches('treasure of 1 t1', '1'), true);
  assert.equal(matches('idol worth 5 i5', '5'), true);
});

test('words match anywhere, in any case, all of them', () => {
  assert.equal(matches('hazard: spider spider', 'SPI'), true);
  assert.equal(matches('pericolo: ragno spider', 'ragno'), true);
  assert.equal(matches('idol worth 7 i7', 'idol 7'), true);
  assert.equal(matches('treasure of 7 t7', 'idol 7'), false);
  assert.equal(matches('anything', '   '), true);
});

test('filterCards hides what does not match', () => {
  const items = [{ dataset: { search: 'treasure of 11 t11' } }, { dataset: { search: 'hazard: snake snake' } }];
  filterCards(items, 'snake');
  assert.deepEqual(items.map((i) => i.hidden), [true, false]);
  filterCards(items, '');
  assert.deepEqual(items.map((i) => i.hidden), [false, false]);
});
