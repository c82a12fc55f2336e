// The Donaz clock fills the phone (issue #14): from a small phone to a tablet, upright and
// on its side, at the text sizes the settings offer, both halves are on the screen, nothing
// scrolls, and the digits (and every line of a half) fit inside their half. The text size
// is set through the settings form, as a player sets it.
import { test, expect } from '@playwright/test';
import { setSettingsByForm } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const SIZES = [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 844, height: 390 }, // a phone on its side
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
];

// What the screen looks like, measured in the page: its scroll sizes, the halves' boxes,
// and each half's lines (name, colour, digits, state) against the inside of their half.
async function measure(page) {
  return page.evaluate(() => {
    const se = document.scrollingElement;
    const box = (el) => el.getBoundingClientRect();
    // A half is the region around a timer.
    const halves = [...document.querySelectorAll('[role="timer"]')]
      .map((timer) => timer.closest('section'))
      .map((half) => {
        const r = box(half);
        const cs = getComputedStyle(half);
        const inner = {
          top: r.top + parseFloat(cs.borderTopWidth),
          bottom: r.bottom - parseFloat(cs.borderBottomWidth),
          left: r.left + parseFloat(cs.borderLeftWidth),
          right: r.right - parseFloat(cs.borderRightWidth),
        };
        // Every line shown inside the half (the hidden ones, like a short half's colour, are not).
        const lines = [...half.querySelectorAll('h2, p')]
          .filter((el) => getComputedStyle(el).display !== 'none')
          .map((el) => {
            const digits = el.getAttribute('role') === 'timer';
            // The digits never wrap: their text may be wider than their box, so measure the
            // text itself. A name or a state line too long for the half ends in an ellipsis
            // inside its box: measure the box.
            let b = box(el);
            if (digits) {
              const range = document.createRange();
              range.selectNodeContents(el);
              const t = range.getBoundingClientRect();
              b = { top: Math.min(b.top, t.top), bottom: Math.max(b.bottom, t.bottom), left: Math.min(b.left, t.left), right: Math.max(b.right, t.right) };
            }
            return {
              what: digits ? 'digits' : el.className,
              top: b.top, bottom: b.bottom, left: b.left, right: b.right,
              fontPx: parseFloat(getComputedStyle(el).fontSize),
            };
          });
        return { id: half.getAttribute('aria-labelledby'), top: r.top, bottom: r.bottom, left: r.left, right: r.right, inner, lines };
      });
    const buttons = [...document.querySelectorAll('[role="group"] button, header button, header a')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ name: el.textContent.trim(), w: box(el).width, h: box(el).height }));
    return {
      scrollHeight: se.scrollHeight, scrollWidth: se.scrollWidth, innerHeight, innerWidth, halves, buttons,
    };
  });
}

function check(m, where) {
  expect(m.scrollHeight, `${where}: the page scrolls down`).toBeLessThanOrEqual(m.innerHeight);
  expect(m.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(m.innerWidth);
  expect(m.halves, `${where}: two halves`).toHaveLength(2);
  for (const h of m.halves) {
    expect(h.top, `${where}: ${h.id} starts above the screen`).toBeGreaterThanOrEqual(0);
    expect(h.bottom, `${where}: ${h.id} ends below the screen`).toBeLessThanOrEqual(m.innerHeight);
    expect(h.left, `${where}: ${h.id} starts left of the screen`).toBeGreaterThanOrEqual(0);
    expect(h.right, `${where}: ${h.id} ends right of the screen`).toBeLessThanOrEqual(m.innerWidth);
    expect(h.lines.some((l) => l.what === 'digits'), `${where}: ${h.id} shows its digits`).toBe(true);
    for (const l of h.lines) {
      const at = `${where}: ${h.id}'s ${l.what} (${Math.round(l.left)},${Math.round(l.top)} to ${Math.round(l.right)},${Math.round(l.bottom)}) overflows the half (${Math.round(h.inner.left)},${Math.round(h.inner.top)} to ${Math.round(h.inner.right)},${Math.round(h.inner.bottom)})`;
      expect(l.top, at).toBeGreaterThanOrEqual(h.inner.top - 1);
      expect(l.bottom, at).toBeLessThanOrEqual(h.inner.bottom + 1);
      expect(l.left, at).toBeGreaterThanOrEqual(h.inner.left - 1);
      expect(l.right, at).toBeLessThanOrEqual(h.inner.right + 1);
    }
    // Shrunk to fit, but still digits to read across a table.
    const digits = h.lines.find((l) => l.what === 'digits');
    expect(digits.fontPx, `${where}: ${h.id}'s digits are too small to read`).toBeGreaterThanOrEqual(24);
  }
  for (const b of m.buttons) {
    expect(Math.min(b.w, b.h), `${where}: the control "${b.name}" is smaller than 48 px`).toBeGreaterThanOrEqual(47.5);
  }
}

// figures prints one line per screen, for the report.
const figures = (m, where) => `${where}: scroll ${m.scrollHeight - m.innerHeight}/${m.scrollWidth - m.innerWidth} px, halves `
  + m.halves.map((h) => `${Math.round(h.top)}–${Math.round(h.bottom)}`).join(' and ')
  + `, digits ${m.halves.map((h) => Math.round(h.lines.find((l) => l.what === 'digits').fontPx)).join('/')} px`;

for (const { text, sizes } of [
  { text: '100', sizes: SIZES },
  { text: '200', sizes: SIZES },
  { text: '300', sizes: [SIZES[0], SIZES[2], SIZES[3], SIZES[4]] },
]) {
  test(`the clock fills the screen without scrolling at ${text} % text`, async ({ page }) => {
    test.slow(); // many screens on a shared machine
    await setSettingsByForm(page, { text });
    const lines = [];
    for (const size of sizes) {
      await page.setViewportSize(size);
      const where = `${size.width}×${size.height} at ${text} %`;
      // A long name and a long time: "60:00" is the widest the digits get.
      await page.goto(`/donaz/clock?game=l${text}${size.width}&minutes=60&name1=Les+Rapides+de+la+rue+des+Trois+Moulins`);
      await expect(page.locator('html[data-clock="ready"]')).toHaveCount(1);
      await expect(page.getByRole('timer').first()).toHaveText('60:00');
      check(await measure(page), `${where}, ready`);
      // Running: the playing half grows, the other shrinks.
      await page.keyboard.press('Space');
      await expect(page.locator('html[data-clock="running"]')).toHaveCount(1);
      let m = await measure(page);
      check(m, `${where}, running`);
      lines.push(figures(m, where));
      // With the history open in the sheet, the halves make room and still fit.
      await page.keyboard.press('h');
      await expect(page.getByRole('heading', { level: 2, name: 'History of the turns' })).toBeFocused();
      m = await measure(page);
      check(m, `${where}, history open`);
      await page.keyboard.press('Escape');
      // Upright (the far half is turned by default), then turned again: still inside.
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('button', { name: 'Turn the far half around' }).click();
      check(await measure(page), `${where}, more controls open, far half turned`);
      await page.getByRole('button', { name: 'Turn the far half around' }).click();
    }
    console.log(lines.join('\n'));
  });
}

test('the game over panel leaves the halves on the screen, nothing scrolling', async ({ page }) => {
  await setSettingsByForm(page, { text: '200' });
  for (const size of [SIZES[0], SIZES[3]]) {
    await page.setViewportSize(size);
    await page.goto(`/donaz/clock?game=o${size.width}`);
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('button', { name: 'Game over' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End the game' }).click();
    await expect(page.getByRole('heading', { name: 'Game over', level: 2 })).toBeFocused();
    check(await measure(page), `${size.width}×${size.height} at 200 %, game over`);
  }
});
