import { Command, Option } from 'clipanion';
import { exitCodes } from '../../exitCodes.js';
import type { ApiClient } from '../../client/apiClient.js';
import { ReadCommand } from '../../client/clientCommand.js';
import { idOf, jsonFile, type Named, ruleFile } from './alerts.js';

// One channel or rule, by id or name: shown, replaced from a file, deleted; one delivery shown.

type Resource = '/notification-channels' | '/alert-rules';
const kinds = { '/notification-channels': 'channel', '/alert-rules': 'rule' } as const;

const onePath = async (api: ApiClient, resource: Resource, ref: string) =>
  `${resource}/${encodeURIComponent(await idOf(api, resource, ref, kinds[resource]))}`;

abstract class OneRecord extends ReadCommand {
  protected abstract readonly resource: Resource;
  ref = Option.String({ required: true, name: 'ID_OR_NAME' });
}

abstract class ShowRecord extends OneRecord {
  protected async run(api: ApiClient): Promise<number> {
    return this.json(await api.request('GET', await onePath(api, this.resource, this.ref)));
  }
}

abstract class ReplaceRecord extends OneRecord {
  file = Option.String({ required: true, name: 'FILE' });

  /** The file's record as the API takes it. */
  protected bodyOf(_api: ApiClient): Promise<unknown> {
    return Promise.resolve(jsonFile(this.file));
  }

  protected async run(api: ApiClient): Promise<number> {
    const body = await this.bodyOf(api);
    this.issueFile = this.file;
    const r = await api.request<Named>('PUT', await onePath(api, this.resource, this.ref), { body });
    if (this.asJson) return this.json(r);
    this.out(`${kinds[this.resource]} ${r.name} replaced`);
    return exitCodes.ok;
  }
}

abstract class DeleteRecord extends OneRecord {
  protected async run(api: ApiClient): Promise<number> {
    const r = await api.request('DELETE', await onePath(api, this.resource, this.ref));
    if (this.asJson) return this.json(r);
    this.out(`${kinds[this.resource]} ${this.ref} deleted`);
    return exitCodes.ok;
  }
}

const usage = (description: string, details?: string) =>
  Command.Usage({ category: 'Client', description, ...(details ? { details } : {}) });

export class AlertChannelShowCommand extends ShowRecord {
  static override paths = [['alert', 'channel', 'show']];
  static override usage = usage('Print a notification channel (JSON; its secrets are never shown)');
  protected readonly resource = '/notification-channels';
}

export class AlertChannelReplaceCommand extends ReplaceRecord {
  static override paths = [['alert', 'channel', 'replace']];
  static override usage = usage(
    'Replace a notification channel from a JSON file (admins); secrets left out are kept',
    'The file holds what PUT /notification-channels/{id} takes (as for channel add). A secret left out of it is kept when the kind stays the same.',
  );
  protected readonly resource = '/notification-channels';
}

export class AlertChannelDeleteCommand extends DeleteRecord {
  static override paths = [['alert', 'channel', 'delete']];
  static override usage = usage(
    'Delete a notification channel (admins; refused while rules send to it); its deliveries stay listed',
  );
  protected readonly resource = '/notification-channels';
}

export class AlertRuleShowCommand extends ShowRecord {
  static override paths = [['alert', 'rule', 'show']];
  static override usage = usage('Print an alert rule (JSON)');
  protected readonly resource = '/alert-rules';
}

export class AlertRuleReplaceCommand extends ReplaceRecord {
  static override paths = [['alert', 'rule', 'replace']];
  static override usage = usage(
    "Replace an alert rule from a JSON file (the API's AlertRuleInput, as for rule add)",
    'Channels may be named: the names are turned into ids before the rule is sent.',
  );
  protected readonly resource = '/alert-rules';
  protected override bodyOf(api: ApiClient): Promise<unknown> {
    return ruleFile(api, this.file);
  }
}

export class AlertRuleDeleteCommand extends DeleteRecord {
  static override paths = [['alert', 'rule', 'delete']];
  static override usage = usage('Delete an alert rule; its deliveries stay listed');
  protected readonly resource = '/alert-rules';
}

export class AlertDeliveryShowCommand extends ReadCommand {
  static override paths = [['alert', 'deliveries', 'show']];
  static override usage = usage(
    'Print one alert delivery (JSON): state, attempts, the last answer, when it ended',
    'ID is the one alert deliveries lists last on each line.',
  );

  id = Option.String({ required: true, name: 'ID' });

  protected async run(api: ApiClient): Promise<number> {
    return this.json(await api.request('GET', `/alert-deliveries/${encodeURIComponent(this.id)}`));
  }
}
