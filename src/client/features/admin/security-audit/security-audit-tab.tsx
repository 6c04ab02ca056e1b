/** Security Audit tab: time-limited credential access, the active grant, the audit trail. */
export function SecurityAuditTab() {
  return <p className="text-sm text-slate-600">Security Audit</p>;
}
