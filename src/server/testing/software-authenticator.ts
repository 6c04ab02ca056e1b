import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey authenticator in software, for the API tests: ES256 keys from
 * node:crypto, `none` attestation, authenticator data with the relying party's
 * hash, flags and sign counter, and the client data a browser would write.
 * Each ceremony can be bent (another origin, another relying party, a counter
 * that does not grow, no user verification) to check that the server refuses
 * it. Test code only: the product never imports it.
 */
type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR types WebAuthn needs (RFC 8949): integers, bytes, text, arrays, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ]);
}

const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

type Credential = {
  id: Buffer;
  privateKey: KeyObject;
  cose: Buffer;
  userHandle: string;
  counter: number;
  backedUp: boolean;
};

/** How a ceremony departs from what a browser on the right site would do. */
export type Bend = {
  origin?: string;
  rpId?: string;
  /** The challenge signed, instead of the options'. */
  challenge?: string;
  /** The ceremony type written in the client data. */
  type?: string;
  userVerified?: boolean;
  /** The sign counter sent (the authenticator's own moves on otherwise). */
  counter?: number;
};

export type CreationOptions = {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
};
export type RequestOptions = {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
};

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  /** `origin` is the page the browser is on; `backedUp` makes synced (multi-device) passkeys. */
  constructor(
    private readonly origin: string,
    private readonly options: { backedUp?: boolean } = {},
  ) {}

  private clientData(type: string, challenge: string, origin: string): string {
    return b64u(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(userVerified: boolean, backedUp: boolean, attested: boolean): number {
    return (
      FLAG_UP |
      (userVerified ? FLAG_UV : 0) |
      (this.options.backedUp !== undefined ? FLAG_BE : 0) |
      (backedUp ? FLAG_BS : 0) |
      (attested ? FLAG_AT : 0)
    );
  }

  /** What navigator.credentials.create() answers to the options, as JSON. */
  register(options: CreationOptions, bend: Bend = {}) {
    const rpId = bend.rpId ?? options.rp.id!;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.credentials.some((c) => excluded.has(b64u(c.id)))) {
      throw new Error('InvalidStateError: this authenticator already holds a listed credential');
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const backedUp = this.options.backedUp ?? false;
    const counter = bend.counter ?? 0;
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(bend.userVerified ?? true, backedUp, true)]),
      counterBytes,
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      cose,
    ]);
    this.credentials.push({
      id,
      privateKey,
      cose,
      userHandle: options.user.id,
      counter,
      backedUp,
    });
    const challenge = bend.challenge ?? options.challenge;
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData(
          bend.type ?? 'webauthn.create',
          challenge,
          bend.origin ?? this.origin,
        ),
        attestationObject: b64u(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * What navigator.credentials.get() answers to the options, as JSON: signed by
   * the first credential the options allow (any, when they name none), or the
   * one given.
   */
  assert(options: RequestOptions, bend: Bend & { credential?: Credential } = {}) {
    const rpId = bend.rpId ?? options.rpId!;
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential =
      bend.credential ??
      this.credentials.find((c) => allowed.size === 0 || allowed.has(b64u(c.id)));
    if (!credential) throw new Error('NotAllowedError: no credential for these options');
    if (bend.counter === undefined) credential.counter += 1;
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(bend.counter ?? credential.counter);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(bend.userVerified ?? true, credential.backedUp, false)]),
      counterBytes,
    ]);
    const clientDataJSON = this.clientData(
      bend.type ?? 'webauthn.get',
      bend.challenge ?? options.challenge,
      bend.origin ?? this.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      credential.privateKey,
    );
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** The values a leak would show: credential ids and public keys, as stored and as sent. */
  secrets(): string[] {
    return this.credentials.flatMap((c) => [b64u(c.id), b64u(c.cose)]);
  }
}
