// What the alert delivery suites (integration/alertDelivery, integration/alertNotices) share: the
// API in this process, a real `surveyor worker` as a child process, a real webhook receiver and a
// real SMTP server (support/alertPeers.ts), and helpers that make channels and rules and wait for
// a rule's deliveries to settle. Events recorded by the service become deliveries on the worker's
// alert tick, and the worker sends them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestFn } from 'ava';
import type { EventLog } from '../../core/ports/EventLog.js';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startReceiver, startSmtp } from './alertPeers.js';
import { startTestApi, type TestApi } from './api.js';
import { fastWorkerEnv, type Running, runCli } from './child.js';
import { until } from './until.js';

export const signing = 'delivery-signing-secret-0123456789';
const secretsKey = 'alert-delivery-test-secrets-key-0123456789';

export type Delivery = {
  id: string;
  state: string;
  attempts: number;
  suppressed: number;
  last_status: number | null;
};

export interface DeliverySession {
  api: TestApi;
  /** Access tokens of an admin and an operator. */
  admin: string;
  op: string;
  receiver: Awaited<ReturnType<typeof startReceiver>>;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** The worker; a test may stop it and start its own with `env`. */
  worker: Running | undefined;
  env: NodeJS.ProcessEnv;
}

/** Registers the session's hooks on `test`; its fields are set before the first test runs. */
export const deliverySession = (test: TestFn) => {
  const d = {} as DeliverySession;
  test.serial.before(async () => {
    d.api = await startTestApi({ SERVICE_SECRETS_KEY: secretsKey });
    d.admin = await d.api.tokenFor('deliver-admin', 'admin');
    d.op = await d.api.tokenFor('deliver-op', 'operator');
    d.receiver = await startReceiver(signing);
    d.smtp = await startSmtp('alerts', 'smtp-password-42');
    d.env = fastWorkerEnv(
      d.api.container.get<Config>(TYPES.Config).DATABASE_URL!,
      mkdtempSync(join(tmpdir(), 'surveyor-alerts-')),
      {
        SERVICE_SECRETS_KEY: secretsKey,
        SERVICE_ALERT_TICK_SECONDS: '1',
        SERVICE_ALERT_TIMEOUT_SECONDS: '2',
        SERVICE_JOB_RETRY_BASE_SECONDS: '1',
        SERVICE_JOB_RETRY_CAP_SECONDS: '2',
        SERVICE_WORKER_STALE_SECONDS: '3',
        SERVICE_WORKER_HEARTBEAT_SECONDS: '1',
      },
    );
    d.worker = runCli(['worker'], d.env);
    await d.worker.waitFor(/worker started|scheduler/i, 30_000);
  });
  test.after.always(async () => {
    d.worker?.child.kill('SIGKILL');
    await d.receiver?.close();
    await d.smtp?.close();
    await d.api?.close();
  });
  const post = async (path: string, body: unknown, token = d.admin) => {
    const r = await d.api.call('POST', path, { body, token });
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${r.text}`);
    return r.body as { id: string };
  };
  const hook = (name: string, url = d.receiver.url) =>
    post('/notification-channels', { kind: 'webhook', name, url, signing_secret: signing });
  const failedRule = (name: string, channels: string[], project: string) =>
    post(
      '/alert-rules',
      { kind: 'execution_ended', name, channels, project_module: project, cooldown_minutes: 30 },
      d.op,
    );

  /** Records an execution's end as the pipeline does (through the event log, with its outbox row). */
  const executionFailed = (project: string, executionId: string) =>
    d.api.container.get<EventLog>(TYPES.Events).append(
      {
        projectModule: project,
        subjectType: 'execution',
        subjectId: executionId,
        kind: 'execution.failed',
        payload: { attempt: 1, error: 'graph failed: 3 drops in error', remote_state: 'error' },
        actor: null,
      },
      new Date(),
    );

  const deliveries = async (ruleId: string): Promise<Delivery[]> =>
    (
      (await d.api.call('GET', `/alert-deliveries?rule_id=${ruleId}`, { token: d.op })).body as {
        items: Delivery[];
      }
    ).items;
  const settled = async (ruleId: string, n = 1, ms = 30_000) => {
    try {
      await until(
        'the deliveries of the rule to settle',
        async () => {
          const d = await deliveries(ruleId);
          return d.length >= n && d.every((x) => x.state !== 'pending');
        },
        ms,
      );
    } catch (err) {
      throw new Error(
        `${(err as Error).message}: ${JSON.stringify(await deliveries(ruleId))}; worker:\n${d.worker?.output().slice(-3000)}`,
      );
    }
    return deliveries(ruleId);
  };
  return { d, post, hook, failedRule, executionFailed, deliveries, settled };
};
