/** Analytics and Settings: static cards with coming-soon notes (SPEC.md §2). */
export function AnalyticsTab() {
  return <p className="text-sm text-slate-600">Analytics</p>;
}

export function SettingsTab() {
  return <p className="text-sm text-slate-600">Settings</p>;
}
