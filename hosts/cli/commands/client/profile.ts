import { uuidPattern } from '../../../../core/domain/idPrefix.js';
import { readFileSync } from 'node:fs';
import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand, table, UsageError } from '../../client/clientCommand.js';
import { EventsCommand } from '../../client/eventList.js';
import { aheadTime } from '../../client/since.js';

interface ProfileView {
  id: string;
  name: string;
  project_module: string | null;
  is_default: boolean;
  deployment: { kind?: string };
  version: number;
  paused: PauseView | null;
}

/** A pause as the API shows it (DeploymentProfilePause). */
export interface PauseView {
  at: string;
  by: string;
  reason: string;
  from: string;
  until: string | null;
  holding: boolean;
  waiting: number;
}

/** A pause's window in words: `since T` (or `from T`, ahead), and `until T` when it ends by itself. */
export const pauseWindow = (p: Pick<PauseView, 'from' | 'until' | 'holding'>): string =>
  `${p.holding ? 'since' : 'from'} ${p.from}${p.until === null ? '' : ` until ${p.until}`}`;

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
        ['NAME', 'SCOPE', 'KIND', 'DEFAULT', 'VERSION', 'PAUSED', 'ID'],
        ...items.map((p) => [
          p.name,
          p.project_module ?? '(global)',
          p.deployment.kind ?? '',
          p.is_default ? 'yes' : '',
          String(p.version),
          p.paused
            ? `${pauseWindow(p.paused)}${p.paused.holding ? ` (${p.paused.waiting} waiting)` : ''}`
            : '',
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
    return this.json(await api.request('GET', profilePath(id)));
  }
}

const profilePath = (id: string, rest = '') => `/deployment-profiles/${encodeURIComponent(id)}${rest}`;

/** The profile a command names (by id, or by name as `profile show` finds it); unknown is said. */
const namedProfile = async (api: ApiClient, ref: string, project: string | undefined): Promise<string> => {
  const id = await profileIdOf(api, ref, project);
  if (id === undefined) throw new UsageError(noProfileNamed(ref, project));
  return id;
};

export class ProfileReplaceCommand extends ReadCommand {
  static override paths = [['profile', 'replace']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Replace a deployment profile with a JSON file; existing executions keep their snapshot',
    details: `
      The file holds what PUT /deployment-profiles/{id} takes, as for profile add. The version
      goes up by one, and the profile's events name the fields that changed. Code fields (modules,
      venv, exec_prefix, batch_template) and global profiles need an admin.
    `,
    examples: [['Replace', 'surveyor profile replace mock-dim mock-dim.json --project wallaby_hires']],
  });

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });
  file = Option.String({ required: true, name: 'FILE' });
  project = Option.String('--project', { description: 'The module whose profile NAME is' });

  protected async run(api: ApiClient): Promise<number> {
    const body = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
    const id = await namedProfile(api, this.ref, this.project);
    const p = await api.request<ProfileView>('PUT', profilePath(id), { body });
    if (this.asJson) return this.json(p);
    this.out(`profile ${p.name} replaced (version ${p.version})`);
    return exitCodes.ok;
  }
}

export class ProfileDeleteCommand extends ReadCommand {
  static override paths = [['profile', 'delete']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Delete a deployment profile (a global one: admins); executions keep their snapshot',
  });

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });
  project = Option.String('--project', { description: 'The module whose profile NAME is' });

  protected async run(api: ApiClient): Promise<number> {
    const id = await namedProfile(api, this.ref, this.project);
    const r = await api.request('DELETE', profilePath(id));
    if (this.asJson) return this.json(r);
    this.out(`profile ${this.ref} deleted`);
    return exitCodes.ok;
  }
}

export class ProfileEventsCommand extends EventsCommand {
  static override paths = [['profile', 'events']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      "A profile's events (created, replaced with the fields that changed, deleted), oldest first (--last N)",
  });

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });
  project = Option.String('--project', { description: 'The module whose profile NAME is' });

  protected async streamPath(api: ApiClient): Promise<string> {
    return profilePath(await namedProfile(api, this.ref, this.project), '/events');
  }
}

export class ProfilePauseCommand extends ReadCommand {
  static override paths = [['profile', 'pause']];
  static override usage = Command.Usage({
    category: 'Client',
    description: 'Pause a deployment profile, now or for a window ahead: runs that would submit with it wait',
    details: `
      For a backend down for maintenance, or misbehaving. While the pause holds, every execution that
      would submit with the profile waits, and its status gives your reason: one not yet admitted
      stays pending, one already staging waits before its translation or submit. Runs on the backend
      go on, and a dry run is not held. \`--from\` sets the window ahead (runs go on until then) and
      \`--until\` ends it by itself; without \`--until\` it lasts until \`profile resume\`, which also
      ends a window early or calls one off. Times: a date-time with its offset, or a span from now
      (90m, 12h, 3d). A profile has one pause at a time: \`--replace\` puts this one in place of the
      one it has (a window that runs over), in one step, so that no run slips through in between.
    `,
    examples: [
      [
        'Now, until resumed',
        'surveyor profile pause setonix --project wallaby_hires --reason "DIM misbehaving"',
      ],
      [
        'A maintenance window announced ahead',
        'surveyor profile pause setonix --project wallaby_hires --reason "Setonix maintenance" --from 2026-12-01T08:00+08:00 --until 2026-12-01T18:00+08:00',
      ],
      [
        'The window runs over',
        'surveyor profile pause setonix --project wallaby_hires --reason "Setonix maintenance, extended" --until 3h --replace',
      ],
    ],
  });

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });
  reason = Option.String('--reason', {
    required: true,
    description: 'Why (shown to others)',
  });
  from = Option.String('--from', { description: 'When it begins (default: now)' });
  until = Option.String('--until', { description: 'When it ends by itself (default: when resumed)' });
  replace = Option.Boolean('--replace', false, {
    description: 'In place of the pause it has (default: refused while one holds or is ahead)',
  });
  project = Option.String('--project', { description: 'The module whose profile NAME is' });

  protected async run(api: ApiClient): Promise<number> {
    const from = this.from === undefined ? undefined : aheadTime('--from', this.from);
    const until = this.until === undefined ? undefined : aheadTime('--until', this.until);
    const id = await namedProfile(api, this.ref, this.project);
    const p = await api.request<ProfileView>('POST', profilePath(id, '/pause'), {
      body: { reason: this.reason, from, until, ...(this.replace ? { replace: true } : {}) },
    });
    if (this.asJson) return this.json(p);
    const w = p.paused!;
    this.out(
      `profile ${p.name} paused ${pauseWindow(w)}: runs that would submit with it ${w.holding ? 'wait' : 'will wait'} ${w.until === null ? 'until `surveyor profile resume`' : 'until then'}${w.holding ? ` (${w.waiting} waiting now)` : ''}`,
    );
    return exitCodes.ok;
  }
}

export class ProfileResumeCommand extends ReadCommand {
  static override paths = [['profile', 'resume']];
  static override usage = Command.Usage({
    category: 'Client',
    description:
      "End a profile's pause (or call off one ahead): the runs it held are admitted by the next execution tick",
  });

  ref = Option.String({ required: true, name: 'ID_OR_NAME' });
  project = Option.String('--project', { description: 'The module whose profile NAME is' });

  protected async run(api: ApiClient): Promise<number> {
    const id = await namedProfile(api, this.ref, this.project);
    const p = await api.request<ProfileView>('POST', profilePath(id, '/resume'));
    if (this.asJson) return this.json(p);
    this.out(`profile ${p.name} resumed`);
    return exitCodes.ok;
  }
}
