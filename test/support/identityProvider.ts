// A real OpenID Connect provider for the tests: oidc-provider (a certified implementation) on a
// free loopback port, with its own RSA keys, a confidential client for the service, people whose
// groups a test changes, plain sign-in pages of our own (no page it serves reaches off the
// machine), and the hooks a test needs: rotate its signing keys, or rewrite the ID token its token
// endpoint answers with (a forged one: wrong issuer, audience, algorithm, expired).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface Person {
  readonly login: string;
  groups: string[];
  email?: string;
}

export interface TestIdentityProvider {
  readonly issuer: string;
  readonly clientId: string;
  /** A file holding the client's secret, as SERVICE_OIDC_CLIENT_SECRET_FILE names it. */
  readonly clientSecretFile: string;
  /** The service's environment for this provider. */
  env(publicUrl: string): Record<string, string>;
  readonly people: Map<string, Person>;
  /** The kid of the key ID tokens are signed with now. */
  signingKid(): string;
  /** The private key that signs now (for a test to forge tokens the provider's way). */
  signingKey(): JWK;
  /**
   * Rotates the keys: `publish` adds a new key to the published set (signing stays), `switch`
   * signs with the newest, `retire` drops all but the one that signs.
   */
  rotate(step: 'publish' | 'switch' | 'retire'): Promise<void>;
  /** Rewrites the ID token of every token answer (null: as issued). */
  tamper(rewrite: ((idToken: string) => Promise<string>) | null): void;
  /** Token endpoint requests by grant type, for a test to count refreshes. */
  readonly grants: Map<string, number>;
  stop(): Promise<void>;
}

type Payload = Record<string, unknown> & {
  uid?: string;
  userCode?: string;
  grantId?: string;
  consumed?: number;
};

/**
 * The provider's storage, outside any one Provider instance: a key rotation builds a new instance
 * (oidc-provider reads its keys at construction) and sessions, grants and refresh tokens live on.
 */
const sharedStorage = () => {
  const items = new Map<string, { payload: Payload; expiresAt: number }>();
  const live = (key: string) => {
    const item = items.get(key);
    if (item && item.expiresAt <= Date.now()) items.delete(key);
    return items.get(key)?.payload;
  };
  return class SharedAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Payload, expiresIn: number) {
      items.set(this.key(id), {
        payload,
        expiresAt: Date.now() + (expiresIn ? expiresIn * 1000 : 3_600_000),
      });
      if (payload.uid)
        items.set(`uid:${this.model}:${payload.uid}`, { payload: { id } as Payload, expiresAt: Infinity });
      if (payload.userCode)
        items.set(`userCode:${payload.userCode}`, { payload: { id } as Payload, expiresAt: Infinity });
      if (payload.grantId) {
        const ids = (live(`grant:${payload.grantId}`)?.['keys'] as string[] | undefined) ?? [];
        items.set(`grant:${payload.grantId}`, {
          payload: { keys: [...ids, this.key(id)] },
          expiresAt: Infinity,
        });
      }
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = live(`uid:${this.model}:${uid}`);
      return ref ? live(this.key(ref['id'] as string)) : undefined;
    }
    async findByUserCode(userCode: string) {
      const ref = live(`userCode:${userCode}`);
      return ref ? live(this.key(ref['id'] as string)) : undefined;
    }
    async consume(id: string) {
      const p = live(this.key(id));
      if (p) p.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      items.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of (live(`grant:${grantId}`)?.['keys'] as string[] | undefined) ?? []) items.delete(key);
      items.delete(`grant:${grantId}`);
    }
  };
};

const newKey = async (): Promise<JWK> => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: `key-${Math.random().toString(36).slice(2, 10)}`, alg: 'RS256', use: 'sig' };
};

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

export const startIdentityProvider = async (
  options: { readonly accessTokenSeconds?: number; readonly people?: readonly Person[] } = {},
): Promise<TestIdentityProvider> => {
  const people = new Map<string, Person>((options.people ?? []).map((p) => [p.login, { ...p }]));
  const clientId = 'surveyor-test';
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-idp-'));
  const clientSecretFile = join(dir, 'client-secret');
  writeFileSync(clientSecretFile, `${clientSecret}\n`, { mode: 0o600 });
  let keys: JWK[] = [await newKey()];
  let rewrite: ((idToken: string) => Promise<string>) | null = null;
  const grants = new Map<string, number>();
  const adapter = sharedStorage();

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let redirectUris: string[] = [];

  const configuration = (): Configuration => ({
    adapter,
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: keys as never },
    cookies: { keys: ['surveyor-test-idp-cookie-key'] },
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'groups'],
      email: ['email', 'email_verified'],
    },
    // The ID token carries the claims, as Keycloak's group mapper puts them there.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: options.accessTokenSeconds ?? 60,
      IdToken: 300,
      AuthorizationCode: 60,
      DeviceCode: 300,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 3600,
    },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    features: {
      devInteractions: { enabled: false },
      deviceFlow: {
        enabled: true,
        userCodeInputSource: async (ctx, form) => {
          ctx.body = page(
            'Enter your code',
            `${form}<button type="submit" form="op.deviceInputForm">Continue</button>`,
          );
        },
        userCodeConfirmSource: async (ctx, form, _client, _info, userCode) => {
          ctx.body = page(
            'Confirm the code',
            `<p>Code <code>${userCode}</code></p>${form}<button type="submit" form="op.deviceConfirmForm">Continue</button>`,
          );
        },
        successSource: async (ctx) => {
          ctx.body = page('Signed in', '<p>You may close this page.</p>');
        },
      },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          preferred_username: person.login,
          email: person.email ?? `${person.login}@example.org`,
          email_verified: true,
          groups: [...person.groups],
        }),
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<pre>${JSON.stringify(out).replace(/</g, '&lt;')}</pre>`);
    },
  });

  let provider: Provider;
  const build = () => {
    provider = new Provider(issuer, configuration());
    provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>) => {
      await next();
      if (ctx.path === '/token' && ctx.method === 'POST') {
        const type = String((ctx.oidc?.params as { grant_type?: string } | undefined)?.grant_type ?? '');
        grants.set(type, (grants.get(type) ?? 0) + 1);
        const body = ctx.body as { id_token?: string } | undefined;
        if (rewrite && body && typeof body.id_token === 'string')
          body.id_token = await rewrite(body.id_token);
      }
    });
  };
  build();

  /** Our own pages for the provider's prompts: a login form, and consent given to all asked. */
  const interaction = async (
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    action: string | undefined,
  ) => {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(
        details.prompt.name === 'login'
          ? page(
              'Sign in to the test provider',
              `<form method="post" action="/interaction/${uid}/login"><label>Username <input name="login" autocomplete="username"></label><button type="submit">Sign in</button></form>`,
            )
          : page(
              'Allow access',
              `<form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form>`,
            ),
      );
      return;
    }
    if (action === 'login') {
      const login = (await readForm(req)).get('login') ?? '';
      if (!people.has(login)) {
        await provider.interactionFinished(req, res, {
          error: 'access_denied',
          error_description: 'no such person',
        });
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const { grantId, session, params } = details;
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session!.accountId, clientId: params['client_id'] as string });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant!.save() } },
      {
        mergeWithLastSubmission: true,
      },
    );
  };

  server.on('request', (req, res) => {
    const m = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|confirm))?$/.exec(req.url ?? '');
    if (m) {
      interaction(req, res, m[1]!, m[2]).catch((err: Error) => {
        res.statusCode = 400;
        res.end(page('Sign-in error', err.message.replace(/</g, '&lt;')));
      });
      return;
    }
    provider.callback()(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecretFile,
    people,
    grants,
    env: (publicUrl) => {
      // Each service the test starts on this provider is one more redirect URI of the client.
      redirectUris = [...redirectUris, `${publicUrl.replace(/\/+$/, '')}/api/v2/auth/oidc/callback`];
      build();
      return {
        SERVICE_PUBLIC_URL: publicUrl,
        SERVICE_OIDC_ISSUER: issuer,
        SERVICE_OIDC_CLIENT_ID: clientId,
        SERVICE_OIDC_CLIENT_SECRET_FILE: clientSecretFile,
        SERVICE_OIDC_LABEL: 'the test provider',
      };
    },
    signingKid: () => keys[0]!.kid!,
    signingKey: () => keys[0]!,
    rotate: async (step) => {
      if (step === 'publish') keys = [...keys, await newKey()];
      else if (step === 'switch') keys = [keys.at(-1)!, ...keys.slice(0, -1)];
      else keys = [keys[0]!];
      // A new provider on the same storage (sessions, grants, refresh tokens live on).
      build();
    },
    tamper: (f) => {
      rewrite = f;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
