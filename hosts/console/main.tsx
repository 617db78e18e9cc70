import './base.css';
import './parts.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { get, identityProvider, providerSignInUrl, refresh, signIn, signOut, whenSignedOut } from './api.js';
import { AccountsPage } from './pages/Accounts.js';
import { AlertsPage } from './pages/Alerts.js';
import { ExecutionDetailPage } from './pages/ExecutionDetail.js';
import { ExecutionsPage } from './pages/Executions.js';
import { NewExecutionPage } from './pages/NewExecution.js';
import { OverviewPage } from './pages/Overview.js';
import { PasswordPage } from './pages/Password.js';
import { TokensPage } from './pages/Tokens.js';
import { ProfileDetailPage, ProfilesPage } from './pages/Profiles.js';
import { ProjectsPage } from './pages/Projects.js';
import { SourceDetailPage, SourcesPage } from './pages/Sources.js';
import { UsagePage } from './pages/Usage.js';
import { href, type Route, useRoute } from './router.js';
import { SessionContext } from './session.js';
import type { MeBody } from './types.js';
import { ErrorNote, useAction } from './ui.js';

const nav = [
  ['overview', 'Overview'],
  ['executions', 'Executions'],
  ['sources', 'Sources'],
  ['projects', 'Project configurations'],
  ['profiles', 'Deployment profiles'],
  ['usage', 'Usage'],
  ['alerts', 'Alerts'],
  ['accounts', 'Accounts'],
] as const;

/** Sections only an admin is shown (the API refuses the others their reads). */
const adminOnly: ReadonlySet<string> = new Set(['accounts']);

const PageFor = ({ route }: { route: Route }) => {
  const [section = 'overview', id] = route.path;
  switch (section) {
    case 'executions':
      return id === 'new' ? (
        <NewExecutionPage />
      ) : id ? (
        <ExecutionDetailPage id={id} />
      ) : (
        <ExecutionsPage route={route} />
      );
    case 'sources':
      return id ? <SourceDetailPage id={id} /> : <SourcesPage route={route} />;
    case 'projects':
      return <ProjectsPage route={route} />;
    case 'profiles':
      return id ? <ProfileDetailPage id={id} /> : <ProfilesPage />;
    case 'usage':
      return <UsagePage route={route} />;
    case 'alerts':
      return <AlertsPage />;
    case 'accounts':
      return <AccountsPage route={route} />;
    case 'password':
      return <PasswordPage />;
    case 'tokens':
      return <TokensPage />;
    default:
      return <OverviewPage />;
  }
};

/** Why a sign-in through the identity provider failed, as the callback names it (`signin_error`). */
const providerFailures: Readonly<Record<string, string>> = {
  no_mapped_group:
    'None of your groups at the identity provider is given a role here. Ask an admin of this service.',
  state_replayed: 'That sign-in was finished already. Sign in again.',
  unknown_state: 'That sign-in took too long or is unknown. Sign in again.',
  wrong_browser: 'That sign-in was started in another browser. Sign in again from this one.',
  provider_refused:
    "The identity provider's answer was not accepted. Sign in again; if it happens again, the service's log says why.",
  provider_unreachable: 'The identity provider did not answer. Try again.',
  disabled: 'This account is disabled. Ask an admin.',
};

/** The failure the provider's way back named, read once; the address is cleaned of it. */
const providerFailure = (() => {
  const reason = new URLSearchParams(location.search).get('signin_error');
  if (reason === null) return null;
  history.replaceState(null, '', location.pathname + location.hash);
  return providerFailures[reason] ?? 'Signing in through the identity provider failed. Sign in again.';
})();

/** A server's message starts lower case; the page's sentence does not. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

const SignIn = ({ done, expired, why }: { done: () => void; expired: boolean; why?: string | null }) => {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const [provider, setProvider] = useState<{ readonly label: string } | null>(null);
  useEffect(() => {
    void identityProvider().then(setProvider);
  }, []);
  useEffect(() => {
    if (expired) return;
    document.title = 'Sign in · surveyor';
  }, [expired]);
  const submit = (ev: Event) => {
    ev.preventDefault();
    void run(async () => {
      await signIn(username, password);
      setPassword('');
      done();
    });
  };
  const form = (
    <form class="form" onSubmit={submit}>
      <h1>surveyor</h1>
      {providerFailure && !expired && (
        <p class="error" role="alert">
          {providerFailure}
        </p>
      )}
      {expired && (
        <p class="warn">
          {why ? sentence(why) : 'Your session ended.'} Sign in again to go on where you were.
        </p>
      )}
      <label class="field">
        <span>Username</span>
        <input
          autocomplete="username"
          value={username}
          onInput={(e) => setUsername(e.currentTarget.value)}
          required
        />
      </label>
      <label class="field">
        <span>Password</span>
        <input
          type="password"
          autocomplete="current-password"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          required
        />
      </label>
      <ErrorNote error={error} />
      <button type="submit" class="primary" disabled={busy}>
        Sign in
      </button>
      {provider && (
        <a class="button" href={providerSignInUrl(location.hash || '#/overview')}>
          Sign in with {provider.label}
        </a>
      )}
    </form>
  );
  // Over an open page: a modal dialog (the page below is inert); else the page itself.
  return expired ? (
    <div class="overlay signin" role="dialog" aria-modal="true" aria-label="Sign in again">
      {form}
    </div>
  ) : (
    <main class="signin">{form}</main>
  );
};

const App = () => {
  const route = useRoute();
  // undefined: finding out (a refresh cookie may still hold a login); null: signed out.
  const [me, setMe] = useState<MeBody | null | undefined>(undefined);
  // The login ended under an open page: sign-in shows over it, so the page and what was typed in
  // it stay as they were.
  // false: live; else why it ended (null: the server did not say).
  const [ended, setEnded] = useState<false | { why: string | null }>(false);
  const loadMe = async () => {
    setMe(await get<MeBody>('/auth/me'));
    setEnded(false);
  };
  useEffect(() => {
    whenSignedOut((because) => setEnded({ why: because }));
    refresh().then(
      (ok) => (ok ? loadMe().catch(() => setMe(null)) : setMe(null)),
      () => setMe(null),
    );
  }, []);
  if (me === undefined)
    return (
      <main class="signin">
        <p class="muted">Loading…</p>
      </main>
    );
  if (me === null) return <SignIn expired={false} done={() => loadMe().catch(() => setMe(null))} />;
  const section = route.path[0] ?? 'overview';
  return (
    <SessionContext.Provider value={me}>
      <header class="top" inert={ended !== false}>
        <a class="brand" href="#/overview">
          surveyor
        </a>
        <nav aria-label="Sections">
          {nav
            .filter(([path]) => me.role === 'admin' || !adminOnly.has(path))
            .map(([path, label]) => (
              <a key={path} href={href([path])} aria-current={section === path ? 'page' : undefined}>
                {label}
              </a>
            ))}
        </nav>
        <div class="who">
          <span>
            <a
              href={href(['password'])}
              title="Your password"
              aria-current={section === 'password' ? 'page' : undefined}
            >
              {me.username}
            </a>{' '}
            <span class="tag">{me.role}</span>{' '}
            <a
              href={href(['tokens'])}
              title="Your API tokens"
              aria-current={section === 'tokens' ? 'page' : undefined}
            >
              tokens
            </a>
          </span>
          <button
            type="button"
            onClick={async () => {
              await signOut().catch(() => undefined);
              setEnded(false);
              setMe(null);
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main inert={ended !== false}>
        {me.role === 'none' && (
          <p class="warn">
            Your account has no role of its own: the console shows the projects you hold a role for (
            {Object.entries(me.project_roles)
              .map(([m, r]) => `${m}: ${r}`)
              .join(', ') || 'none yet'}
            ).
          </p>
        )}
        <PageFor route={route} />
      </main>
      {ended && <SignIn expired why={ended.why} done={() => loadMe().catch(() => setMe(null))} />}
    </SessionContext.Provider>
  );
};

render(<App />, document.getElementById('app')!);
