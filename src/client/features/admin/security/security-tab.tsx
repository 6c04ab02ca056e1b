/** Security tab of the admin console: applications, sessions, credential requests. */
export function SecurityTab() {
  return <p className="text-sm text-slate-600">Security</p>;
}
