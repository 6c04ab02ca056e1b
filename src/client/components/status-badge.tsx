import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<string, BadgeTone> = {
  active: 'success',
  approved: 'success',
  healthy: 'success',
  completed: 'success',
  fulfilled: 'success',
  pass: 'success',
  allowed: 'success',
  resolved: 'success',
  running: 'info',
  shipped: 'info',
  processing: 'info',
  syncing: 'info',
  in_progress: 'info',
  monitoring: 'info',
  pending: 'warning',
  queued: 'warning',
  review: 'warning',
  draft: 'neutral',
  paused: 'neutral',
  degraded: 'warning',
  conditional: 'warning',
  restricted: 'warning',
  pending_approval: 'warning',
  pending_verification: 'warning',
  review_required: 'warning',
  merge_suggested: 'info',
  medium: 'warning',
  low: 'neutral',
  info: 'info',
  inactive: 'neutral',
  expired: 'neutral',
  denied: 'danger',
  failed: 'danger',
  fail: 'danger',
  blocked: 'danger',
  high: 'danger',
  critical: 'danger',
};

/** Humanizes snake_case statuses: "pending_approval" → "Pending approval". */
function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A status as a coloured badge that always carries its text (never colour alone). */
export function StatusBadge({
  status,
  label,
  tone,
}: {
  status: string;
  label?: string;
  tone?: BadgeTone;
}) {
  return (
    <Badge tone={tone ?? TONES[status.toLowerCase()] ?? 'neutral'}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}
