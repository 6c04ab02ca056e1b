import { useEffect } from 'react';

/**
 * Marks the document (`<html data-ready>`) once the app has taken the page
 * over: a pre-rendered page shows its content before its script runs, and
 * answers input only from then on. The end-to-end tests wait for it.
 */
export function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}
