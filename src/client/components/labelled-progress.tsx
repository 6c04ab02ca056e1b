import { Progress } from '@/components/ui/progress';

/** A progress bar with its value written beside it (0–100, docs/product/public-site.md#progress-bars). */
export function LabelledProgress({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="flex min-w-32 items-center gap-2">
      <Progress value={clamped} aria-label={label} className="flex-1" />
      <span className="w-10 text-right text-xs text-slate-700 tabular-nums">{clamped}%</span>
    </div>
  );
}
