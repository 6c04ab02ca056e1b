import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDownWideNarrowIcon, ArrowUpNarrowWideIcon, SearchIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { FacetFilter, FacetToggle, type FacetCount, type FacetOption } from './facet-filter';
import type { UserFacets } from '@shared/schemas/user-list';
import { ROLE_LABELS } from './format';
import { TOOLBAR_LABEL } from './toolbar-label';
import {
  activeFilterCount,
  defaultDir,
  MAX_ORG_FILTERS,
  ROLE_FILTERS,
  STATUS_FILTERS,
  USER_SORTS,
  type RoleFilter,
  type SortDir,
  type StatusFilter,
  type UserSort,
  type UsersListState,
} from './list-params';

export const SORT_LABELS: Record<UserSort, string> = {
  newest: 'Newest',
  name: 'Name',
  email: 'Email',
  organization: 'Organization',
  last_login: 'Last login',
};

const ROLE_FILTER_LABELS: Record<RoleFilter, string> = { ...ROLE_LABELS, none: 'No role' };
const STATUS_LABELS: Record<StatusFilter, string> = { active: 'Active', inactive: 'Inactive' };
const NO_ORGANIZATION = 'No organization';

/** "A to Z" reads better than "ascending" for text; dates say which end comes first. */
export function dirLabel(sort: UserSort, dir: SortDir): string {
  if (sort === 'newest') return dir === 'desc' ? 'Newest first' : 'Oldest first';
  if (sort === 'last_login') return dir === 'desc' ? 'Most recent first' : 'Least recent first';
  return dir === 'asc' ? 'A to Z' : 'Z to A';
}

const countOf = (
  list: { value: unknown; count: number; exact: boolean }[] | undefined,
  v: unknown,
) => {
  const hit = list?.find((o) => o.value === v);
  return hit ? ({ count: hit.count, exact: hit.exact } satisfies FacetCount) : undefined;
};

/** Each selected value toggled in or out, in the facet's own order. */
const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? (list.includes(value) ? [...list] : [...list, value]) : list.filter((v) => v !== value);

/**
 * The Users toolbar (docs/product/admin-console.md#users-filters-ui): search,
 * one button per facet, Clear filters, the order, the View menu, Export CSV
 * and, at its right end, Invite user: one row on a laptop
 * (docs/product/admin-console.md#users-layout). The search takes the room the
 * buttons leave; the toolbar wraps onto more lines on a narrow screen rather
 * than clipping.
 */
export function UsersToolbar({
  view,
  text,
  onText,
  onChange,
  facets,
  viewMenu,
  exportButton,
  inviteButton,
}: {
  view: UsersListState;
  text: string;
  onText: (text: string) => void;
  /** A filter or order change: a new entry in the history. */
  onChange: (change: Partial<UsersListState>) => void;
  facets: UseQueryResult<UserFacets>;
  viewMenu: ReactNode;
  /** Export CSV of this view (docs/product/admin-console.md#users-export). */
  exportButton: ReactNode;
  /** Invite user, at the toolbar's right end. */
  inviteButton?: ReactNode;
}) {
  const data = facets.data;
  const status = facets.isError && !data ? 'error' : data ? 'ready' : 'loading';
  // The last filter's counts, shown faint until the new ones arrive.
  const stale = facets.isPlaceholderData;
  const filters = activeFilterCount(view);

  const roleOptions: FacetOption[] = ROLE_FILTERS.map((r) => ({
    key: r,
    label: ROLE_FILTER_LABELS[r],
    count: countOf(data?.role, r),
  }));
  const statusOptions: FacetOption[] = STATUS_FILTERS.map((s) => ({
    key: s,
    label: STATUS_LABELS[s],
    count: countOf(data?.status, s),
  }));
  // The server lists the selected organizations too; while it has not
  // answered they still show, without a count, so they can be cleared.
  const orgValues = [...(data?.organization.map((o) => o.value) ?? [])];
  for (const o of view.orgs) if (!orgValues.includes(o)) orgValues.push(o);
  const orgOptions: FacetOption[] = orgValues.map((o) => ({
    key: o ?? '',
    label: o ?? NO_ORGANIZATION,
    count: countOf(data?.organization, o),
  }));
  const orgKeys = view.orgs.map((o) => o ?? '');

  return (
    // The container whose width decides whether the buttons after the filters show their words.
    <div className="@container">
      <div
        role="group"
        aria-label="Filter and sort users"
        className="flex flex-wrap items-center gap-2"
      >
        <div className="relative w-full min-w-0 sm:w-auto sm:min-w-36 sm:flex-1 xl:max-w-80">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search name, email or org"
            className="h-8 pl-8"
            value={text}
            maxLength={100}
            onChange={(e) => onText(e.target.value)}
          />
        </div>
        {/* One run of buttons that wraps as a whole: no half-empty rows on a phone. */}
        <div className="contents">
          <FacetFilter
            title="Role"
            options={roleOptions}
            selected={view.roles}
            status={status}
            stale={stale}
            onToggle={(key, on) => onChange({ roles: toggled(view.roles, key as RoleFilter, on) })}
            onClear={() => onChange({ roles: [] })}
          />
          <FacetFilter
            title="Status"
            options={statusOptions}
            selected={view.status}
            status={status}
            stale={stale}
            onToggle={(key, on) =>
              onChange({ status: toggled(view.status, key as StatusFilter, on) })
            }
            onClear={() => onChange({ status: [] })}
          />
          <FacetFilter
            title="Organization"
            options={orgOptions}
            selected={orgKeys}
            status={status}
            stale={stale}
            note={
              data?.organization_more
                ? 'More organizations than listed: search by name to find another.'
                : view.orgs.length >= MAX_ORG_FILTERS
                  ? `At most ${MAX_ORG_FILTERS} organizations at once.`
                  : undefined
            }
            onToggle={(key, on) => {
              const org = key === '' ? null : key;
              if (on && view.orgs.length >= MAX_ORG_FILTERS) return;
              onChange({ orgs: toggled(view.orgs, org, on) });
            }}
            onClear={() => onChange({ orgs: [] })}
          />
          <FacetToggle
            label="Never signed in"
            pressed={view.never}
            count={data?.never_signed_in}
            stale={stale}
            onPressedChange={(never) => onChange({ never })}
          />
          {filters > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              title="Clear filters"
              onClick={() => onChange({ roles: [], status: [], orgs: [], never: false })}
            >
              <span className={TOOLBAR_LABEL}>Clear filters</span>
              <XIcon aria-hidden />
            </Button>
          ) : null}
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <SortMenu view={view} onChange={onChange} />
          {viewMenu}
          {exportButton}
          {inviteButton}
        </div>
      </div>
    </div>
  );
}

const DIRS: readonly SortDir[] = ['asc', 'desc'];

/** The order, for every width (the phone's cards have no column headers to click). */
function SortMenu({
  view,
  onChange,
}: {
  view: UsersListState;
  onChange: (change: Partial<UsersListState>) => void;
}) {
  const Arrow = view.dir === 'asc' ? ArrowUpNarrowWideIcon : ArrowDownWideNarrowIcon;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Sort: ${SORT_LABELS[view.sort]}, ${dirLabel(view.sort, view.dir)}`}
        >
          <Arrow aria-hidden />
          <span>
            <span className={TOOLBAR_LABEL}>Sort: </span>
            {SORT_LABELS[view.sort]}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Sort by</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={view.sort}
          onValueChange={(s) => onChange({ sort: s as UserSort, dir: defaultDir(s as UserSort) })}
        >
          {USER_SORTS.map((s) => (
            <DropdownMenuRadioItem key={s} value={s} onSelect={(e) => e.preventDefault()}>
              {SORT_LABELS[s]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Order</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={view.dir}
          onValueChange={(d) => onChange({ dir: d as SortDir })}
        >
          {(defaultDir(view.sort) === 'asc' ? DIRS : [...DIRS].reverse()).map((d) => (
            <DropdownMenuRadioItem key={d} value={d} onSelect={(e) => e.preventDefault()}>
              {dirLabel(view.sort, d)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
