import { PERSONAS, type Persona } from '@shared/constants';
import { usePersona } from '@/lib/persona';
import { clsx } from 'clsx';

const LABELS: Record<Persona, string> = {
  recruiter: 'Recruiter',
  talent: 'Talent',
  investor: 'Investor',
};

/** SPEC.md §2: a fixed switcher with buttons Recruiter, Talent, Investor. */
export function PersonaSwitcher() {
  const { persona, setPersona } = usePersona();
  return (
    <div
      role="group"
      aria-label="Viewing as"
      className="fixed bottom-4 left-4 z-40 flex items-center gap-1 rounded-full border border-slate-200 bg-white/95 p-1 shadow-lg backdrop-blur"
    >
      <span className="hidden pr-1 pl-2 text-xs font-medium text-slate-600 sm:inline" aria-hidden>
        View as
      </span>
      {PERSONAS.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={persona === p}
          onClick={() => setPersona(p)}
          className={clsx(
            'rounded-full px-3 py-1.5 text-xs font-medium transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-indigo-600',
            persona === p ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {LABELS[p]}
        </button>
      ))}
    </div>
  );
}
