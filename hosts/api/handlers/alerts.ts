import * as E from 'fp-ts/lib/Either.js';
import type { DeliveryState } from '../../../core/domain/alerting.js';
import { channelInputOf, ruleInputOf } from '../../../schema/api/alerts.js';
import { actorOf, answer, type Handler, pageOf } from '../handler.js';

type Body<F extends (b: never) => unknown> = Parameters<F>[0];

const logged =
  (what: string, op: Handler): Handler =>
  async (ctx) => {
    const r = await op(ctx);
    if (!('error' in r))
      ctx.log.info(
        { id: ctx.params['id'] ?? (r as { body: { id?: string } }).body?.id, by: ctx.principal?.username },
        what,
      );
    return r;
  };

export const createChannelHandler = logged('notification channel created', async (ctx) =>
  answer(await ctx.app.alerts.channels.create(channelInputOf(ctx.body as Body<typeof channelInputOf>)), 201),
);
export const listChannelsHandler: Handler = async (ctx) =>
  answer(await ctx.app.alerts.channels.list(pageOf(ctx)));
export const getChannelHandler: Handler = async (ctx) =>
  answer(await ctx.app.alerts.channels.get(ctx.params['id']!));
export const replaceChannelHandler = logged('notification channel replaced', async (ctx) =>
  answer(
    await ctx.app.alerts.channels.replace(
      ctx.params['id']!,
      channelInputOf(ctx.body as Body<typeof channelInputOf>),
    ),
  ),
);
export const setChannelEnabledHandler = logged('notification channel enabled or disabled', async (ctx) =>
  answer(
    await ctx.app.alerts.channels.setEnabled(ctx.params['id']!, (ctx.body as { enabled: boolean }).enabled),
  ),
);
export const deleteChannelHandler = logged('notification channel deleted', async (ctx) =>
  answer(await ctx.app.alerts.channels.delete(ctx.params['id']!)),
);

/** A test gives up within its phases' timeouts; this bounds the whole request besides. */
const testTimeoutMs = 60_000;

export const testChannelHandler: Handler = async (ctx) => {
  const r = await ctx.app.alerts.channels.test(
    ctx.params['id']!,
    ctx.principal!.username,
    AbortSignal.timeout(testTimeoutMs),
  );
  if (E.isRight(r))
    ctx.log.info(
      {
        channel_id: ctx.params['id'],
        ok: r.right.ok,
        status: r.right.last_status,
        by: ctx.principal?.username,
      },
      'notification channel tested',
    );
  return answer(r);
};

export const createRuleHandler = logged('alert rule created', async (ctx) =>
  answer(
    await ctx.app.alerts.rules.create(ruleInputOf(ctx.body as Body<typeof ruleInputOf>), actorOf(ctx).role),
    201,
  ),
);
export const listRulesHandler: Handler = async (ctx) => answer(await ctx.app.alerts.rules.list(pageOf(ctx)));
export const getRuleHandler: Handler = async (ctx) =>
  answer(await ctx.app.alerts.rules.get(ctx.params['id']!));
export const replaceRuleHandler = logged('alert rule replaced', async (ctx) =>
  answer(
    await ctx.app.alerts.rules.replace(
      ctx.params['id']!,
      ruleInputOf(ctx.body as Body<typeof ruleInputOf>),
      actorOf(ctx).role,
    ),
  ),
);
export const setRuleEnabledHandler = logged('alert rule enabled or disabled', async (ctx) =>
  answer(
    await ctx.app.alerts.rules.setEnabled(
      ctx.params['id']!,
      (ctx.body as { enabled: boolean }).enabled,
      actorOf(ctx).role,
    ),
  ),
);
export const deleteRuleHandler = logged('alert rule deleted', async (ctx) =>
  answer(await ctx.app.alerts.rules.delete(ctx.params['id']!, actorOf(ctx).role)),
);

export const listDeliveriesHandler: Handler = async (ctx) =>
  answer(
    await ctx.app.alerts.deliveries.list(
      {
        state: ctx.query['state'] as DeliveryState | undefined,
        ruleId: ctx.query['rule_id'] as string | undefined,
        channelId: ctx.query['channel_id'] as string | undefined,
      },
      pageOf(ctx),
    ),
  );
export const getDeliveryHandler: Handler = async (ctx) =>
  answer(await ctx.app.alerts.deliveries.get(ctx.params['id']!));

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const alertHandlers: Readonly<Record<string, Handler>> = {
  createChannel: createChannelHandler,
  listChannels: listChannelsHandler,
  getChannel: getChannelHandler,
  replaceChannel: replaceChannelHandler,
  setChannelEnabled: setChannelEnabledHandler,
  deleteChannel: deleteChannelHandler,
  testChannel: testChannelHandler,
  createRule: createRuleHandler,
  listRules: listRulesHandler,
  getRule: getRuleHandler,
  replaceRule: replaceRuleHandler,
  setRuleEnabled: setRuleEnabledHandler,
  deleteRule: deleteRuleHandler,
  listDeliveries: listDeliveriesHandler,
  getDelivery: getDeliveryHandler,
};
