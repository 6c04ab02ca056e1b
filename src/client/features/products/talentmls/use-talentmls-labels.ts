import { usePersona } from '@/lib/persona';
import { TALENTMLS_LABELS, type TalentMlsLabels } from './labels';

export function useTalentMlsLabels(): TalentMlsLabels {
  return TALENTMLS_LABELS[usePersona().persona];
}
