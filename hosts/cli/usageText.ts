import { nearestNames } from '../../core/domain/nearestNames.js';
import { Cli, Command, type CommandClass, Option } from 'clipanion';
import { exitCodes } from './exitCodes.js';

/** What an option's value is, where its name does not say it (clipanion writes every value `#0`). */
const valueNames: Readonly<Record<string, string>> = {
  '--server': 'URL',
  '--timeout': 'SECONDS',
  '--interval': 'SECONDS',
  '--max-minutes': 'MINUTES',
  '--limit': 'N',
  '--version': 'N',
  '--project': 'MODULE',
  '--graph-dir': 'DIR',
  '--idempotency-key': 'KEY',
  '--password-file': 'FILE',
  '--data-dir': 'DIR',
  '--profile': 'NAME',
  '--archive': 'NAME',
  '--channel': 'ID',
  '--rule': 'ID',
  '--last': 'N',
  '--attempt': 'N',
  '--output': 'FILE',
};

/** `--project #0` -> `--project MODULE`; otherwise the option's own name in capitals. */
export const withValueNames = (text: string): string =>
  text.replace(
    /(--[a-z][a-z0-9-]*) #0/g,
    (_m, name: string) => `${name} ${valueNames[name] ?? name.slice(2).toUpperCase().replace(/-/g, '_')}`,
  );

/** The CLI, its help written with value names instead of clipanion's `#0`. */
export class SurveyorCli extends Cli {
  protected override getUsageByIndex(n: number, opts?: { detailed?: boolean; inlineOptions?: boolean }) {
    const u = super.getUsageByIndex(n, opts);
    return {
      usage: withValueNames(u.usage),
      options: u.options.map((o) => ({ ...o, definition: withValueNames(o.definition) })),
    };
  }
}

/**
 * `surveyor exec --help` (or `surveyor exec`): the commands of one group, each with what it does.
 * Built from the registered commands, so a new one is listed by being registered.
 */
export const groupHelp = (group: string, commands: readonly CommandClass[]): CommandClass => {
  const members = commands
    .filter((c) => c.paths?.some((p) => p.length > 1 && p[0] === group))
    .map((c) => [c.paths!.find((p) => p[0] === group)!.join(' '), c.usage?.description ?? ''] as const);
  const width = Math.max(...members.map(([p]) => p.length));
  const list = members.map(([p, d]) => `surveyor ${p.padEnd(width)}  ${d}`).join('\n');
  return class GroupHelp extends Command {
    static override paths = [[group]];
    static override usage = Command.Usage({
      category: 'Command groups',
      description: `The ${group} commands (each has --help)`,
      // A list keeps a line per command (clipanion joins the lines of a paragraph).
      details: members.map(([p, d]) => `- \`surveyor ${p}\`: ${d}`).join('\n'),
    });

    words = Option.Rest();

    override async execute(): Promise<number> {
      const what = this.words.length > 0 ? `has no command ${this.words.join(' ')}` : 'needs a command';
      this.context.stderr.write(`surveyor ${group} ${what}:\n\n${list}\n\nEach has --help.\n`);
      return exitCodes.usage;
    }
  } as unknown as CommandClass;
};

/**
 * What to say of a first word that is no command nor group (`surveyor exce list`): the nearest
 * ones, not the list of every command; null when the first word is one (clipanion then says what
 * is wrong with the rest).
 */
export const unknownCommandText = (
  args: readonly string[],
  commands: readonly CommandClass[],
): string | null => {
  const word = args[0];
  if (word === undefined || word.startsWith('-')) return null;
  const firsts = [
    ...new Set(commands.flatMap((c) => (c.paths ?? []).map((p) => p[0]).filter((w) => w !== undefined))),
  ];
  if (firsts.includes(word)) return null;
  const groups = new Set(
    commands.flatMap((c) => (c.paths ?? []).filter((p) => p.length > 1).map((p) => p[0])),
  );
  const near = nearestNames(word, firsts, 2, 3);
  const offer =
    near.length === 0
      ? ''
      : `; did you mean ${near.map((n) => (groups.has(n) ? `${n} (surveyor ${n} --help lists its commands)` : n)).join(', or ')}?`;
  return `surveyor: no command ${word}${offer}\nsurveyor --help lists every command.\n`;
};
