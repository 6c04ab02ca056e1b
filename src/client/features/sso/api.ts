import { useMutation } from '@tanstack/react-query';
import type { SsoInitiateRequest, SsoInitiateResponse } from '@shared/schemas/sso';
import { api } from '@/lib/api';

export function useInitiateSignOn() {
  return useMutation({
    mutationFn: (body: SsoInitiateRequest) =>
      api<SsoInitiateResponse>('/api/sso/initiate', { method: 'POST', body }),
  });
}
