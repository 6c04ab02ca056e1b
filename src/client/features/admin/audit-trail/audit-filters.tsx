import { FunnelIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { SEVERITIES, type Severity } from '@shared/constants';
import { ANONYMOUS_ACTOR, AUDIT_SOURCES, type AuditFilter } from '@shared/schemas/audit-trail';
import { Button } from '@/components/ui/button';
import { SelectItem } from '@/components/ui/select';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { eventLabel } from './audit-details';
import { DraftField, FilterSelect } from './filter-fields';
import {
  activeFilterCount,
  AUDIT_RANGE_PRESETS,
  fromLocalInput,
  isEmptyRange,
  isFiltered,
  matchPreset,
  presetRange,
  toLocalInput,
} from './use-audit-filter';

const ALL = 'all';
const CUSTOM = 'custom';

const SOURCE_LABELS = {
  console: 'Console (browser)',
  startup: 'Start-up (browser)',
  server: 'Server',
} as const;

/**
 * The trail's filters in one compact row (docs/product/audit-trail.md#audit-filters-in-address):
 * type, severity, source and a time range with presets apply at once; the actor and a custom
 * range's From and To on Enter or when the field is left. On a phone they fold away behind a
 * Filters button that counts the active ones (docs/product/audit-trail.md#audit-filters).
 */
export function AuditFilters({
  filter,
  types,
  onChange,
  onClear,
}: {
  filter: AuditFilter;
  types: string[];
  onChange: (change: Partial<AuditFilter>) => void;
  onClear: () => void;
}) {
  const emptyRange = isEmptyRange(filter);
  const panelId = useId();
  const [open, setOpen] = useState(false);
  // "Custom range" chosen before a From or To was entered; and when a preset was last chosen,
  // for reading which preset the range is.
  const [custom, setCustom] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const preset = matchPreset(filter, now);
  const hasRange = !!filter.from || !!filter.to;
  const range = preset?.value ?? (hasRange || custom ? CUSTOM : ALL);
  const showDates = range === CUSTOM;
  const count = activeFilterCount(filter);

  const chooseRange = (value: string) => {
    if (value === ALL) {
      setCustom(false);
      onChange({ from: undefined, to: undefined });
      return;
    }
    if (value === CUSTOM) {
      setCustom(true);
      return;
    }
    const chosen = AUDIT_RANGE_PRESETS.find((p) => p.value === value);
    if (!chosen) return;
    const at = new Date();
    setNow(at.getTime());
    setCustom(false);
    onChange(presetRange(chosen.ms, at));
  };

  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2 sm:hidden">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <FunnelIcon aria-hidden />
          Filters
          {count > 0 ? (
            <>
              <Badge tone="info" aria-hidden>
                {count}
              </Badge>
              <span className="sr-only"> {count} active</span>
            </>
          ) : null}
        </Button>
      </div>
      <div
        id={panelId}
        role="group"
        aria-label="Filters"
        className={cn('flex-wrap items-end gap-x-3 gap-y-2 sm:flex', open ? 'grid' : 'hidden')}
      >
        <FilterSelect
          id="audit-type"
          label="Event type"
          className="sm:w-48"
          value={filter.type ?? ALL}
          onChange={(v) => onChange({ type: v === ALL ? undefined : v })}
        >
          <SelectItem value={ALL}>All types</SelectItem>
          {(filter.type && !types.includes(filter.type) ? [filter.type, ...types] : types).map(
            (t) => (
              <SelectItem key={t} value={t}>
                {eventLabel(t)}
              </SelectItem>
            ),
          )}
        </FilterSelect>
        <FilterSelect
          id="audit-severity"
          label="Severity"
          className="sm:w-32"
          value={filter.severity ?? ALL}
          onChange={(v) => onChange({ severity: v === ALL ? undefined : (v as Severity) })}
        >
          <SelectItem value={ALL}>All severities</SelectItem>
          {SEVERITIES.map((s) => (
            <SelectItem key={s} value={s}>
              {s.charAt(0).toUpperCase() + s.slice(1)}
            </SelectItem>
          ))}
        </FilterSelect>
        <FilterSelect
          id="audit-source"
          label="Source"
          className="sm:w-40"
          value={filter.source ?? ALL}
          onChange={(v) =>
            onChange({ source: v === ALL ? undefined : (v as AuditFilter['source']) })
          }
        >
          <SelectItem value={ALL}>All sources</SelectItem>
          {AUDIT_SOURCES.map((s) => (
            <SelectItem key={s} value={s}>
              {SOURCE_LABELS[s]}
            </SelectItem>
          ))}
        </FilterSelect>
        <DraftField
          key={`actor:${filter.actor ?? ''}`}
          id="audit-actor"
          label="Actor"
          type="text"
          className="sm:w-48"
          value={filter.actor ?? ''}
          placeholder="name@example.com"
          hint={`An account's exact email, or "${ANONYMOUS_ACTOR}"; Enter applies it.`}
          onCommit={(v) => onChange({ actor: v || undefined })}
        />
        <FilterSelect
          id="audit-range"
          label="Time range"
          className="sm:w-36"
          value={range}
          onChange={chooseRange}
        >
          <SelectItem value={ALL}>Any time</SelectItem>
          {AUDIT_RANGE_PRESETS.map((p) => (
            <SelectItem key={p.value} value={p.value}>
              {p.label}
            </SelectItem>
          ))}
          <SelectItem value={CUSTOM}>Custom range</SelectItem>
        </FilterSelect>
        {showDates ? (
          <>
            <DraftField
              key={`from:${filter.from ?? ''}`}
              id="audit-from"
              label="From"
              type="datetime-local"
              className="sm:w-52"
              value={toLocalInput(filter.from)}
              hint="Your local time, included."
              onCommit={(v) => onChange({ from: fromLocalInput(v) })}
            />
            <DraftField
              key={`to:${filter.to ?? ''}`}
              id="audit-to"
              label="To"
              type="datetime-local"
              className="sm:w-52"
              value={toLocalInput(filter.to)}
              hint="Your local time, not included."
              invalid={emptyRange}
              describedBy={emptyRange ? 'audit-range-error' : undefined}
              onCommit={(v) => onChange({ to: fromLocalInput(v) })}
            />
          </>
        ) : null}
        {isFiltered(filter) ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start sm:mb-0.5"
            onClick={() => {
              setCustom(false);
              onClear();
            }}
          >
            <XIcon aria-hidden />
            Clear filters
          </Button>
        ) : null}
      </div>
      {emptyRange ? (
        <p id="audit-range-error" role="alert" className="text-sm text-rose-700">
          “To” must be after “From”.
        </p>
      ) : null}
    </div>
  );
}
