import { randomBytes } from 'node:crypto';
import type * as Oidc from 'openid-client';
import { SignJWT, jwtVerify } from 'jose';
import type { AppContext } from '../../lib/app-context';
import { mailboxOf } from '../../lib/email-address';
import { hashToken, sameHash } from '../../lib/tokens';
import { admit } from './auth.admission';
import * as repo from './auth.repo';
import { presentSelf } from './auth.presenter';
import { startSession } from './session.service';
import { bindUseCases } from '../../lib/use-cases';

/** The cookie holding the state, nonce and PKCE verifier between the redirect and the callback. */
export const OIDC_COOKIE = 'campusrun_oidc';
const TRANSACTION_TTL_SECONDS = 600;

/**
 * The cookie that binds a finished sign-in to the browser that started it. The callback page gets
 * only a one-time code in its address; the code is worth a token only together with this cookie, so
 * a link with someone else's code cannot sign a victim into the wrong account (login CSRF), and no
 * token ever travels in a URL.
 */
export const EXCHANGE_COOKIE = 'campusrun_google';
export const EXCHANGE_TTL_SECONDS = 60;

type CookieKeys = readonly [Uint8Array, ...Uint8Array[]];

/** One key per signing key (JWT_SECRETS), derived for one cookie's use, newest first. */
const cookieKeys = (secrets: readonly [string, ...string[]], use: string): CookieKeys => {
  const [current, ...older] = secrets.map((secret) => new TextEncoder().encode(`${secret}:${use}`));
  return [current!, ...older];
};

/**
 * A cookie's claims when one of the keys sealed it (a rotation keeps the older keys for a while, so
 * a sign-in begun just before it still finishes); throws when none did or it has expired.
 */
async function openCookie(sealed: string, keys: CookieKeys) {
  let failure: unknown;
  for (const key of keys) {
    try {
      return (await jwtVerify(sealed, key, { algorithms: ['HS256'] })).payload;
    } catch (err) {
      failure ??= err;
    }
  }
  throw failure;
}

type GoogleResult = { ok: true; code: string; cookie: string } | { ok: false; reason: string };

/** What the sign-in steps work with: keys, the one-use limiters and the provider's configuration. */
interface Deps extends Pick<AppContext, 'db' | 'config' | 'log' | 'events' | 'jwt'> {
  redirectUri: string;
  /** Seal the transaction cookie, newest first: the first seals, any of them opens. */
  cookieKeys: CookieKeys;
  /** Seal the exchange cookie, in the same order. */
  exchangeKeys: CookieKeys;
  usedCodes: ReturnType<AppContext['limiter']>;
  usedStates: ReturnType<AppContext['limiter']>;
  configuration: ReturnType<typeof lazyConfiguration>;
}

/** The provider's configuration, discovered at the first Google sign-in (openid-client is loaded then). */
function lazyConfiguration(google: AppContext['config']['google']) {
  let discovered: Promise<{ oidc: typeof Oidc; cfg: Oidc.Configuration }> | undefined;
  return () => {
    if (!google) throw new Error('Google sign-in is not configured');
    discovered ??= import('openid-client')
      .then(async (oidc) => {
        const cfg = await oidc.discovery(
          new URL(google.issuer),
          google.clientId,
          google.clientSecret,
          undefined,
          {
            execute: new URL(google.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          },
        );
        return { oidc, cfg };
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };
}

/** The provider's authorization URL and the sealed transaction for the cookie. */
async function start({ configuration, redirectUri, cookieKeys }: Deps) {
  const { oidc, cfg } = await configuration();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(cfg, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    prompt: 'select_account',
  });
  const sealed = await new SignJWT({ state, nonce, verifier })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(`${TRANSACTION_TTL_SECONDS}s`)
    .sign(cookieKeys[0]);
  return { url: url.toString(), cookie: sealed, maxAge: TRANSACTION_TTL_SECONDS };
}

/** Completes the flow from the callback URL; links or creates the account and issues our token. */
async function finish(deps: Deps, callbackUrl: URL, sealed: string | undefined): Promise<GoogleResult> {
  const { config, db, log, configuration, cookieKeys, exchangeKeys, usedStates } = deps;
  try {
    if (!sealed) return { ok: false, reason: 'missing transaction cookie' };
    const payload = await openCookie(sealed, cookieKeys);
    const { state, nonce, verifier } = payload as { state?: string; nonce?: string; verifier?: string };
    if (!state || !nonce || !verifier) return { ok: false, reason: 'bad transaction cookie' };
    if (callbackUrl.searchParams.get('state') !== state) return { ok: false, reason: 'state mismatch' };
    if (!(await usedStates.tryConsume(state))) return { ok: false, reason: 'state already used' };

    const { oidc, cfg } = await configuration();
    const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!claims || !email) return { ok: false, reason: 'no email claim' };
    if (claims.email_verified !== true) return { ok: false, reason: 'email not verified by the provider' };
    if (!email.endsWith(`@${config.emailDomain}`))
      return { ok: false, reason: 'email outside the campus domain' };

    const user = await linkOrCreate(db, {
      sub: claims.sub,
      email,
      name:
        typeof claims.name === 'string' && claims.name.trim()
          ? claims.name.trim().slice(0, 100)
          : email.split('@')[0]!,
      picture:
        typeof claims.picture === 'string' && claims.picture.startsWith('https://') ? claims.picture : null,
    });
    if (!user) return { ok: false, reason: 'account conflict' };
    const code = randomBytes(32).toString('base64url');
    const cookie = await new SignJWT({ ch: hashToken(code) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(`${EXCHANGE_TTL_SECONDS}s`)
      .sign(exchangeKeys[0]);
    return { ok: true, code, cookie };
  } catch (err) {
    log.warn(
      { err: err instanceof Error ? { name: err.name, message: err.message } : String(err) },
      'google sign-in failed',
    );
    return { ok: false, reason: 'provider exchange failed' };
  }
}

/**
 * Trades the callback's one-time code for a session (a new signed-in device), once, and only in
 * the browser that holds the matching cookie. Answers null for anything else.
 */
async function exchange(deps: Deps, code: string, sealed: string | undefined, userAgent?: string) {
  const { config, db, exchangeKeys, usedCodes } = deps;
  if (!sealed) return null;
  let claims: { sub?: string; ch?: unknown };
  try {
    claims = await openCookie(sealed, exchangeKeys);
  } catch {
    return null;
  }
  const codeHash = hashToken(code);
  if (typeof claims.ch !== 'string' || !claims.sub || !sameHash(claims.ch, codeHash)) return null;
  if (!(await usedCodes.tryConsume(codeHash))) return null;
  const found = await repo.findUserById(db, claims.sub);
  if (!found?.isVerified) return null;
  const user = await admit(deps, config, found);
  return {
    token: await startSession(deps, user, userAgent),
    user: presentSelf(user),
    completeProfile: !user.isProfileComplete,
  };
}

async function linkOrCreate(
  db: AppContext['db'],
  p: { sub: string; email: string; name: string; picture: string | null },
) {
  const bySub = await repo.findUserByGoogleSub(db, p.sub);
  if (bySub) return bySub;
  const byEmail = await repo.findUserByEmail(db, p.email);
  if (byEmail) {
    if (byEmail.googleSub && byEmail.googleSub !== p.sub) return undefined;
    // The provider vouched for the address, so an unverified account counts as verified now. Its
    // password was never proven to belong to this person, so it is dropped (no pre-registration takeover).
    return repo.updateUser(db, byEmail.id, {
      googleSub: p.sub,
      isVerified: true,
      avatar: byEmail.avatar ?? p.picture,
      ...(byEmail.isVerified ? {} : { passwordHash: null, tokenVersion: byEmail.tokenVersion + 1 }),
    });
  }
  return repo.insertUser(db, {
    name: p.name,
    // A new account is keyed by its mailbox, as a sign-up with a password is.
    email: mailboxOf(p.email),
    googleSub: p.sub,
    avatar: p.picture,
    role: null,
    isVerified: true,
    isProfileComplete: false,
  });
}

/** Google sign-in: OpenID Connect authorization code flow with PKCE, state and nonce. */
export function createGoogleService(
  ctx: Pick<AppContext, 'db' | 'config' | 'log' | 'events' | 'jwt' | 'limiter'>,
) {
  const { db, config, log, events, jwt } = ctx;
  const deps: Deps = {
    db,
    config,
    log,
    events,
    jwt,
    redirectUri: `${config.publicUrl}/api/auth/google/callback`,
    cookieKeys: cookieKeys(config.jwtSecrets, 'oidc'),
    exchangeKeys: cookieKeys(config.jwtSecrets, 'google-exchange'),
    // Each code may be exchanged once; shared through Redis when several processes run.
    usedCodes: ctx.limiter('google-exchange', { points: 1, duration: EXCHANGE_TTL_SECONDS }),
    // Each state may complete one sign-in; shared through Redis when several processes run.
    usedStates: ctx.limiter('oidc-state', { points: 1, duration: TRANSACTION_TTL_SECONDS }),
    configuration: lazyConfiguration(config.google),
  };

  return { enabled: Boolean(config.google), ...bindUseCases(deps, { exchange, start, finish }) };
}
export type GoogleService = ReturnType<typeof createGoogleService>;
