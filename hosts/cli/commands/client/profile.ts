import { uuidPattern } from '../../../../core/domain/idPrefix.js';
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

/**
 * A profile's id from an id, or from a name: the project's profile of that name (with a module),
 * else the global one, as executions resolve names. Undefined when there is none.
 */
export const profileIdOf = async (
  api: ApiClient,
  ref: string,
  project: string | undefined,
): Promise<string | undefined> => {
  if (uuidPattern.test(ref)) return ref;
  const named = (await allProfiles(api, project)).filter((p) => p.name === ref);
  return (
    named.find((p) => p.project_module === (project ?? null)) ?? named.find((p) => p.project_module === null)
  )?.id;
};

export const noProfileNamed = (ref: string, project: string | undefined) =>
  `no profile ${ref}${project ? ` in ${project} or global` : ' among the global ones (give --project for a project profile)'}`;

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
    description:
      "Print a deployment profile (by id, or by name: with --project, that project's, else the global one)",
  });

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });
  project = Option.String('--project', { description: 'The module whose profile NAME is' });

  protected async run(api: ApiClient): Promise<number> {
    const id = await profileIdOf(api, this.ref, this.project);
    if (id === undefined) {
      this.context.stderr.write(`surveyor: ${noProfileNamed(this.ref, this.project)}\n`);
      return exitCodes.failure;
    }
    return this.json(await api.request('GET', `/deployment-profiles/${encodeURIComponent(id)}`));
  }
}
