// The OpenAPI document and the client's TypeScript types generated from it,
// built from the server code alone: no database, no network, no socket.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { createApp } from '../../src/server/start/app';
import { testConfig } from '../../src/server/core/config';
import type { AppDeps } from '../../src/server/core/context';
import { projectRoot } from '../../src/server/db/paths';

/** Where the generated types live; committed, so that `tsc` works on a fresh clone. */
export const API_TYPES_FILE = path.join(projectRoot, 'src/client/lib/api-schema.ts');

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
};

/** Serving the document reads no dependency: any use of the database is a mistake and throws. */
const noDatabase = new Proxy(
  {},
  {
    get(_, name) {
      throw new Error(`The OpenAPI document must not need the database (read ${String(name)})`);
    },
  },
);

const quiet = { info() {}, warn() {}, error() {} };

/** `GET /api/openapi.json` exactly as the app serves it. */
export async function liveOpenApiDocument(): Promise<OpenApiDocument> {
  const deps = {
    database: noDatabase,
    db: noDatabase,
    // Demo mode skips warming the password hash, which only sign-in needs.
    config: testConfig({ demoMode: true }),
    now: () => new Date(0),
    log: quiet,
  } as unknown as AppDeps;
  const res = await createApp(deps).request('/api/openapi.json');
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

const HEADER = `/**
 * The API contract as TypeScript types, generated from GET /api/openapi.json
 * by \`npm run api:types\`. Do not edit: change the server's schemas and run it again.
 */
`;

/** The types file for a document: openapi-typescript's output, formatted like the rest. */
export async function apiTypesSource(doc: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], {
    alphabetize: false,
    exportType: false,
  });
  const options = (await prettier.resolveConfig(API_TYPES_FILE)) ?? {};
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: API_TYPES_FILE });
}

/** The committed types file, or '' when there is none yet. */
export function committedApiTypes(): string {
  try {
    return readFileSync(API_TYPES_FILE, 'utf8');
  } catch {
    return '';
  }
}
