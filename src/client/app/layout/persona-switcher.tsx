import { BriefcaseIcon, TrendingUpIcon, UserRoundIcon, type LucideIcon } from 'lucide-react';
import { PERSONAS, type Persona } from '@shared/constants';
import { usePersona } from '@/lib/persona';
import { clsx } from 'clsx';

export const PERSONA_LOOKS: Record<Persona, { label: string; icon: LucideIcon }> = {
  recruiter: { label: 'Recruiter', icon: BriefcaseIcon },
  talent: { label: 'Talent', icon: UserRoundIcon },
  investor: { label: 'Investor', icon: TrendingUpIcon },
};

/**
 * Where the switcher sits: at the foot of the desktop sidebar (as icons when
 * the sidebar is collapsed), or in the phone's bottom bar. It is part of the
 * layout, never floating over the page.
 */
type Placement = 'sidebar' | 'collapsed' | 'bar';

/** The persona switcher: buttons Recruiter, Talent, Investor, fixed in the layout. */
export function PersonaSwitcher({ placement }: { placement: Placement }) {
  const { persona, setPersona } = usePersona();
  const compact = placement === 'collapsed';
  return (
    <div
      role="group"
      aria-label="Viewing as"
      className={clsx('flex gap-1', compact ? 'flex-col items-center' : 'items-center')}
    >
      {compact ? null : (
        <span
          className="shrink-0 pr-1 text-xs font-medium whitespace-nowrap text-slate-600"
          aria-hidden
        >
          View as
        </span>
      )}
      <span
        className={clsx(
          'flex gap-1 rounded-lg bg-slate-100 p-1',
          compact ? 'flex-col' : 'min-w-0 flex-1',
        )}
      >
        {PERSONAS.map((p) => {
          const { label, icon: Icon } = PERSONA_LOOKS[p];
          const pressed = persona === p;
          return (
            <button
              key={p}
              type="button"
              aria-pressed={pressed}
              aria-label={compact ? label : undefined}
              title={compact ? label : undefined}
              onClick={() => setPersona(p)}
              className={clsx(
                'flex items-center justify-center rounded-md text-xs font-medium whitespace-nowrap transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-indigo-600',
                compact ? 'size-8' : 'h-8 min-w-0 flex-1 px-2',
                pressed
                  ? 'bg-indigo-600 text-white shadow-sm'
                  : 'text-slate-700 hover:bg-white hover:text-slate-900',
              )}
            >
              {compact ? <Icon className="size-4" aria-hidden /> : label}
            </button>
          );
        })}
      </span>
    </div>
  );
}
