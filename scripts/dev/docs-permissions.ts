// `npm run docs:permissions`: writes the permission matrix of the tests
// (src/server/testing/permission-matrix.ts) into docs/permissions.md, between its
// markers, so that the documentation shows exactly the table the tests check.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/server/db/paths';
import { withPermissionTable } from '../../src/server/testing/permission-matrix';

const file = path.join(projectRoot, 'docs/permissions.md');
const before = readFileSync(file, 'utf8');
const after = withPermissionTable(before);
if (after === before) {
  console.log('docs/permissions.md already shows the permission matrix.');
} else {
  writeFileSync(file, after);
  console.log('docs/permissions.md: permission matrix updated.');
}
