import type { BadgeTone } from '@/components/ui/badge';
import { StatusBadge } from '@/components/status-badge';
import type { Priority } from './types';

const PRIORITY_TONES: Record<Priority, BadgeTone> = {
  Critical: 'danger',
  High: 'warning',
  Medium: 'info',
  Low: 'neutral',
};

export function PriorityBadge({ priority }: { priority: Priority }) {
  return <StatusBadge status={priority} tone={PRIORITY_TONES[priority]} />;
}
