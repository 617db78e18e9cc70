import { Command, Option } from 'clipanion';
import { exitCodes } from '../exitCodes.js';
import { ApiError, type ApiClient, UnreachableError } from './apiClient.js';
import { CredentialsError } from './credentials.js';
import { loggedIn } from './session.js';

/** The command line asks for something that cannot be done as written (exit 2). */
export class UsageError extends Error {}

/**
 * A command that calls a running surveyor's REST API as the logged-in user (`surveyor login`).
 * It never opens the database: every rule runs in the server.
 */
export abstract class ClientCommand extends Command {
  server = Option.String('--server', {
    description: 'The server URL (default: SURVEYOR_URL, else the one logged in to)',
  });
  timeout = Option.String('--timeout', '30', { description: 'Seconds to wait for each answer' });

  protected abstract run(api: ApiClient): Promise<number>;

  /** The client `run` gets: logged in as `surveyor login` left it (login itself overrides this). */
  protected connect(timeoutMs: number): Promise<ApiClient> {
    return loggedIn(this.server, timeoutMs);
  }

  /**
   * What Ctrl-C says and the exit code it leaves. A client command holds nothing to stop cleanly
   * (its work is the server's), so it does not go through the service's shutdown, which logs.
   */
  protected interrupted(): { message?: string; code: number } {
    return { code: exitCodes.interrupted };
  }

  override async execute(): Promise<number> {
    process.removeAllListeners('SIGINT');
    process.once('SIGINT', () => {
      const { message, code } = this.interrupted();
      if (message) this.context.stderr.write(`\nsurveyor: ${message}\n`);
      process.exit(code);
    });
    try {
      const timeoutS = Number(this.timeout);
      if (!Number.isFinite(timeoutS) || timeoutS <= 0 || timeoutS > 3600)
        throw new UsageError('--timeout must be seconds between 0 and 3600');
      return await this.run(await this.connect(timeoutS * 1000));
    } catch (err) {
      return this.fail(err);
    }
  }

  protected out(line: string): void {
    this.context.stdout.write(`${line}\n`);
  }

  protected json(value: unknown): number {
    this.out(JSON.stringify(value, null, 2));
    return exitCodes.ok;
  }

  /** The file a command sent, whose problems the server names by line and column. */
  protected issueFile: string | undefined;

  /** Prints what went wrong in words, with the server's field issues, and picks the exit code. */
  protected fail(err: unknown): number {
    const say = (s: string) => this.context.stderr.write(`surveyor: ${s}\n`);
    if (err instanceof UsageError) {
      say(err.message);
      return exitCodes.usage;
    }
    if (err instanceof CredentialsError || err instanceof UnreachableError) say(err.message);
    else if (err instanceof ApiError) {
      say(`${err.message} (${err.code}, HTTP ${err.status})`);
      const issues = (err.details?.['issues'] ?? []) as {
        path?: string;
        message?: string;
        line?: number;
        column?: number;
      }[];
      for (const i of issues) {
        // Where in the file the problem is, as compilers and `project validate` write it.
        const at =
          typeof i.line !== 'number'
            ? ''
            : this.issueFile
              ? `${this.issueFile}:${i.line}:${i.column}: `
              : `line ${i.line}, column ${i.column}: `;
        const path = i.path && i.path !== '(document)' ? `${i.path}: ` : '';
        this.context.stderr.write(`  ${at}${path}${i.message ?? ''}\n`);
      }
      if (err.status === 401) say('run surveyor login again');
      // A rate limit says how long to wait (429's details and its Retry-After agree).
      const wait = err.details?.['retry_after_seconds'];
      if (typeof wait === 'number')
        say(`try again in ${wait >= 120 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`}`);
    } else say(err instanceof Error ? err.message : String(err));
    return exitCodes.failure;
  }
}

/** A read command: `--json` prints the server's answer as it is. */
export abstract class ReadCommand extends ClientCommand {
  asJson = Option.Boolean('--json', false, { description: "Print the server's answer as JSON" });
}

const aligned = (rows: readonly (readonly string[])[], widths: readonly number[]) =>
  rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');

const widest = (rows: readonly (readonly string[])[], at: readonly number[] = []) =>
  rows[0]?.map((_, i) => Math.max(at[i] ?? 0, ...rows.map((r) => (r[i] ?? '').length))) ?? [];

/** Prints rows as aligned columns. */
export const table = (rows: readonly (readonly string[])[]): string => aligned(rows, widest(rows));

/**
 * A table printed a page at a time: each page's columns are as wide as the widest cell so far, so
 * pages line up unless a later one holds a longer cell (it then widens from there on).
 */
export class PagedTable {
  private widths: number[] = [];
  constructor(private readonly header: readonly string[]) {}
  /** The page's lines; the first page's start with the header. */
  page(rows: readonly (readonly string[])[]): string {
    const first = this.widths.length === 0;
    const all = first ? [this.header, ...rows] : rows;
    if (all.length === 0) return '';
    this.widths = widest(all, this.widths);
    return aligned(all, this.widths);
  }
}
