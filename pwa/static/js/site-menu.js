// The folded header of play screens (web/page/layout.templ): without scripts a <details>
// whose summary opens the site's menu; here it becomes a button with aria-expanded that
// controls the menu, as a disclosure. Escape, a tap elsewhere or the focus leaving the
// header folds it again (the open menu covers the game: nothing may stay hidden under it).

/** Turns the folded header's <details> into a disclosure button, if the page has one. */
export function foldSiteMenu(doc = document) {
  const details = doc.getElementById('site-menu');
  const panel = doc.getElementById('site-menu-panel');
  if (!details || details.tagName !== 'DETAILS' || !panel) return null;
  const summary = details.querySelector('summary');
  const button = doc.createElement('button');
  button.type = 'button';
  button.id = 'site-menu-button';
  button.className = summary.className;
  button.append(...summary.childNodes);
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', panel.id);
  panel.hidden = true;
  const header = details.parentElement;
  details.replaceWith(button, panel);

  const setOpen = (open, focusButton = false) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (focusButton) button.focus();
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  button.addEventListener('click', () => setOpen(!isOpen()));
  header.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false, true);
    }
  });
  header.addEventListener('focusout', (e) => {
    if (isOpen() && e.relatedTarget && !header.contains(e.relatedTarget)) setOpen(false);
  });
  doc.addEventListener('pointerdown', (e) => {
    if (isOpen() && !header.contains(e.target)) setOpen(false);
  }, { capture: true });
  return button;
}
