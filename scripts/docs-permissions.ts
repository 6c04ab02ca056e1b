// `npm run docs:permissions`: writes the permission matrix of the tests
// (src/server/test/permission-matrix.ts) into README.md, between its markers,
// so that the README shows exactly the table the tests check.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/server/paths';
import { withPermissionTable } from '../src/server/test/permission-matrix';

const file = path.join(projectRoot, 'README.md');
const before = readFileSync(file, 'utf8');
const after = withPermissionTable(before);
if (after === before) {
  console.log('README.md already shows the permission matrix.');
} else {
  writeFileSync(file, after);
  console.log('README.md: permission matrix updated.');
}
