import { DEFAULT_AFTER_SIGN_IN, safeRedirectPath } from '@/lib/auth/redirect';

/** The cross-platform sign-on request /auth may carry (docs/product/sign-on.md#sso-step). */
export type SsoRequest = { appId: string; redirectUrl: string; appName: string | null };

export function readSsoRequest(params: URLSearchParams): SsoRequest | null {
  const appId = params.get('app_id');
  const redirectUrl = params.get('redirect_url');
  if (!appId || !redirectUrl) return null;
  return { appId, redirectUrl, appName: params.get('app_name') };
}

/**
 * Where a signed-in user goes from /auth: back to the protected page that sent
 * them (`?redirect=`), on to the sign-on step when an application asked for
 * one, else the admin dashboard.
 */
export function afterSignInPath(params: URLSearchParams): string {
  const back = safeRedirectPath(params.get('redirect'));
  if (back) return back;
  const sso = readSsoRequest(params);
  if (sso) {
    const next = new URLSearchParams({ app_id: sso.appId, redirect_url: sso.redirectUrl });
    if (sso.appName) next.set('app_name', sso.appName);
    return `/auth-redirect?${next}`;
  }
  return DEFAULT_AFTER_SIGN_IN;
}
