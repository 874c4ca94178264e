/**
 * Facebook login (SPEC §2 "A Facebook login variant exists"), the OAuth 2.0 authorization-code
 * flow: /rio/facebook redirects to Facebook's login dialog with a random `state` kept in an
 * HttpOnly cookie; Facebook redirects back to /rio/facebook/callback?code&state; the code is
 * exchanged for an access token at the Graph API, which then gives the user's id, name and email.
 * The Facebook id is linked to an account in user_identities: an existing link logs that
 * account in; otherwise an account with the same (Facebook-confirmed) email is linked; otherwise
 * a new account is made (no password, registration continues at the personal step).
 *
 * Only active when FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set; the dialog and Graph URLs
 * come from config, so tests run the whole flow against a local fake.
 */
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { config } from '~/server/config';
import { getDb, type Queryable } from '~/server/db/client';
import { userIdentities, users, type User } from '~/server/db/schema-accounts';
import { beginRegistration } from '~/server/profiles/registration';
import { AccountError } from '~/server/errors';
import { findUserByEmail, getUser } from './users';

export const FACEBOOK_STATE_COOKIE = 'jp_fb_state';

export interface FacebookSettings {
  appId: string;
  appSecret: string;
  dialogUrl: string;
  graphUrl: string;
}

/** The configured app, or null when Facebook login is off. */
export function facebookSettings(): FacebookSettings | null {
  if (!config.FACEBOOK_APP_ID || !config.FACEBOOK_APP_SECRET) return null;
  return {
    appId: config.FACEBOOK_APP_ID,
    appSecret: config.FACEBOOK_APP_SECRET,
    dialogUrl: config.FACEBOOK_DIALOG_URL,
    graphUrl: config.FACEBOOK_GRAPH_URL,
  };
}

export function facebookDialogUrl(
  settings: FacebookSettings,
  redirectUri: string,
  state: string,
): string {
  const url = new URL(settings.dialogUrl);
  url.searchParams.set('client_id', settings.appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'public_profile,email');
  return url.toString();
}

export interface FacebookProfile {
  id: string;
  name: string | null;
  email: string | null;
}

async function getJson(fetcher: typeof fetch, url: URL): Promise<Record<string, unknown>> {
  const response = await fetcher(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !data || typeof data !== 'object' || 'error' in data) {
    throw new AccountError('facebookFailed', 502);
  }
  return data;
}

/** Exchanges the dialog's code for a token, then reads the user's id, name and email. */
export async function fetchFacebookProfile(
  settings: FacebookSettings,
  code: string,
  redirectUri: string,
  fetcher: typeof fetch = globalThis.fetch,
): Promise<FacebookProfile> {
  const tokenUrl = new URL(`${settings.graphUrl}/oauth/access_token`);
  tokenUrl.searchParams.set('client_id', settings.appId);
  tokenUrl.searchParams.set('client_secret', settings.appSecret);
  tokenUrl.searchParams.set('redirect_uri', redirectUri);
  tokenUrl.searchParams.set('code', code);
  const token = await getJson(fetcher, tokenUrl);
  const accessToken = token.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new AccountError('facebookFailed', 502);
  }
  const meUrl = new URL(`${settings.graphUrl}/me`);
  meUrl.searchParams.set('fields', 'id,name,email');
  meUrl.searchParams.set('access_token', accessToken);
  // appsecret_proof: Graph calls made with a stolen token but without our secret are refused.
  meUrl.searchParams.set(
    'appsecret_proof',
    createHmac('sha256', settings.appSecret).update(accessToken).digest('hex'),
  );
  const me = await getJson(fetcher, meUrl);
  if (typeof me.id !== 'string' || !/^\d{1,30}$/.test(me.id)) {
    throw new AccountError('facebookFailed', 502);
  }
  return {
    id: me.id,
    name: typeof me.name === 'string' ? me.name.slice(0, 60) : null,
    email: typeof me.email === 'string' ? me.email.trim().toLowerCase() : null,
  };
}

/** The account for a Facebook profile: linked, matched by email and linked, or new. */
export async function accountForFacebook(
  profile: FacebookProfile,
  siteContext: string,
  options: { db?: Queryable } = {},
): Promise<User> {
  const db = options.db ?? (await getDb());
  const [link] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, 'facebook'), eq(userIdentities.subject, profile.id)))
    .limit(1);
  if (link) {
    const user = await getUser(link.userId, { db });
    if (user) return user;
  }
  if (!profile.email) throw new AccountError('facebookNoEmail', 422);
  const existing = await findUserByEmail(profile.email, { db });
  return db.transaction(async (tx) => {
    let user: User | null | undefined = existing;
    if (!user) {
      const name =
        profile.name
          ?.replace(/[^\p{L}\p{M} ]/gu, '')
          .trim()
          .slice(0, 30) || null;
      [user] = await tx
        .insert(users)
        .values({
          email: profile.email,
          name,
          siteContext,
          emailVerifiedAt: new Date(),
        })
        .returning();
      await beginRegistration(tx, user!.id);
    }
    await tx
      .insert(userIdentities)
      .values({ provider: 'facebook', subject: profile.id, userId: user!.id })
      .onConflictDoNothing();
    return user!;
  });
}
