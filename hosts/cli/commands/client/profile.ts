import { readFileSync } from 'node:fs';
import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand, table } from '../../client/clientCommand.js';

interface ProfileView {
  id: string;
  name: string;
  project_module: string | null;
  is_default: boolean;
  deployment: { kind?: string };
  version: number;
}

const allProfiles = (api: ApiClient, module: string | undefined): Promise<ProfileView[]> =>
  api.all<ProfileView>('/deployment-profiles', { project_module: module }, 500);

export class ProfileAddCommand extends ReadCommand {
  static override paths = [['profile', 'add']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "Create a deployment profile from a JSON file (the API's DeploymentProfileInput)",
    details: `
      The file holds what POST /deployment-profiles takes: name, translation, deployment and,
      optionally, description, project_module and is_default. Code fields (modules, venv,
      exec_prefix, batch_template) need an admin.
    `,
    examples: [['Add', 'surveyor profile add mock-dim.json']],
  });

  file = Option.String({ required: true, name: 'FILE' });

  protected async run(api: ApiClient): Promise<number> {
    const body = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
    const p = await api.request<ProfileView>('POST', '/deployment-profiles', { body });
    if (this.asJson) return this.json(p);
    this.out(`profile ${p.name} created (${p.id})`);
    return exitCodes.ok;
  }
}

export class ProfileListCommand extends ReadCommand {
  static override paths = [['profile', 'list']];
  static override usage = Command.Usage({
    category: 'Client',
    description: "List deployment profiles (a project's and the global ones with --project)",
  });

  project = Option.String('--project', { description: 'Only this module and the global profiles' });

  protected async run(api: ApiClient): Promise<number> {
    const items = await allProfiles(api, this.project);
    if (this.asJson) return this.json(items);
    this.out(
      table([
        ['NAME', 'SCOPE', 'KIND', 'DEFAULT', 'VERSION', 'ID'],
        ...items.map((p) => [
          p.name,
          p.project_module ?? '(global)',
          p.deployment.kind ?? '',
          p.is_default ? 'yes' : '',
          String(p.version),
          p.id,
        ]),
      ]),
    );
    return exitCodes.ok;
  }
}

export class ProfileShowCommand extends ReadCommand {
  static override paths = [['profile', 'show']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Print a deployment profile (by id, or by name with --project for a project one)',
  });

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });
  project = Option.String('--project', { description: 'The module whose profile NAME is' });

  protected async run(api: ApiClient): Promise<number> {
    const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(this.ref);
    const id = isId
      ? this.ref
      : (await allProfiles(api, this.project)).find(
          (p) => p.name === this.ref && p.project_module === (this.project ?? null),
        )?.id;
    if (id === undefined) {
      this.context.stderr.write(
        `surveyor: no profile named ${this.ref}${this.project ? ` in ${this.project}` : ' (global)'}\n`,
      );
      return exitCodes.failure;
    }
    return this.json(await api.request('GET', `/deployment-profiles/${encodeURIComponent(id)}`));
  }
}
