// Keyboard alone: the skip link comes first, every link and control can be reached with
// Tab, and the settings form can be filled in and sent without a pointer.
import { test, expect } from '@playwright/test';
import { catalog, msg, postSettings, setSettingsByForm } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

// tabTo presses Tab until target has the focus, as a keyboard user would; it fails if
// target is not reached within max presses.
async function tabTo(page, target, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached with ${max} presses of Tab`).toBeFocused();
}

// Marks every link and form control the accessibility tree holds, by role, so that the
// elements Tab visits can be told apart. Radios count once per group: Tab enters a
// radio group once, and the arrow keys move within it.
async function markControls(page) {
  const marks = [];
  for (const role of ['link', 'button', 'checkbox', 'radio', 'combobox', 'textbox', 'spinbutton', 'slider']) {
    const all = await page.getByRole(role).all();
    for (const [i, el] of all.entries()) {
      const mark = await el.evaluate((node, m) => {
        const key = node.type === 'radio' ? `radio group ${node.name}` : m;
        node.dataset.tabProbe = key;
        return key;
      }, `${role} ${i}: ${(await el.getAttribute('name')) || (await el.textContent()).trim()}`);
      if (!marks.includes(mark)) marks.push(mark);
    }
  }
  return marks;
}

// tabStops presses Tab from the top of a freshly loaded page and returns the marks seen.
async function tabStops(page, presses) {
  const seen = new Set();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const mark = await page.evaluate(() => document.activeElement?.dataset?.tabProbe);
    if (mark) seen.add(mark);
  }
  return seen;
}

test('the skip link comes first and moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  const cat = await catalog(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: msg(cat, 'nav.skip') });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport(); // visible when focused, not only to screen readers
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab continues inside main, not back at the top.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.getElementById('main').contains(document.activeElement));
  expect(inMain).toBe(true);
});

for (const path of ['/', '/settings']) {
  test(`every link and control of ${path} is reachable with Tab`, async ({ page }) => {
    await page.goto(path);
    const marks = await markControls(page);
    expect(marks.length).toBeGreaterThan(5);
    const seen = await tabStops(page, marks.length + 10);
    expect(marks.filter((m) => !seen.has(m)), 'controls Tab never reached').toEqual([]);
  });
}

test('the settings form is filled in and sent with the keyboard alone', async ({ page }) => {
  await postSettings(page, { lang: 'en' });
  await page.goto('/settings');
  const cat = await catalog(page);
  const group = (id) => page.getByRole('group', { name: msg(cat, id) });

  // Text size: Tab into the group (lands on the checked radio), arrows choose.
  const text = group('settings.text');
  await tabTo(page, text.getByRole('radio', { name: msg(cat, 'settings.text.option', { Size: '100' }) }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const t200 = text.getByRole('radio', { name: msg(cat, 'settings.text.option', { Size: '200' }) });
  await expect(t200).toBeChecked();
  await expect(t200).toBeFocused();

  // Contrast: the next Tab goes to the next group.
  await page.keyboard.press('Tab');
  const contrast = group('settings.contrast');
  await expect(contrast.getByRole('radio', { name: msg(cat, 'settings.contrast.standard') })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(contrast.getByRole('radio', { name: msg(cat, 'settings.contrast.high') })).toBeChecked();

  // Speak aloud: Space ticks a checkbox.
  const speak = page.getByRole('checkbox', { name: msg(cat, 'settings.speak') });
  await tabTo(page, speak);
  await page.keyboard.press('Space');
  await expect(speak).toBeChecked();

  // Rate: a closed select changes with the arrow keys.
  const rate = page.getByRole('combobox', { name: msg(cat, 'settings.rate') });
  await tabTo(page, rate);
  await page.keyboard.press('ArrowDown');
  await expect(rate).toHaveValue('1.25');

  // Sounds off: Space again.
  const sound = page.getByRole('checkbox', { name: msg(cat, 'settings.sound') });
  await tabTo(page, sound);
  await page.keyboard.press('Space');
  await expect(sound).not.toBeChecked();

  // Send with Enter on the button.
  const save = page.getByRole('button', { name: msg(cat, 'settings.save') });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/settings\?saved=1$/);

  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-text', '200');
  await expect(html).toHaveAttribute('data-contrast', 'high');
  await expect(html).toHaveAttribute('data-speak', 'true');
  await expect(html).toHaveAttribute('data-rate', '1.25');
  await expect(html).toHaveAttribute('data-sound', 'false');
  // Shown, and heard in the live region once the page is loaded.
  await expect(page.getByRole('main').getByText(msg(cat, 'settings.saved'))).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: msg(cat, 'settings.saved') })).toHaveCount(1);
  // The form shows what was saved.
  await expect(group('settings.text').getByRole('radio', { name: msg(cat, 'settings.text.option', { Size: '200' }) })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: msg(cat, 'settings.speak') })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: msg(cat, 'settings.sound') })).not.toBeChecked();

  // And it applies on every page, not only here.
  await page.goto('/about');
  await expect(html).toHaveAttribute('data-text', '200');
  await expect(html).toHaveAttribute('data-contrast', 'high');
});

test('settings set through the form by role and name, in Slovak', async ({ page }) => {
  await postSettings(page, { lang: 'sk' });
  await setSettingsByForm(page, { text: '150', contrast: 'high', motion: 'on', vibrate: false });
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'sk');
  await expect(html).toHaveAttribute('data-text', '150');
  await expect(html).toHaveAttribute('data-motion', 'on');
  await expect(html).toHaveAttribute('data-vibrate', 'false');
});
