import type {
  AlertDelivery,
  AlertRule,
  DeliveryState,
  NotificationChannel,
  PlannedDelivery,
  SendOutcome,
} from '../domain/alerting.js';
import type { ProvenanceEvent } from '../domain/event.js';
import type { Lease } from '../domain/job.js';
import type { Paged } from './AlertRepository.js';

/** An event an enabled rule matched when it was recorded (an outbox row), with what rules filter on. */
export interface FiredEvent {
  readonly outboxId: number;
  readonly rule: AlertRule;
  readonly event: ProvenanceEvent;
  /** The execution's profile name, for execution events. */
  readonly profileName: string | null;
}

export interface DeliveryFilter {
  readonly state?: DeliveryState | undefined;
  readonly ruleId?: string | undefined;
  readonly channelId?: string | undefined;
}

/** What storing planned deliveries did: new ones (each with its delivery job queued) and folded ones. */
export interface FireResult {
  readonly created: number;
  readonly suppressed: number;
}

export type AttemptStart =
  | {
      readonly kind: 'started';
      readonly delivery: AlertDelivery;
      readonly channel: NotificationChannel | null;
    }
  | { readonly kind: 'ended' | 'lease_lost' | 'not_found' };

/** What the metrics show of alerting, read at scrape time. */
export interface AlertFigures {
  readonly deliveries: readonly {
    readonly channelKind: string;
    readonly state: string;
    readonly count: number;
  }[];
  /** Latency of the last attempts of deliveries that ended in the last hour. */
  readonly latency: readonly { readonly channelKind: string; readonly p50: number; readonly p95: number }[];
  /** Enabled rules that fired inside their cooldown (their condition was seen lately), by kind. */
  readonly firing: readonly { readonly ruleKind: string; readonly count: number }[];
}

/** The alerts' deliveries: the outbox turned into deliveries, each attempt fenced by its job's lease, and their figures. */
export interface AlertDeliveries {
  figures(now: Date): Promise<AlertFigures>;
  /**
   * Takes up to `limit` outbox rows in one transaction: `plan` (pure) turns them into deliveries,
   * which are stored under the cooldown with their jobs, and the rows are removed. Concurrent
   * dispatchers wait for each other, so the cooldown holds across processes.
   */
  dispatchOutbox(
    limit: number,
    now: Date,
    plan: (fired: readonly FiredEvent[]) => readonly PlannedDelivery[],
  ): Promise<FireResult & { readonly taken: number }>;
  /** Stores deliveries a state rule fired, under the cooldown, each with its delivery job. */
  fire(planned: readonly PlannedDelivery[], now: Date): Promise<FireResult>;
  /** Pending deliveries whose job ended without settling them (a worker died on its last try): failed. */
  failAbandoned(now: Date): Promise<number>;
  /** Stores a test delivery as it went (no job: it was sent by the request). */
  recordTest(d: AlertDelivery): Promise<void>;

  /** Counts an attempt before it is made (the intent), fenced by the job's lease. */
  startAttempt(id: string, lease: Lease, now: Date): Promise<AttemptStart>;
  /** Records an attempt's outcome, and the end state when there is one, fenced by the lease. */
  finishAttempt(
    id: string,
    lease: Lease,
    outcome: SendOutcome,
    end: 'delivered' | 'failed' | null,
    now: Date,
  ): Promise<'ok' | 'lease_lost'>;
  getDelivery(id: string): Promise<AlertDelivery | null>;
  pageDeliveries(
    filter: DeliveryFilter,
    limit: number,
    cursor: string | null,
  ): Promise<Paged<AlertDelivery> | 'bad_cursor'>;
}
