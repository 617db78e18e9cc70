import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Command, Option } from 'clipanion';
import * as E from 'fp-ts/lib/Either.js';
import type { ProjectConfig } from '../../../core/domain/projectConfig.js';
import {
  type Diagnostic,
  formatDiagnostic,
  loadProjectYaml,
  locateIn,
} from '../../../schema/project/loadYaml.js';

export class ProjectValidateCommand extends Command {
  static override paths = [['project', 'validate']];
  static override usage = Command.Usage({
    description: 'Validate a project configuration (YAML) offline',
    details: `
      Checks the file as the service would on upload: bounded YAML (size, aliases, depth; one
      document; no custom tags), the schema, and the references between its parts (transforms,
      archives, ADQL placeholders, flags, expressions), and its graph as the upload does: in the
      graph directory, with the pinned sha256, in the OJS schema, every patch matching nodes that
      have the fields it sets (code graph). Prints one line per problem:
      FILE:LINE:COLUMN: CODE: PATH: MESSAGE. Touches no database or network: a graph given by URL
      is not fetched (said on standard error).

      The graph directory is --graph-dir, else SERVICE_GRAPH_DIR, else graphs/ beside FILE.

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
  graphDir = Option.String('--graph-dir', {
    description: 'Where graph.path is resolved (default: SERVICE_GRAPH_DIR, else graphs/ beside FILE)',
  });
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
    const loaded = loadProjectYaml(text);
    const r = E.isLeft(loaded) ? loaded : await this.withGraph(text, loaded.right);
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

  /** The configuration, or its graph's problems at their line and column (code `graph`). */
  private async withGraph(
    text: string,
    config: ProjectConfig,
  ): Promise<E.Either<Diagnostic[], ProjectConfig>> {
    if (config.graph.path === undefined) {
      this.context.stderr.write(`graph.url: not fetched offline; the upload checks it\n`);
      return E.right(config);
    }
    // Loaded here, not at start: the CLI's other commands need no graph store.
    const { graphIssuesIn } = await import('../../composition/projectGraphCheck.js');
    const dir = this.graphDir ?? process.env['SERVICE_GRAPH_DIR'] ?? join(dirname(this.file), 'graphs');
    const issues = await graphIssuesIn(dir, config);
    if (issues.length === 0) return E.right(config);
    const at = locateIn(text);
    return E.left(issues.map((i) => ({ ...at(i.path), path: i.path, code: 'graph', message: i.message })));
  }
}
