import { readFileSync } from 'node:fs';
import { Command, Option } from 'clipanion';
import * as E from 'fp-ts/lib/Either.js';
import { formatDiagnostic, loadProjectYaml } from '../../../schema/project/loadYaml.js';

export class ProjectValidateCommand extends Command {
  static override paths = [['project', 'validate']];
  static override usage = Command.Usage({
    description: 'Validate a project configuration (YAML) offline',
    details: `
      Checks the file as the service would on upload: bounded YAML (size, aliases, depth; one
      document; no custom tags), the schema, and the references between its parts (transforms,
      archives, ADQL placeholders, flags, expressions). Prints one line per problem:
      FILE:LINE:COLUMN: CODE: PATH: MESSAGE. Touches no database or network.

      Exit 0 when valid, 1 when it has problems, 2 when the file cannot be read.
    `,
    examples: [
      [
        'Validate the shipped example',
        'surveyor project validate schema/examples/wallaby_hires.project.yaml',
      ],
    ],
  });

  file = Option.String({ required: true, name: 'FILE' });
  json = Option.Boolean('--json', false, {
    description: 'Print the diagnostics (or the decoded config) as JSON',
  });

  override async execute(): Promise<number> {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (err) {
      this.context.stderr.write(`surveyor: cannot read ${this.file}: ${(err as Error).message}\n`);
      return 2;
    }
    const r = loadProjectYaml(text);
    if (E.isLeft(r)) {
      if (this.json)
        this.context.stdout.write(`${JSON.stringify({ valid: false, diagnostics: r.left }, null, 2)}\n`);
      else for (const d of r.left) this.context.stdout.write(`${formatDiagnostic(this.file, d)}\n`);
      this.context.stderr.write(`${r.left.length} problem(s)\n`);
      return 1;
    }
    if (this.json)
      this.context.stdout.write(`${JSON.stringify({ valid: true, config: r.right }, null, 2)}\n`);
    else
      this.context.stdout.write(
        `${this.file}: valid project configuration for module ${r.right.metadata.module}\n`,
      );
    return 0;
  }
}
