// The chaos suite's HTTP client for the API process: it asks again (same request, same
// Idempotency-Key) while the API answers 503 or cannot be reached, as a careful user's script
// would during an outage, and keeps every answer for the secrets scan.

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

export class ChaosClient {
  /** Every response body (login answers excepted: they carry tokens by design). */
  readonly answers: string[] = [];
  token = '';
  /** The tokens logins gave (secrets: only the login answer may carry them). */
  readonly tokens: { name: string; value: string }[] = [];
  /** Answers 503 (or none at all) that were asked again. */
  unavailable = 0;

  constructor(private readonly base: string) {}

  async call(
    method: string,
    path: string,
    init: { body?: unknown; raw?: string; type?: string; key?: string; secret?: boolean } = {},
    patienceMs = 120_000,
  ): Promise<Answer> {
    const end = Date.now() + patienceMs;
    for (let wait = 250; ; wait = Math.min(wait * 2, 3000)) {
      let answer: Answer | null = null;
      try {
        answer = await this.once(method, path, init);
      } catch {
        // No answer at all: the same as a 503 below.
      }
      if (answer && answer.status !== 503) return answer;
      this.unavailable += 1;
      if (Date.now() > end)
        throw new Error(
          `${method} ${path}: no answer but 503 or none for ${patienceMs} ms (${answer?.text})`,
        );
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  private async once(
    method: string,
    path: string,
    init: { body?: unknown; raw?: string; type?: string; key?: string; secret?: boolean },
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.token) headers['Authorization'] = `Bearer ${this.token}`;
    if (init.key) headers['Idempotency-Key'] = init.key;
    let body = init.raw;
    if (init.body !== undefined) body = JSON.stringify(init.body);
    if (body !== undefined) headers['Content-Type'] = init.type ?? 'application/json';
    const res = await fetch(this.base + path, {
      method,
      headers,
      signal: AbortSignal.timeout(15_000),
      ...(body !== undefined ? { body } : {}),
    });
    const text = await res.text();
    if (!init.secret) this.answers.push(text);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, text };
  }

  /** Asks until the answer has one of the `ok` statuses; any other is a failure of the suite. */
  async expect(method: string, path: string, ok: readonly number[], init = {}): Promise<Answer> {
    const a = await this.call(method, path, init);
    if (!ok.includes(a.status)) throw new Error(`${method} ${path}: ${a.status} ${a.text.slice(0, 500)}`);
    return a;
  }

  /** Every item of a paged list (`path` has its query), following `next_cursor` page by page. */
  async all<T>(path: string): Promise<T[]> {
    const items: T[] = [];
    for (let cursor: string | null = null; ; ) {
      const sep = path.includes('?') ? '&' : '?';
      const a = await this.expect(
        'GET',
        `${path}${sep}limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        [200],
      );
      const page = a.body as { items: T[]; next_cursor?: string | null };
      items.push(...page.items);
      cursor = page.next_cursor ?? null;
      if (cursor === null) return items;
    }
  }

  async login(username: string, password: string): Promise<void> {
    const a = await this.call('POST', '/login', { body: { username, password }, secret: true });
    if (a.status !== 200) throw new Error(`login: ${a.status}`);
    const t = a.body as { access_token: string; refresh_token: string };
    this.token = t.access_token;
    this.tokens.push(
      { name: `${username}'s access token`, value: t.access_token },
      { name: `${username}'s refresh token`, value: t.refresh_token },
    );
  }
}
