import * as E from 'fp-ts/lib/Either.js';
import { type AppError, appError } from '../errors.js';
import {
  type ChannelInput,
  type NotificationChannel,
  type RuleInput,
  viewChannel,
  viewDelivery,
  viewRule,
} from '../domain/alerting.js';
import type { DeliveryFilter } from '../ports/AlertDeliveries.js';
import type { Paged } from '../ports/AlertRepository.js';
import type { AlertDeps } from '../usecases/alerts/alertDeps.js';
import {
  createChannel,
  deleteChannel,
  replaceChannel,
  setChannelEnabled,
} from '../usecases/alerts/saveChannel.js';
import type { Role } from '../domain/roles.js';
import { createRule, deleteRule, replaceRule, setRuleEnabled } from '../usecases/alerts/saveRule.js';
import { testChannel } from '../usecases/alerts/testChannel.js';
import { badCursor, defaultPageSize, type Page, type PageRequest } from './pages.js';

const deleted = { deleted: true as const };

/** A page of a repository's list as the API's page, or the bad-cursor error. */
const pageOf = async <T, V>(
  page: PageRequest,
  read: (limit: number, cursor: string | null) => Promise<Paged<T> | 'bad_cursor'>,
  view: (t: T) => V,
): Promise<E.Either<AppError, Page<V>>> => {
  const p = await read(page.limit ?? defaultPageSize, page.cursor ?? null);
  if (p === 'bad_cursor') return E.left(badCursor);
  return E.right({ items: p.items.map(view), next_cursor: p.nextCursor });
};

/**
 * Alerting: notification channels (an admin's: they decide where the service sends and hold its
 * secrets), alert rules (an operator's; an account_changed rule an admin's) and deliveries (anyone's
 * to read).
 */
export const alertOperations = (d: AlertDeps) => {
  const channelView = (c: NotificationChannel) => viewChannel(c, d.box.open(c.sealedSecrets));
  const viewSaved = E.map((r: { channel: NotificationChannel }) => channelView(r.channel));
  return {
    channels: {
      create: async (input: ChannelInput) => viewSaved(await createChannel(d, input)),
      replace: async (id: string, input: ChannelInput) => viewSaved(await replaceChannel(d, id, input)),
      setEnabled: async (id: string, enabled: boolean) => viewSaved(await setChannelEnabled(d, id, enabled)),
      delete: async (id: string) => E.map(() => deleted)(await deleteChannel(d, id)),
      get: async (id: string) => {
        const c = await d.alerts.getChannel(id);
        return c ? E.right(channelView(c)) : E.left(appError('not_found', `no notification channel ${id}`));
      },
      list: (page: PageRequest = {}) => pageOf(page, (l, c) => d.alerts.pageChannels(l, c), channelView),
      /** Sends a test message now and records it as a delivery of type `test`. */
      test: (id: string, by: string, signal?: AbortSignal) => testChannel(d, id, by, signal),
    },
    rules: {
      // `by`: the caller's role (an account_changed rule is an admin's).
      create: async (input: RuleInput, by: Role) => E.map(viewRule)(await createRule(d, input, by)),
      replace: async (id: string, input: RuleInput, by: Role) =>
        E.map(viewRule)(await replaceRule(d, id, input, by)),
      setEnabled: async (id: string, enabled: boolean, by: Role) =>
        E.map(viewRule)(await setRuleEnabled(d, id, enabled, by)),
      delete: async (id: string, by: Role) => E.map(() => deleted)(await deleteRule(d, id, by)),
      get: async (id: string) => {
        const r = await d.alerts.getRule(id);
        return r ? E.right(viewRule(r)) : E.left(appError('not_found', `no alert rule ${id}`));
      },
      list: (page: PageRequest = {}) => pageOf(page, (l, c) => d.alerts.pageRules(l, c), viewRule),
    },
    deliveries: {
      get: async (id: string) => {
        const x = await d.deliveries.getDelivery(id);
        return x ? E.right(viewDelivery(x)) : E.left(appError('not_found', `no alert delivery ${id}`));
      },
      list: (filter: DeliveryFilter, page: PageRequest = {}) =>
        pageOf(page, (l, c) => d.deliveries.pageDeliveries(filter, l, c), viewDelivery),
    },
  };
};
