import type { APIRequestContext, Locator, Page } from '@playwright/test';

/** Helpers for the admin console specs. */

/** A demo bearer token for calling the API directly (demo mode: the demo administrator). */
export const API_TOKEN = `demo-token-${Date.now()}`;
const auth = { authorization: `Bearer ${API_TOKEN}` };

type ApiUser = {
  id: string;
  email: string;
  full_name: string | null;
  organization: string | null;
  department: string | null;
  is_active: boolean;
  roles: string[];
};

/** The one user whose email is `email`, as the API sees it now. */
export async function findUser(request: APIRequestContext, email: string): Promise<ApiUser> {
  const res = await request.get('/api/admin/users', { params: { q: email }, headers: auth });
  if (!res.ok()) throw new Error(`GET /api/admin/users answered ${res.status()}`);
  const { users } = (await res.json()) as { users: ApiUser[] };
  const user = users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

export async function patchUser(
  request: APIRequestContext,
  id: string,
  body: Partial<Omit<ApiUser, 'id' | 'roles'>>,
) {
  const res = await request.patch(`/api/admin/users/${id}`, { data: body, headers: auth });
  if (!res.ok()) throw new Error(`PATCH answered ${res.status()}: ${await res.text()}`);
}

export async function roleRecords(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/admin/users/${id}/roles`, { headers: auth });
  return (await res.json()) as {
    roles: string[];
    records: { role: string; is_active: boolean; granted_by: string | null }[];
  };
}

export async function setRoles(
  request: APIRequestContext,
  id: string,
  changes: Record<string, boolean>,
) {
  const res = await request.put(`/api/admin/users/${id}/roles`, {
    data: { changes },
    headers: auth,
  });
  if (!res.ok()) throw new Error(`PUT roles answered ${res.status()}: ${await res.text()}`);
}

/** The table row of the user with this email. */
export const userRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByText(email, { exact: true }) });

/** Opens a user row's "⋯" menu and chooses one of its actions (Edit user, Manage roles). */
export async function rowAction(row: Locator, action: 'Edit user' | 'Manage roles') {
  await row.getByRole('button', { name: /^Actions for / }).click();
  await row.page().getByRole('menuitem', { name: action }).click();
}

/** Makes the page believe it was hidden (tab switched or closed): the queues flush with keepalive. */
export async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
