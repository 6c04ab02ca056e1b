import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_PERSONA, PERSONAS, type Persona } from '@shared/constants';

const STORAGE_KEY = 'ted.persona';

export function isPersona(value: unknown): value is Persona {
  return typeof value === 'string' && (PERSONAS as readonly string[]).includes(value);
}

/** `?persona=` in the address wins (a shared link), then the stored choice, then recruiter. */
export function initialPersona(search: string, stored: string | null): Persona {
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

export function PersonaProvider({ children }: { children: ReactNode }) {
  const [persona, setState] = useState<Persona>(() => {
    const chosen = initialPersona(globalThis.location?.search ?? '', readStored());
    try {
      localStorage.setItem(STORAGE_KEY, chosen);
    } catch {
      /* storage unavailable */
    }
    return chosen;
  });
  const setPersona = useCallback((p: Persona) => {
    setState(p);
    try {
      localStorage.setItem(STORAGE_KEY, p);
    } catch {
      /* storage unavailable */
    }
  }, []);
  const value = useMemo(() => ({ persona, setPersona }), [persona, setPersona]);
  return <PersonaContext value={value}>{children}</PersonaContext>;
}

export function usePersona(): PersonaContextValue {
  const value = use(PersonaContext);
  if (!value) throw new Error('usePersona must be used inside PersonaProvider');
  return value;
}
