import { setNonce } from 'get-nonce';

/**
 * Radix's scroll lock inserts a <style> tag; the per-request nonce the server
 * writes into the page lets our CSP admit it. Called first by each entry.
 */
export function adoptCspNonce() {
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);
}
