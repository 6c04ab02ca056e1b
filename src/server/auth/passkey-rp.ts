import { isIP } from 'node:net';
import type { Config } from '../core/config';

/**
 * The relying party passkeys belong to (docs/product/sign-in.md#passkeys): its id is the
 * host of PUBLIC_URL and the only origin accepted is PUBLIC_URL itself. Browsers refuse an
 * IP address as a relying party id, so a server reached at a loopback address (the local
 * default, http://127.0.0.1:3000) uses `localhost` and accepts http://localhost on the same
 * port: open it there to use a passkey.
 */
const RP_NAME = 'Talent Ecosystem';

export type RelyingParty = { id: string; name: string; origins: string[] };

const LOOPBACK = new Set(['127.0.0.1', '::1']);

export function relyingParty(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && LOOPBACK.has(host)) {
    url.hostname = 'localhost';
    return { id: 'localhost', name: RP_NAME, origins: [url.origin] };
  }
  return { id: host, name: RP_NAME, origins: [url.origin] };
}
