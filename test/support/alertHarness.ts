// A harness project with one webhook channel and one alert rule, for the alert rule suites
// (unit/alertRules*): deterministic and without a network (RecordingNotifier).
import { admin, prepared, right } from './harnessProject.js';

export const signing = 'harness-signing-secret-0123';

/** The project with `identifiers` discovered, a channel, the rule, and `run`: an execution of one source executed. */
export const alertSetup = async (identifiers: string[], rule: Record<string, unknown>) => {
  const p = await prepared(identifiers);
  const channel = right(
    await p.h.alerts.channels.create({
      kind: 'webhook',
      name: 'ops-hook',
      url: 'https://hooks.example.org/services/T0/B0/secret-path',
      signing_secret: signing,
    }),
  );
  const r = right(await p.h.alerts.rules.create({ name: 'r', channels: [channel.id], ...rule } as never));
  const run = async (ident: string) => {
    const id = right(
      await p.h.executions.create(
        { project_module: p.module, archive_name: 'casda', sources: [{ source_identifier: ident }] },
        { by: admin.username },
      ),
    ).execution.uuid;
    right(await p.h.executions.execute(id, {}, admin.username));
    return id;
  };
  return { ...p, channel, rule: r, run };
};

/** A rule's deliveries, newest first. */
export const deliveriesOf = async (h: Awaited<ReturnType<typeof alertSetup>>['h'], ruleId: string) =>
  right(await h.alerts.deliveries.list({ ruleId })).items;
