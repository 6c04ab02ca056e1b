// `npm run api:types`: writes the client's API types (src/client/lib/api-schema.ts)
// from the OpenAPI document the server code serves. Same code in, same file out.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  API_TYPES_FILE,
  apiTypesSource,
  committedApiTypes,
  liveOpenApiDocument,
} from './openapi-document';
import { projectRoot } from '../../src/server/db/paths';

const source = await apiTypesSource(await liveOpenApiDocument());
const name = path.relative(projectRoot, API_TYPES_FILE);
if (source === committedApiTypes()) {
  console.log(`${name} is up to date.`);
} else {
  writeFileSync(API_TYPES_FILE, source);
  console.log(`${name} written.`);
}
