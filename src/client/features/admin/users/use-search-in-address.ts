import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { parseListParams, writeListParams } from './list-params';

/**
 * The search box and the address's `?q=` kept in step
 * (docs/product/admin-console.md#users-filters-ui). What the person types goes into the address
 * once typing pauses, replacing the entry: one history entry per view, not per keystroke. Back,
 * Forward or a link put the address's text in the box.
 *
 * Only typed text is written. Text the box took from the address settles a moment later, and by
 * then the address may have moved on (Back, then Forward at once): writing it then would replace
 * the newer entry with the older search.
 */
export function useSearchInAddress(
  params: URLSearchParams,
  setParams: SetURLSearchParams,
  delayMs: number,
) {
  const urlText = params.get('q') ?? '';
  const [text, setText] = useState(urlText);
  const settled = useDebouncedValue(text, delayMs);
  /** The text as last typed; null once the address has put its own in the box. */
  const [typed, setTyped] = useState<string | null>(null);

  useEffect(() => {
    if (typed === null || typed !== settled) return;
    if (urlText.trim() === settled.trim()) return;
    setParams((prev) => writeListParams(prev, { ...parseListParams(prev), q: settled.trim() }), {
      replace: true,
      preventScrollReset: true,
    });
  }, [typed, settled, setParams, urlText]);

  // Back, forward or a link changed the search: the box follows the address.
  const [seen, setSeen] = useState(urlText);
  if (urlText !== seen) {
    setSeen(urlText);
    // Our own write carries the typed text; anything else came from outside. (The settled text
    // cannot tell: it lags the box by the delay, so Back then Forward within it would match it.)
    if (typed === null || urlText.trim() !== typed.trim()) {
      setTyped(null);
      setText(urlText);
    }
  }

  const onType = (value: string) => {
    setTyped(value);
    setText(value);
  };
  return { text, onType };
}
