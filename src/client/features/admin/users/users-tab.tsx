/** Users: the searchable table of platform users with edit and role dialogs (SPEC.md §2). */
export function UsersTab() {
  return <p className="text-sm text-slate-600">Users</p>;
}
