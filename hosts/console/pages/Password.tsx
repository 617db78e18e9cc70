import { useState } from 'preact/hooks';
import { call } from '../api.js';
import { useMe } from '../session.js';
import { ErrorNote, Field, Page, useAction } from '../ui.js';

/**
 * Your own password: the current one, then the new one twice. Every other login of the account
 * ends (other browsers, the CLI); this one goes on. A wrong current password counts as a failed
 * login, so the page can be refused for a while (the error says how long).
 */
export const PasswordPage = () => {
  const me = useMe();
  const [current, setCurrent] = useState('');
  const [fresh, setFresh] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const differ = again !== '' && again !== fresh;
  const submit = (ev: Event) => {
    ev.preventDefault();
    if (differ) return;
    setDone(null);
    void run(async () => {
      const r = await call<{ logins_ended: number }>('POST', '/auth/password', {
        current_password: current,
        new_password: fresh,
      });
      for (const clear of [setCurrent, setFresh, setAgain]) clear('');
      const n = r.logins_ended;
      setDone(
        `Password set. ${n === 0 ? 'No other login was live.' : `${n} other login${n === 1 ? '' : 's'} ended.`}`,
      );
    });
  };
  return (
    <Page title="Your password">
      <form class="form" onSubmit={submit}>
        {/* The account the password is for, as a password manager expects beside the fields. */}
        <input type="hidden" autocomplete="username" value={me.username} />
        <Field label="Current password">
          <input
            type="password"
            autocomplete="current-password"
            value={current}
            onInput={(e) => setCurrent(e.currentTarget.value)}
            required
          />
        </Field>
        <Field label="New password" hint="At least 12 characters. Your other logins end; this one goes on.">
          <input
            type="password"
            autocomplete="new-password"
            minLength={12}
            value={fresh}
            onInput={(e) => setFresh(e.currentTarget.value)}
            required
          />
        </Field>
        <Field label="New password again">
          <input
            type="password"
            autocomplete="new-password"
            value={again}
            onInput={(e) => setAgain(e.currentTarget.value)}
            aria-invalid={differ}
            required
          />
        </Field>
        {differ && <p class="warn">The two new passwords differ.</p>}
        <ErrorNote error={error} />
        {done && <p role="status">{done}</p>}
        <button type="submit" class="primary" disabled={busy || differ}>
          Set the password
        </button>
      </form>
    </Page>
  );
};
