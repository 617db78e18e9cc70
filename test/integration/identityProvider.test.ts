// Signing in through a real OpenID Connect provider (oidc-provider, test/support/identityProvider.ts)
// in Chromium and from the CLI: the account comes from issuer and subject, an admin's group
// mapping makes a person operator of one project and no other, a group removed at the provider
// takes the role away at the next refresh, the provider's keys rotate without anyone noticing,
// and what must be refused is: a replayed state, a callback in another browser, a person in no
// mapped group, and ID tokens with a wrong issuer, audience or algorithm, expired or forged.
import { spawn } from 'node:child_process';
import test from 'ava';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { launchChromium } from '../support/browser.js';
import { cleanEnv, runCli } from '../support/child.js';
import { startIdentityProvider, type TestIdentityProvider } from '../support/identityProvider.js';
import { freePort } from '../support/ports.js';
import { manualWallabyYaml, prepareProject } from '../support/project.js';

let idp: TestIdentityProvider;
let api: TestApi;
let browser: Browser;
const other = 'wallaby_other';
const wallabyGroup = '/surveys/wallaby';

test.before(async () => {
  idp = await startIdentityProvider({
    people: [
      { login: 'alice', groups: [wallabyGroup] },
      { login: 'olga', groups: [wallabyGroup] },
      { login: 'carol', groups: ['/elsewhere'] },
    ],
  });
  const port = await freePort();
  api = await startTestApi({
    ...idp.env(`http://127.0.0.1:${port}`),
    SERVICE_PORT: String(port),
    SERVICE_MOCK_STEP_MS: '10',
  });
  await prepareProject(api, ['HIPASSJ0001-23']);
  await prepareProject(
    api,
    ['HIPASSJ0002-23'],
    manualWallabyYaml.replace('module: wallaby_hires', `module: ${other}`),
    undefined,
    other,
  );
  browser = await launchChromium();
});
test.after.always(async () => {
  await browser?.close();
  await api?.close();
  await idp?.stop();
});

const host = (args: string[]) =>
  runCli(args, cleanEnv({ DATABASE_URL: api.container.get<Config>(TYPES.Config).DATABASE_URL! }));

/** The person's part at the provider: the sign-in form, then consent. */
const atProvider = async (page: Page, login: string) => {
  await page.getByLabel('Username').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
};

/**
 * A browser whose console does not start (its script is not loaded): the console would refresh
 * its login by itself the moment it loads, racing the test's own refresh with the same cookie,
 * which ends the login as a leaked one. (The redirect to the page itself cannot be intercepted.)
 */
const quietContext = async () => {
  const ctx = await browser.newContext();
  await ctx.route(
    (u) => u.pathname.endsWith('.js'),
    (route) => route.abort(),
  );
  return ctx;
};

/** Signs `login` in from the console's button route; where the browser ended up. */
const signIn = async (login: string, context?: BrowserContext) => {
  const ctx = context ?? (await quietContext());
  const page = await ctx.newPage();
  await page.goto(`${api.base}/auth/oidc/start?return_to=${encodeURIComponent('#/sources')}`);
  await atProvider(page, login);
  await page.waitForURL((u) => u.pathname === '/' && u.hash !== '', { timeout: 20_000 });
  return { ctx, page, url: new URL(page.url()) };
};

/** The console's refresh, from the browser's cookie: the tokens, or the refusal. */
const consoleRefresh = async (ctx: BrowserContext) => {
  const r = await ctx.request.post(`${api.base}/auth/console-session/refresh`);
  return { status: r.status(), body: (await r.json()) as Record<string, unknown> };
};

const create = (token: string, module: string, source: string) =>
  api.call('POST', '/executions', {
    token,
    body: { project_module: module, archive_name: 'casda', sources: [{ source_identifier: source }] },
  });

const userCount = async () =>
  ((await api.call('GET', '/users', { token: await adminToken() })).body as { items: unknown[] }).items
    .length;
let admin: string | undefined;
const adminToken = async () => (admin ??= await api.tokenFor('idp-admin', 'admin'));

test.serial(
  'a group mapped on the host makes a person who signs in operator of that project, and of no other',
  async (t) => {
    t.timeout(120_000);
    const map = host([
      'identity',
      'map',
      '--group',
      wallabyGroup,
      '--project',
      'wallaby_hires',
      '--role',
      'operator',
    ]);
    t.is(await map.exited(), 0, map.output());
    t.regex(map.output(), /group \/surveys\/wallaby → operator of wallaby_hires/);
    const admin = host([
      'identity',
      'map',
      '--group',
      wallabyGroup,
      '--project',
      'wallaby_hires',
      '--role',
      'admin',
    ]);
    t.is(await admin.exited(), 1);
    t.regex(admin.output(), /admin is given on the host only/);

    const before = await userCount();
    const { ctx, url } = await signIn('alice');
    t.is(url.hash, '#/sources');
    t.is(url.search, '');
    const tokens = await consoleRefresh(ctx);
    t.is(tokens.status, 200, JSON.stringify(tokens.body));
    const token = tokens.body['access_token'] as string;
    const me = (await api.call('GET', '/auth/me', { token })).body as Record<string, unknown>;
    t.is(me['username'], 'alice', JSON.stringify(me));
    t.is(me['role'], 'viewer');
    t.deepEqual(me['project_roles'], { wallaby_hires: 'operator' });
    t.is(await userCount(), before + 1);

    const made = await create(token, 'wallaby_hires', 'HIPASSJ0001-23');
    t.is(made.status, 201, made.text);
    const refused = await create(token, other, 'HIPASSJ0002-23');
    t.is(refused.status, 403, refused.text);
    t.regex(refused.text, /for project wallaby_other/);

    // Signing in again is the same account; the audit says the provider made it.
    await signIn('alice');
    t.is(await userCount(), before + 1);
    const audit = host(['user', 'events', '--username', 'alice']);
    t.is(await audit.exited(), 0, audit.output());
    t.regex(audit.output(), /user\.created.*identity provider/);
    t.regex(audit.output(), /user\.project_role_granted.*identity provider/);
  },
);

test.serial(
  'an account is never matched by name: a person called like a local account gets one of their own',
  async (t) => {
    t.timeout(60_000);
    await api.addUser('olga', 'operator');
    const { ctx } = await signIn('olga');
    const token = (await consoleRefresh(ctx)).body['access_token'] as string;
    const me = (await api.call('GET', '/auth/me', { token })).body as Record<string, unknown>;
    t.regex(me['username'] as string, /^olga-[0-9a-f]{8}$/);
    t.is(me['role'], 'viewer');
  },
);

test.serial(
  'a group taken away at the provider drops the role at the next refresh; no mapped group ends the login',
  async (t) => {
    t.timeout(120_000);
    const viewers = host([
      'identity',
      'map',
      '--group',
      '/surveys/readers',
      '--project',
      'wallaby_hires',
      '--role',
      'viewer',
    ]);
    t.is(await viewers.exited(), 0, viewers.output());
    const alice = idp.people.get('alice')!;
    alice.groups = [wallabyGroup];
    const { ctx } = await signIn('alice');
    t.is((await consoleRefresh(ctx)).status, 200);
    const refreshes = idp.grants.get('refresh_token') ?? 0;

    alice.groups = ['/surveys/readers'];
    const next = await consoleRefresh(ctx);
    t.is(next.status, 200, JSON.stringify(next.body));
    t.true((idp.grants.get('refresh_token') ?? 0) > refreshes, 'the refresh asked the provider');
    const token = next.body['access_token'] as string;
    t.deepEqual(
      ((await api.call('GET', '/auth/me', { token })).body as Record<string, unknown>)['project_roles'],
      { wallaby_hires: 'viewer' },
    );
    t.is((await create(token, 'wallaby_hires', 'HIPASSJ0001-23')).status, 403);

    alice.groups = [];
    const ended = await consoleRefresh(ctx).finally(() => {
      alice.groups = [wallabyGroup];
    });
    t.is(ended.status, 401);
    t.is(
      ((ended.body['error'] as Record<string, unknown>)['details'] as Record<string, unknown>)['reason'],
      'no_mapped_group',
    );
    // The login is over: its token is refused at once, not only at its expiry.
    t.is((await api.call('GET', '/auth/me', { token })).status, 401);
  },
);

test.serial('a person in no mapped group is not let in and gets no account', async (t) => {
  t.timeout(60_000);
  const before = await userCount();
  const { url } = await signIn('carol');
  t.is(url.searchParams.get('signin_error'), 'no_mapped_group');
  t.is(await userCount(), before);
});

test.serial('a state is spent once, and only by the browser that started the sign-in', async (t) => {
  t.timeout(60_000);
  const started = await quietContext();
  const page = await started.newPage();
  let callback = '';
  page.on('request', (r) => {
    if (r.url().includes('/api/v2/auth/oidc/callback')) callback = r.url();
  });
  await page.goto(`${api.base}/auth/oidc/start`);
  // The cookie that binds the sign-in to this browser is gone by the time it comes back: as if
  // the provider's redirect were opened in another browser (a link that leaked).
  await started.clearCookies({ name: 'surveyor_oidc_binding' });
  await atProvider(page, 'alice');
  await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
  t.regex(callback, /[?&]code=/);
  t.is(new URL(page.url()).searchParams.get('signin_error'), 'wrong_browser');
  // Spent by that refusal: the same callback again is a replay.
  await page.goto(callback);
  t.is(new URL(page.url()).searchParams.get('signin_error'), 'state_replayed');
});

/** Re-signs an ID token's claims (changed by `edit`) with `key`, as `alg`. */
const forge = async (
  idToken: string,
  edit: (claims: Record<string, unknown>) => Record<string, unknown>,
  sign: (claims: Record<string, unknown>, kid: string) => Promise<string>,
) => sign(edit(decodeJwt(idToken) as Record<string, unknown>), decodeProtectedHeader(idToken).kid as string);

const withProviderKey = async (claims: Record<string, unknown>, kid: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid })
    .sign(await importJWK(idp.signingKey(), 'RS256'));

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

test.serial(
  'ID tokens with a wrong issuer, audience or algorithm, expired, or signed by another key are refused',
  async (t) => {
    t.timeout(180_000);
    const now = Math.floor(Date.now() / 1000);
    const publicPem = JSON.stringify((({ d, p, q, dp, dq, qi, ...pub }) => pub)(idp.signingKey()));
    const stranger = await generateKeyPair('RS256', { extractable: true });
    const cases: [string, (idToken: string) => Promise<string>][] = [
      [
        'wrong issuer',
        (tok) => forge(tok, (c) => ({ ...c, iss: 'https://idp.example.org' }), withProviderKey),
      ],
      ['wrong audience', (tok) => forge(tok, (c) => ({ ...c, aud: 'another-client' }), withProviderKey)],
      ['expired', (tok) => forge(tok, (c) => ({ ...c, iat: now - 7200, exp: now - 3600 }), withProviderKey)],
      ['alg none', async (tok) => `${b64({ alg: 'none' })}.${b64(decodeJwt(tok))}.`],
      [
        'HS256 with the public key as its secret',
        (tok) =>
          forge(
            tok,
            (c) => c,
            async (claims, kid) =>
              new SignJWT(claims)
                .setProtectedHeader({ alg: 'HS256', kid })
                .sign(new TextEncoder().encode(publicPem)),
          ),
      ],
      [
        "another key under the provider's key id",
        (tok) =>
          forge(
            tok,
            (c) => c,
            async (claims, kid) =>
              new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(stranger.privateKey),
          ),
      ],
    ];
    const before = await userCount();
    try {
      for (const [name, rewrite] of cases) {
        idp.tamper(rewrite);
        const { url } = await signIn('alice');
        t.is(url.searchParams.get('signin_error'), 'provider_refused', name);
      }
    } finally {
      idp.tamper(null);
    }
    t.is(await userCount(), before);
    // The log says what was wrong with each; the tokens themselves are not in it.
    const refusals = api.logs.filter((l) => l.includes('identity sign-in refused'));
    t.true(refusals.length >= cases.length);
    t.false(
      api.logs.some((l) => /eyJ[A-Za-z0-9_-]{20,}\./.test(l)),
      'no token in the log',
    );
    // A genuine one still works.
    t.is((await signIn('alice')).url.searchParams.get('signin_error'), null);
  },
);

test.serial("the provider's signing key rotates and signing in and refreshing go on", async (t) => {
  t.timeout(120_000);
  const first = idp.signingKid();
  const { ctx } = await signIn('alice');
  // Which key signed each ID token the service received.
  const kids: string[] = [];
  idp.tamper(async (tok) => {
    kids.push(String(decodeProtectedHeader(tok).kid));
    return tok;
  });
  try {
    await idp.rotate('publish');
    t.is((await signIn('alice')).url.searchParams.get('signin_error'), null);
    // Signing with the new key at once, unannounced to the service (its copy of the keys is
    // older): the token names a key it does not know, so it reads the keys again.
    await idp.rotate('switch');
    t.not(idp.signingKid(), first);
    t.is((await signIn('alice')).url.searchParams.get('signin_error'), null);
    await idp.rotate('retire');
    // A login from before the rotation refreshes, with an ID token signed by the new key.
    const r = await consoleRefresh(ctx);
    t.is(r.status, 200, JSON.stringify(r.body));
    t.is((await signIn('alice')).url.searchParams.get('signin_error'), null);
  } finally {
    idp.tamper(null);
  }
  t.deepEqual(kids, [first, idp.signingKid(), idp.signingKid(), idp.signingKid()]);
});

test.serial('the CLI signs in with the device grant: a code entered in any browser', async (t) => {
  t.timeout(120_000);
  const configDir = `/tmp/surveyor-idp-cli-${process.pid}`;
  const env = cleanEnv({ SURVEYOR_CONFIG_DIR: configDir });
  const server = api.base.replace(/\/api\/v2$/, '');
  const login = runCli(['login', '--server', server, '--identity-provider'], env);
  const [, where] = await login.waitFor(/open (\S+) in a browser/, 30_000);
  const page = await (await browser.newContext()).newPage();
  await page.goto(where!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await atProvider(page, 'alice');
  await page.getByRole('heading', { name: 'Signed in' }).waitFor();
  t.is(await login.exited(60_000), 0, login.output());
  t.regex(login.output(), /logged in to .* as alice/);
  const whoami = runCli(['whoami', '--server', server], env);
  t.is(await whoami.exited(), 0, whoami.output());
  t.regex(whoami.output(), /^alice \(viewer\)/m);
  // The handle is spent: polling it again is refused.
  const stale = await api.call('POST', '/auth/oidc/device/token', { body: { handle: 'x'.repeat(43) } });
  t.is(stale.status, 401);
});

test.serial('the Python client signs in through the provider with the device grant', async (t) => {
  t.timeout(120_000);
  const python = process.env['SURVEYOR_CLIENT_PYTHON'];
  if (!python)
    return t.fail('SURVEYOR_CLIENT_PYTHON is not set: scripts/test sets it up (scripts/lib/pytools.sh)');
  const script = [
    'import os',
    'from surveyor_client import Surveyor',
    's = Surveyor.sign_in(os.environ["SURVEYOR_URL"], show=lambda m: print(m, flush=True))',
    'print("signed in as", s.whoami()["username"], flush=True)',
  ].join('\n');
  const child = spawn(python, ['-c', script], {
    env: { ...process.env, SURVEYOR_URL: api.base.replace(/\/api\/v2$/, '') },
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let where: string | undefined;
  for (let i = 0; i < 300 && where === undefined; i++) {
    where = /open (\S+) and enter the code/.exec(out)?.[1];
    if (where === undefined) await new Promise((r) => setTimeout(r, 100));
  }
  t.truthy(where, out);
  const page = await (await browser.newContext()).newPage();
  await page.goto(where!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await atProvider(page, 'alice');
  await page.getByRole('heading', { name: 'Signed in' }).waitFor();
  t.is(await exited, 0, out);
  t.regex(out, /^signed in as alice$/m);
});

test.serial("the console's button signs in through the provider, and says why when it cannot", async (t) => {
  t.timeout(120_000);
  const origin = api.base.replace(/\/api\/v2$/, '');
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/#/sources`);
  await page.getByRole('link', { name: 'Sign in with the test provider' }).click();
  await atProvider(page, 'alice');
  // Back where it was, signed in as that person (the console's own refresh, from the cookie).
  await page.getByRole('heading', { level: 1, name: 'Sources' }).waitFor();
  t.is(new URL(page.url()).hash, '#/sources');
  t.is(await page.locator('.who a').first().textContent(), 'alice');

  const refused = await (await browser.newContext()).newPage();
  await refused.goto(`${origin}/#/overview`);
  await refused.getByRole('link', { name: 'Sign in with the test provider' }).click();
  await atProvider(refused, 'carol');
  await refused.getByRole('alert').filter({ hasText: 'None of your groups' }).waitFor();
  // The address is cleaned of the reason, so a reload does not say it again.
  t.is(new URL(refused.url()).search, '');
});

test.serial(
  'with SERVICE_OIDC_ACCOUNT_ROLE=none an account made at sign-in reads only what its groups give',
  async (t) => {
    t.timeout(120_000);
    const port = await freePort();
    const other = await startTestApi({
      ...idp.env(`http://127.0.0.1:${port}`),
      SERVICE_PORT: String(port),
      SERVICE_OIDC_ACCOUNT_ROLE: 'none',
    });
    try {
      await prepareProject(other, ['HIPASSJ0001-23']);
      const map = runCli(
        ['identity', 'map', '--group', wallabyGroup, '--project', 'wallaby_hires', '--role', 'viewer'],
        cleanEnv({ DATABASE_URL: other.container.get<Config>(TYPES.Config).DATABASE_URL! }),
      );
      t.is(await map.exited(), 0, map.output());
      const ctx = await quietContext();
      const page = await ctx.newPage();
      await page.goto(`${other.base}/auth/oidc/start`);
      await atProvider(page, 'alice');
      await page.waitForURL((u) => u.pathname === '/' && u.hash !== '', { timeout: 20_000 });
      const r = await ctx.request.post(`${other.base}/auth/console-session/refresh`);
      const token = ((await r.json()) as { access_token: string }).access_token;
      const me = (await other.call('GET', '/auth/me', { token })).body as Record<string, unknown>;
      t.is(me['role'], 'none');
      t.deepEqual(me['project_roles'], { wallaby_hires: 'viewer' });
      const listed = await other.call('GET', '/executions?project_module=wallaby_hires', { token });
      t.is(listed.status, 200, listed.text);
      t.is((await other.call('GET', '/executions', { token })).status, 403);
    } finally {
      await other.close();
    }
  },
);

test.serial('without a provider configured the routes say so', async (t) => {
  const plain = await startTestApi();
  try {
    const info = await plain.call('GET', '/auth/oidc');
    t.deepEqual(info.body, { enabled: false, label: null, issuer: null });
    const device = await plain.call('POST', '/auth/oidc/device');
    t.is(device.status, 404);
    t.regex(device.text, /no identity provider/);
  } finally {
    await plain.close();
  }
});
