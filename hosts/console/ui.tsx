import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, whenSignedIn } from './api.js';
import { href } from './router.js';

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly reload: () => void;
}

/**
 * Loads `load()` when `key` changes, and again every `everyMs` while the page is visible (live
 * lists). A failed refresh keeps the last data and shows the error beside it.
 */
export const useLoad = <T,>(load: () => Promise<T>, key: string, everyMs = 0): Loaded<T> => {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => setData(undefined), [key]);
  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(undefined);
      },
      (e) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [key, tick]);
  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setTick((t) => t + 1);
    }, everyMs);
    return () => clearInterval(timer);
  }, [key, everyMs]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => whenSignedIn(reload), [reload]);
  return { data, error, reload };
};

export const messageOf = (e: unknown): string =>
  e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e);

interface Issue {
  path?: string;
  message?: string;
  line?: number;
  column?: number;
}

/** An error from the API, with each validation issue (and its line and column when it has them). */
export const ErrorNote = ({ error }: { error: unknown }) => {
  if (!error) return null;
  const issues = error instanceof ApiError ? ((error.details['issues'] as Issue[] | undefined) ?? []) : [];
  return (
    <div class="error" role="alert">
      <p>{messageOf(error)}</p>
      {issues.length > 0 && (
        <ul class="issues">
          {issues.map((i, n) => (
            <li key={n}>
              {i.line !== undefined && (
                <span class="where">
                  line {i.line}
                  {i.column !== undefined ? `, column ${i.column}` : ''}:{' '}
                </span>
              )}
              <code>{i.path}</code> {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

export const Loading = () => (
  <p class="muted" aria-live="polite">
    Loading…
  </p>
);

/** Shows the error, a loading line, or the content once there is data. */
export const Show = <T,>({
  loaded,
  children,
}: {
  loaded: Loaded<T>;
  children: (d: T) => ComponentChildren;
}) => (
  <>
    <ErrorNote error={loaded.error} />
    {loaded.data === undefined ? loaded.error ? null : <Loading /> : children(loaded.data)}
  </>
);

/** An instant as the CLI and the logs write it: UTC, year first, to the second. */
export const timeText = (at: string): string =>
  `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** An instant in UTC (as the CLI prints it); the browser's local time on hover. */
export const Time = ({ at }: { at: string | null | undefined }) =>
  at ? (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {timeText(at)}
    </time>
  ) : (
    <span class="muted">—</span>
  );

/** A pause's window: since (or from, while ahead) its beginning, and until its end when it has one. */
export const PauseWindow = ({
  p,
}: {
  p: { readonly from: string; readonly until: string | null; readonly holding: boolean };
}) => (
  <>
    {p.holding ? 'since' : 'from'} <Time at={p.from} />
    {p.until !== null && (
      <>
        {' '}
        until <Time at={p.until} />
      </>
    )}
  </>
);

export const StateBadge = ({ state }: { state: string }) => <span class={`badge s-${state}`}>{state}</span>;

/** An execution as lists name it: its first 8 characters (what the CLI takes), linked; a dry run says so. */
export const ExecutionLink = ({
  e,
}: {
  e: { readonly uuid: string; readonly do_submit?: boolean | null };
}) => (
  <>
    <a href={href(['executions', e.uuid])}>{e.uuid.slice(0, 8)}</a>
    {e.do_submit === false && <span class="tag">dry run</span>}
  </>
);

export const Page = ({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ComponentChildren;
  children: ComponentChildren;
}) => {
  useEffect(() => {
    document.title = `${title} · surveyor`;
  }, [title]);
  return (
    <section>
      <header class="page-head">
        <h1>{title}</h1>
        <div class="actions">{actions}</div>
      </header>
      {children}
    </section>
  );
};

/** Cursor paging: the cursors of the pages before this one, so Back works too. */
export const usePager = (key: string) => {
  const [stack, setStack] = useState<string[]>([]);
  useEffect(() => setStack([]), [key]);
  const cursor = stack[stack.length - 1];
  return {
    cursor,
    page: stack.length + 1,
    next: (c: string) => setStack((s) => [...s, c]),
    back: () => setStack((s) => s.slice(0, -1)),
  };
};

export const Pager = ({
  pager,
  nextCursor,
}: {
  pager: ReturnType<typeof usePager>;
  nextCursor: string | null | undefined;
}) => (
  <nav class="pager" aria-label="Pages">
    <button type="button" disabled={pager.page === 1} onClick={pager.back}>
      Previous
    </button>
    <span>Page {pager.page}</span>
    <button type="button" disabled={!nextCursor} onClick={() => nextCursor && pager.next(nextCursor)}>
      Next
    </button>
  </nav>
);

/**
 * One action at a time, for a form or a button: `busy` while it runs (a second call meanwhile does
 * nothing, even before the next render), and the error it ended with, for display.
 */
export const useAction = () => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const running = useRef(false);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
};

/**
 * A button that asks first (a modal dialog), then runs `action`; while it runs the button is
 * disabled, so a double click does it once.
 */
export const ConfirmButton = ({
  label,
  question,
  action,
  danger,
  dismiss = 'Keep it',
}: {
  label: string;
  question: string;
  action: () => Promise<unknown>;
  danger?: boolean;
  /** The button that closes the question doing nothing ("Keep it" for a cancel, "Not now" for a run). */
  dismiss?: string;
}) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const { busy, error, run } = useAction();
  const confirm = () => {
    dialog.current?.close();
    void run(action);
  };
  return (
    <>
      <button
        type="button"
        class={danger ? 'danger' : ''}
        disabled={busy}
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      <dialog ref={dialog} aria-label={label}>
        <p>{question}</p>
        <div class="actions">
          <button type="button" onClick={() => dialog.current?.close()}>
            {dismiss}
          </button>
          <button type="button" class={danger ? 'danger' : 'primary'} onClick={confirm}>
            {label}
          </button>
        </div>
      </dialog>
      <ErrorNote error={error} />
    </>
  );
};

/** A labelled form field: the control is the child (a label wrapping its input needs no `for`). */
export const Field = ({
  label,
  children,
  hint,
}: {
  label: string;
  children: ComponentChildren;
  hint?: string;
}) => (
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is among the children
  <label class="field">
    <span>{label}</span>
    {children}
    {hint && <small class="muted">{hint}</small>}
  </label>
);

/** Checks that passed or failed, each with its detail: readiness's dependencies, a profile's ping. */
export const Checks = ({
  label,
  first,
  checks,
}: {
  label: string;
  /** The heading of the name column. */
  first: string;
  checks: readonly { name: string; ok: boolean; detail: string }[];
}) => (
  <table aria-label={label}>
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">Result</th>
        <th scope="col">Detail</th>
      </tr>
    </thead>
    <tbody>
      {checks.map((c) => (
        <tr key={c.name}>
          <td>{c.name}</td>
          <td>
            <StateBadge state={c.ok ? 'ok' : 'down'} />
          </td>
          <td>{c.detail}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

/**
 * A labelled drop-down of `options` (value and label alike, or pairs); `empty` adds a first
 * option with the value '' (All, Default).
 */
export const Choice = ({
  label,
  value,
  options,
  onChange,
  empty,
  hint,
}: {
  label: string;
  value: string;
  options: readonly (string | readonly [string, string])[];
  onChange: (value: string) => void;
  empty?: string;
  hint?: string;
}) => (
  <Field label={label} {...(hint ? { hint } : {})}>
    <select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {empty !== undefined && <option value="">{empty}</option>}
      {options.map((o) => {
        const [v, text] = typeof o === 'string' ? [o, o] : o;
        return (
          <option key={v} value={v}>
            {text}
          </option>
        );
      })}
    </select>
  </Field>
);

/**
 * A region that scrolls. It takes keyboard focus so that keyboard users can scroll it (WCAG 2.1.1;
 * axe's scrollable-region-focusable), and is named for screen readers.
 */
export const Scroll = ({ label, children }: { label: string; children: ComponentChildren }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
  <section class="scroll" aria-label={label} tabIndex={0}>
    {children}
  </section>
);

export const Json = ({ value, label }: { value: unknown; label: string }) => (
  <Scroll label={label}>
    <pre class="json">{JSON.stringify(value, null, 2)}</pre>
  </Scroll>
);

/** A span of seconds as people read it: seconds under two minutes, then minutes, then hours; a dash for none. */
export const durationText = (s: number | null) =>
  s === null
    ? '—'
    : s < 120
      ? `${s.toFixed(1)} s`
      : s < 7200
        ? `${(s / 60).toFixed(1)} min`
        : `${(s / 3600).toFixed(1)} h`;

/** What a JSON editor holds, parsed; its problem said in the form's words when it does not parse. */
export const jsonBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`not valid JSON: ${(e as Error).message}`);
  }
};

/** A labelled editor of code (JSON): monospace, no spell checking. */
export const CodeArea = ({
  label,
  rows,
  value,
  onInput,
}: {
  label: string;
  rows: number;
  value: string;
  onInput: (text: string) => void;
}) => (
  <Field label={label}>
    <textarea
      class="code"
      rows={rows}
      value={value}
      onInput={(e) => onInput(e.currentTarget.value)}
      spellcheck={false}
    />
  </Field>
);
