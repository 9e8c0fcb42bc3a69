import { apiRoutes } from '@cockpit/contracts';
import { integrityHeader, type TestApp, demoUsers } from './build-test-app';

/** The five callers of the authorisation table (decision 032). */
export const roles = ['anonymous', 'member', 'basic', 'admin', 'otherAdmin'] as const;
export type Role = (typeof roles)[number];

export const roleEmails: Record<Exclude<Role, 'anonymous'>, string> = {
  member: demoUsers.member,
  basic: demoUsers.basic,
  admin: demoUsers.admin,
  otherAdmin: demoUsers.beispielAdmin,
};

export const rolePasswords: Record<Exclude<Role, 'anonymous'>, string> = {
  member: 'Cockpit-member-1',
  basic: 'Cockpit-basic-1',
  admin: 'Cockpit-admin-1',
  otherAdmin: 'Beispiel-admin-1',
};

export interface Credentials {
  /** `Authorization: Bearer …` for /api routes. */
  authorization?: string;
  /** The session cookie for /api/auth/* (with the Origin better-auth checks). */
  cookie?: string;
  origin?: string;
  sessionId?: string;
  userId?: string;
}

/** Signs a role in with its own fresh session (a user agent naming it) and returns its credentials. */
export async function signInAs(t: TestApp, role: Exclude<Role, 'anonymous'>): Promise<Credentials> {
  const response = await t.app.inject({
    method: 'POST',
    url: apiRoutes.signInWithEmail.path,
    headers: { origin: t.origin, 'user-agent': `authz-table/${role}`, ...(await integrityHeader(t.app)) },
    payload: { email: roleEmails[role], password: rolePasswords[role] },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in as ${role}: ${response.statusCode} ${response.body}`);
  const session = response.cookies.find((c) => c.name.endsWith('session_token'))!;
  const cookie = `${session.name}=${session.value}`;
  const token = (
    await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })
  ).json<{
    token: string;
  }>().token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sid: string;
    sub: string;
  };
  return {
    authorization: `Bearer ${token}`,
    cookie,
    origin: t.origin,
    sessionId: claims.sid,
    userId: claims.sub,
  };
}
