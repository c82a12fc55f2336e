// Loads the page's catalog (its URL is on <html data-catalog>) and returns t(id, params).
import { makeT } from './plural.js';

let loading;

/** Returns the translator for the page's language; the catalog is fetched once. */
export function loadT(root = document.documentElement) {
  if (!loading) {
    loading = fetch(root.dataset.catalog)
      .then((res) => (res.ok ? res.json() : {}))
      .catch(() => ({}))
      .then((catalog) => makeT(catalog, root.lang || 'en'));
  }
  return loading;
}
