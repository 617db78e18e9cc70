import type { PollRoundRequest } from '../../core/domain/pollRound.js';
import {
  batchable,
  type ExecutionWrite,
  oneJob,
  type WriteResult,
} from '../../core/ports/ExecutionRepository.js';
import { type Db, prepared } from './db.js';
import { eventsCte } from './eventLog.js';
import * as executionArtifacts from './executionArtifacts.js';
import { columns, columnTypes } from './executionRows.js';
import { jobsCte, jobsJson, notified } from './jobQueue.js';
import { usageInsert, usageJson } from './usageLedger.js';

// The writes of an execution (one, or a poll round's many), conditional on the state each expects
// and, when fenced, on the job's lease.

// The fence: the job must still run under the token, and its row is locked until we commit, so a
// reclaim that would hand the job to another worker waits for this write (and then wins after it).
const fenced = `EXISTS (SELECT 1 FROM jobs WHERE id = $3 AND fencing_token = $4 AND state = 'running' FOR SHARE)`;

// writeMany: every write's columns as JSON ($1), a column it does not set left as it is; its events
// ($2) and processed sources ($6) only when it applied. One text for every batch: prepared once.
const writeManySql = `
  WITH w AS (
    SELECT (u.v->>'id')::uuid AS id, u.v->'set' AS s,
      ARRAY(SELECT jsonb_array_elements_text(u.v->'expect')) AS expect
    FROM jsonb_array_elements($1::jsonb) AS u(v)),
  upd AS (
    UPDATE executions x SET
      ${Object.entries(columnTypes)
        .map(([c, type]) => `${c} = CASE WHEN w.s ? '${c}' THEN (w.s->>'${c}')::${type} ELSE x.${c} END, `)
        .join('\n      ')}
      updated_at = $5
    FROM w WHERE x.id = w.id AND x.state = ANY(w.expect) AND ($3::uuid IS NULL OR ${fenced})
    RETURNING x.id),
  ${eventsCte('$2', '$5', "e->>'subjectId' IN (SELECT id::text FROM upd)")},
  processed AS (
    UPDATE sources s SET processed_signature = p.m->>'signature', updated_at = $5
    FROM (SELECT DISTINCT ON (m->>'sourceId') m FROM jsonb_array_elements($6::jsonb) WITH ORDINALITY AS u(m, n)
          WHERE m->>'executionId' IN (SELECT id::text FROM upd) ORDER BY m->>'sourceId', n DESC) p
    WHERE s.id = (p.m->>'sourceId')::uuid),
  used AS (${usageInsert('$7', 'execution_id IN (SELECT id FROM upd)')})
  SELECT id FROM upd`;

export const write = async (db: Db, w: ExecutionWrite, now: Date): Promise<WriteResult> => {
  // One statement: the update, and (only when it matched) its events, job, job cancels and
  // processed sources, as common table expressions over its RETURNING.
  if (w.artifacts && w.artifacts.length > 0 && !w.fence) throw new Error('artifacts need a fenced write');
  oneJob(w);
  const sets = columns(w.change);
  const contents = w.artifacts ? await executionArtifacts.compressArtifacts(w.artifacts) : [];
  const args: unknown[] = [w.id, w.expect, w.fence?.jobId ?? null, w.fence?.token ?? null, now];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  const assignments = sets.map(([col, v]) => `${col} = ${arg(v)}, `).join('');
  const applied = 'EXISTS (SELECT 1 FROM upd)';
  const ctes = [
    `upd AS (
       UPDATE executions SET ${assignments}updated_at = $5
       WHERE id = $1 AND state = ANY($2) AND ($3::uuid IS NULL OR ${fenced}) RETURNING id)`,
    ...(w.events.length > 0 ? [eventsCte(arg(JSON.stringify(w.events)), '$5', applied)] : []),
    ...(w.enqueue ? [jobsCte(arg(jobsJson([w.enqueue])), '$5', applied)] : []),
    ...(w.pollRound ? pollRoundCtes(w.pollRound, arg, applied) : []),
    ...(w.cancelJobsWithKeyPrefix !== undefined
      ? [
          `cancelled AS (
             UPDATE jobs SET state = 'cancelled', finished_at = $5, updated_at = $5
             WHERE state = 'queued' AND idempotency_key LIKE ${arg(w.cancelJobsWithKeyPrefix)} || '%' AND ${applied})`,
        ]
      : []),
    ...(w.usage ? [`used AS (${usageInsert(arg(JSON.stringify([usageJson(w.usage)])), applied)})`] : []),
    ...(w.artifacts && w.artifacts.length > 0
      ? [`art AS (${executionArtifacts.artifactsInsert(w.artifacts, contents, arg, '$5', applied)})`]
      : []),
    ...(w.markProcessed && w.markProcessed.length > 0
      ? [
          `processed AS (
             UPDATE sources s SET processed_signature = m->>'signature', updated_at = $5
             FROM jsonb_array_elements(${arg(JSON.stringify(w.markProcessed))}::jsonb) AS u(m)
             WHERE s.id = (m->>'sourceId')::uuid AND ${applied})`,
        ]
      : []),
  ];
  // Prepared: one shape per set of columns and expressions, parsed once per connection.
  const r = await db.one<{ n: number }>(
    prepared(
      `WITH ${ctes.join(',\n')} SELECT (SELECT count(*) FROM upd)::int AS n${w.enqueue || w.pollRound ? `, ${notified} AS woken` : ''}`,
      args,
    ),
  );
  return r.n === 1 ? 'ok' : whyNot(db, w);
};

// A round a write asks for: due no sooner than the spacing after the round last scheduled on the
// target, and recorded as that target's scheduled round (as pollRounds.schedulePolls records one).
const pollRoundCtes = (r: PollRoundRequest, arg: (v: unknown) => string, applied: string) => {
  const target = `${arg(r.target)}::text`;
  return [
    `due AS (
       SELECT greatest($5::timestamptz,
         (SELECT last_polled_at FROM poll_targets WHERE target = ${target}) + ${arg(r.spacingSeconds)}::float8 * interval '1 second') AS at)`,
    jobsCte(arg(jobsJson([r.job])), '$5', applied, '(SELECT at FROM due)'),
    // A round that runs now may have read the target before this write: it runs once more after.
    `again AS (
       UPDATE jobs SET rerun_at = (SELECT at FROM due), updated_at = $5
       WHERE idempotency_key = ${arg(r.job.idempotencyKey ?? null)} AND state = 'running' AND rerun_at IS NULL
         AND ${applied} AND NOT EXISTS (SELECT 1 FROM jb)
       RETURNING id)`,
    `round AS (
       INSERT INTO poll_targets (target, last_polled_at)
       SELECT ${target}, (SELECT at FROM due) FROM (SELECT id FROM jb UNION ALL SELECT id FROM again) asked
       ON CONFLICT (target) DO UPDATE SET prev_polled_at = poll_targets.last_polled_at, last_polled_at = EXCLUDED.last_polled_at)`,
  ];
};

export const writeMany = async (db: Db, ws: readonly ExecutionWrite[], now: Date): Promise<WriteResult[]> => {
  batchable(ws);
  if (ws.length === 0) return [];
  const fence = ws[0]!.fence;
  const rows = await db.any<{ id: string }>(
    prepared(writeManySql, [
      JSON.stringify(
        ws.map((w) => ({ id: w.id, expect: w.expect, set: Object.fromEntries(columns(w.change)) })),
      ),
      JSON.stringify(ws.flatMap((w) => w.events)),
      fence?.jobId ?? null,
      fence?.token ?? null,
      now,
      // The last write of a source wins, as with one write after another.
      JSON.stringify(ws.flatMap((w) => (w.markProcessed ?? []).map((m) => ({ ...m, executionId: w.id })))),
      JSON.stringify(ws.flatMap((w) => (w.usage ? [usageJson(w.usage)] : []))),
    ]),
  );
  const applied = new Set(rows.map((r) => r.id));
  if (applied.size === ws.length) return ws.map(() => 'ok');
  const missed = await whyNot(db, ws[0]!);
  return ws.map((w) => (applied.has(w.id) ? 'ok' : missed));
};

const whyNot = async (db: Db, w: ExecutionWrite): Promise<WriteResult> => {
  if (w.fence) {
    const held = await db.oneOrNone(
      `SELECT 1 FROM jobs WHERE id = $1 AND fencing_token = $2 AND state = 'running'`,
      [w.fence.jobId, w.fence.token],
    );
    if (!held) return 'lease_lost';
  }
  return 'state_changed';
};
