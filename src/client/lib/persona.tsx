import {
  createContext,
  use,
  useCallback,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { DEFAULT_PERSONA, PERSONAS, type Persona } from '@shared/constants';

const STORAGE_KEY = 'ted.persona';

function isPersona(value: unknown): value is Persona {
  return typeof value === 'string' && (PERSONAS as readonly string[]).includes(value);
}

/** `?persona=` in the address wins (a shared link), then the stored choice, then recruiter. */
function initialPersona(search: string, stored: string | null): Persona {
  const fromLink = new URLSearchParams(search).get('persona');
  if (isPersona(fromLink)) return fromLink;
  if (isPersona(stored)) return stored;
  return DEFAULT_PERSONA;
}

type PersonaContextValue = { persona: Persona; setPersona: (p: Persona) => void };
const PersonaContext = createContext<PersonaContextValue | null>(null);

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(p: Persona) {
  try {
    localStorage.setItem(STORAGE_KEY, p);
  } catch {
    /* storage unavailable */
  }
}

let current: Persona | null = null;
const listeners = new Set<() => void>();

/** Chosen once per page load (link, then storage, then the default), then by the switcher. */
function getPersona(): Persona {
  if (current === null) {
    current = initialPersona(globalThis.location?.search ?? '', readStored());
    store(current);
  }
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function PersonaProvider({ children }: { children: ReactNode }) {
  // A pre-rendered page was rendered for the default persona; it takes the chosen one once hydrated.
  const persona = useSyncExternalStore(subscribe, getPersona, () => DEFAULT_PERSONA);
  const setPersona = useCallback((p: Persona) => {
    current = p;
    store(p);
    listeners.forEach((l) => l());
  }, []);
  const value = useMemo(() => ({ persona, setPersona }), [persona, setPersona]);
  return <PersonaContext value={value}>{children}</PersonaContext>;
}

export function usePersona(): PersonaContextValue {
  const value = use(PersonaContext);
  if (!value) throw new Error('usePersona must be used inside PersonaProvider');
  return value;
}
