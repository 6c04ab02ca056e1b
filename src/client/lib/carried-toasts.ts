import { toast } from 'sonner';

/**
 * Toasts that follow the user to the next page. A page without the router
 * (the sign-in portal) moves on with a whole page load, which would take the
 * toast that just said how the sign-in went with it: the toasts still on
 * screen when the page goes are kept for the session, and the next page's
 * toaster shows them once.
 */

const KEY = 'carried-toasts';

type Carried = {
  type: 'success' | 'error' | 'info' | 'warning' | 'default';
  title: string;
  description?: string;
};

const CARRIED_TYPES: ReadonlySet<string> = new Set([
  'success',
  'error',
  'info',
  'warning',
  'default',
]);

function save() {
  const carried: Carried[] = [];
  for (const shown of toast.getToasts()) {
    if ('dismiss' in shown && shown.dismiss) continue;
    if (!('title' in shown) || typeof shown.title !== 'string') continue;
    const type =
      shown.type && CARRIED_TYPES.has(shown.type) ? (shown.type as Carried['type']) : 'default';
    const description = typeof shown.description === 'string' ? shown.description : undefined;
    carried.push({ type, title: shown.title, description });
  }
  try {
    if (carried.length > 0) sessionStorage.setItem(KEY, JSON.stringify(carried));
  } catch {
    // No session storage (a private mode's quota): the toasts stay behind.
  }
}

/** Keeps the toasts on screen when the page goes (call just before a whole page load). */
export function carryToastsToNextPage() {
  window.addEventListener('pagehide', save, { once: true });
}

function isCarried(value: unknown): value is Carried {
  if (typeof value !== 'object' || value === null) return false;
  const { type, title, description } = value as Record<string, unknown>;
  return (
    typeof type === 'string' &&
    CARRIED_TYPES.has(type) &&
    typeof title === 'string' &&
    (description === undefined || typeof description === 'string')
  );
}

/** Shows, once, the toasts the previous page carried here (the toaster calls this when it mounts). */
export function showCarriedToasts() {
  let carried: unknown;
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return;
    sessionStorage.removeItem(KEY);
    carried = JSON.parse(text);
  } catch {
    return;
  }
  if (!Array.isArray(carried)) return;
  for (const { type, title, description } of carried.filter(isCarried)) {
    if (type === 'default') toast(title, { description });
    else toast[type](title, { description });
  }
}
