import { ensureTestTemplates } from './template-database';

/** Vitest's global set-up of the server and system projects: the test databases' template, once. */
export default async function setup() {
  await ensureTestTemplates();
}
