import { XIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SEVERITIES, type Severity } from '@shared/constants';
import { ANONYMOUS_ACTOR, AUDIT_SOURCES, type AuditFilter } from '@shared/schemas/audit-trail';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  AUDIT_RANGE_PRESETS,
  fromLocalInput,
  isEmptyRange,
  isFiltered,
  presetRange,
  toLocalInput,
} from './use-audit-filter';

const ALL = 'all';

const SOURCE_LABELS = {
  console: 'Console (browser)',
  startup: 'Start-up (browser)',
  server: 'Server',
} as const;

/**
 * A text-like filter (actor, from, to): typed freely, written to the address
 * on Enter or when the field is left. Keyed by the address's value, so Back
 * and Forward reset what it shows.
 */
function DraftField({
  id,
  label,
  hint,
  type,
  value,
  invalid,
  describedBy,
  placeholder,
  onCommit,
}: {
  id: string;
  label: string;
  hint?: string;
  type: 'text' | 'datetime-local';
  value: string;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <form
      className="grid content-start gap-2"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        commit();
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The trail's filters (docs/product/audit-trail.md#audit-filters-in-address): type, severity and
 * source apply at once; actor and the time range on Enter or when the field is left.
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
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:max-w-5xl">
        <div className="grid content-start gap-2">
          <Label htmlFor="audit-type">Event type</Label>
          <Select
            value={filter.type ?? ALL}
            onValueChange={(v) => onChange({ type: v === ALL ? undefined : v })}
          >
            <SelectTrigger id="audit-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All types</SelectItem>
              {(filter.type && !types.includes(filter.type) ? [filter.type, ...types] : types).map(
                (t) => (
                  <SelectItem key={t} value={t}>
                    {t}
                  </SelectItem>
                ),
              )}
            </SelectContent>
          </Select>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="audit-severity">Severity</Label>
          <Select
            value={filter.severity ?? ALL}
            onValueChange={(v) => onChange({ severity: v === ALL ? undefined : (v as Severity) })}
          >
            <SelectTrigger id="audit-severity">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All severities</SelectItem>
              {SEVERITIES.map((s) => (
                <SelectItem key={s} value={s}>
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="audit-source">Source</Label>
          <Select
            value={filter.source ?? ALL}
            onValueChange={(v) =>
              onChange({ source: v === ALL ? undefined : (v as AuditFilter['source']) })
            }
          >
            <SelectTrigger id="audit-source">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All sources</SelectItem>
              {AUDIT_SOURCES.map((s) => (
                <SelectItem key={s} value={s}>
                  {SOURCE_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <DraftField
          key={`actor:${filter.actor ?? ''}`}
          id="audit-actor"
          label="Actor"
          type="text"
          value={filter.actor ?? ''}
          placeholder="name@example.com"
          hint={`An account's exact email, or "${ANONYMOUS_ACTOR}"; Enter applies it.`}
          onCommit={(v) => onChange({ actor: v || undefined })}
        />
        <DraftField
          key={`from:${filter.from ?? ''}`}
          id="audit-from"
          label="From"
          type="datetime-local"
          value={toLocalInput(filter.from)}
          hint="Your local time, included."
          onCommit={(v) => onChange({ from: fromLocalInput(v) })}
        />
        <DraftField
          key={`to:${filter.to ?? ''}`}
          id="audit-to"
          label="To"
          type="datetime-local"
          value={toLocalInput(filter.to)}
          hint="Your local time, not included."
          invalid={emptyRange}
          describedBy={emptyRange ? 'audit-range-error' : undefined}
          onCommit={(v) => onChange({ to: fromLocalInput(v) })}
        />
      </div>
      {emptyRange ? (
        <p id="audit-range-error" role="alert" className="text-sm text-rose-700">
          “To” must be after “From”.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick time range">
          {AUDIT_RANGE_PRESETS.map((p) => (
            <Button
              key={p.label}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange(presetRange(p.ms, new Date()))}
            >
              {p.label}
            </Button>
          ))}
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onClear}
          disabled={!isFiltered(filter)}
        >
          <XIcon aria-hidden />
          Clear filters
        </Button>
      </div>
    </div>
  );
}
