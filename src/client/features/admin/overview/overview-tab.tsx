/** Overview: static health cards and four stat tiles (SPEC.md §2). */
export function OverviewTab() {
  return <p className="text-sm text-slate-600">Overview</p>;
}
