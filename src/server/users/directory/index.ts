// The users directory's one door: the list, its facet counts and its export
// (docs/decisions/020-the-users-directory.md). Nothing outside this folder imports its other files.
export { listUsers } from './list';
export { userFacets } from './facets';
export { exportUsersCsv } from './export';
