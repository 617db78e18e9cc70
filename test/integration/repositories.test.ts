// PostgreSQL repositories where the database itself decides: unique names in any case, refresh
// rotation with exactly one winner among racing callers, live workers by heartbeat, and a page of
// sources reading the same times, to the millisecond, as a whole source read.
import test from 'ava';
import fc from 'fast-check';
import { PgAuthSessionRepository } from '../../adapters/postgres/authSessionRepository.js';
import { PgLoginThrottle } from '../../adapters/postgres/loginThrottle.js';
import { attemptsAt, type RecentAttempts, reserveWithin } from '../../core/domain/loginAttempts.js';
import { PgMaintenanceRepository } from '../../adapters/postgres/maintenanceRepository.js';
import { PgSourceRepository } from '../../adapters/postgres/sourceRepository.js';
import { PgUserRepository } from '../../adapters/postgres/userRepository.js';
import { PgWorkerRegistry } from '../../adapters/postgres/workerRegistry.js';
import { userCreatedEvent } from '../../core/domain/accountEvents.js';
import type { User } from '../../core/domain/user.js';
import { freshDatabase, type TestDatabase } from '../support/db.js';

let d: TestDatabase;
test.before(async () => {
  d = await freshDatabase();
});
test.after.always(async () => {
  await d?.drop();
});

const t0 = new Date('2026-03-01T10:00:00Z');
const user = (id: string, username: string, role: User['role'] = 'admin'): User => ({
  id,
  username,
  email: `${username}@example.org`,
  role,
  passwordHash: 'hash',
  createdAt: t0,
  disabledAt: null,
});

const insertUser = (repo: PgUserRepository, u: User) =>
  repo.insert(u, userCreatedEvent(u, null), u.createdAt);

test.serial('users: insert, find by name (any case) and id, unique names, count admins', async (t) => {
  const repo = new PgUserRepository(d.db);
  t.is(await repo.countAdmins(), 0);
  t.true(await insertUser(repo, user('00000000-0000-4000-8000-000000000001', 'Alice')));
  t.false(await insertUser(repo, user('00000000-0000-4000-8000-000000000002', 'alice')));
  t.true(await insertUser(repo, user('00000000-0000-4000-8000-000000000003', 'bob', 'viewer')));
  t.is((await repo.findByUsername('ALICE'))?.id, '00000000-0000-4000-8000-000000000001');
  t.deepEqual(
    await repo.findById('00000000-0000-4000-8000-000000000003'),
    user('00000000-0000-4000-8000-000000000003', 'bob', 'viewer'),
  );
  t.is(await repo.findByUsername('carol'), null);
  t.is(await repo.countAdmins(), 1);
  t.deepEqual(
    (await repo.list()).map((u) => u.username),
    ['Alice', 'bob'],
  );
});

test.serial('sessions: refresh rotation lets exactly one of many racing callers win', async (t) => {
  const repo = new PgAuthSessionRepository(d.db);
  const sid = '10000000-0000-4000-8000-000000000001';
  const exp = new Date(t0.getTime() + 3600_000);
  await repo.create(
    {
      id: sid,
      userId: '00000000-0000-4000-8000-000000000001',
      createdAt: t0,
      expiresAt: exp,
      revokedAt: null,
      revokeReason: null,
    },
    { tokenHash: 'h0', sessionId: sid, issuedAt: t0, expiresAt: exp, usedAt: null },
  );
  const outcomes = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      repo.rotate(
        'h0',
        { tokenHash: `h1-${i}`, sessionId: sid, issuedAt: t0, expiresAt: exp, usedAt: null },
        t0,
      ),
    ),
  );
  t.is(outcomes.filter((o) => o === 'rotated').length, 1);
  t.is(outcomes.filter((o) => o === 'already_used').length, 7);
  t.is(
    await repo.rotate(
      'nope',
      { tokenHash: 'x', sessionId: sid, issuedAt: t0, expiresAt: exp, usedAt: null },
      t0,
    ),
    'unknown',
  );
  t.deepEqual((await repo.findRefreshToken('h0'))?.usedAt, t0);
  await repo.revoke(sid, t0, 'logout');
  await repo.revoke(sid, new Date(t0.getTime() + 1000), 'again');
  const s = await repo.find(sid);
  t.deepEqual(s?.revokedAt, t0);
  t.is(s?.revokeReason, 'logout');
});

test.serial(
  'login throttle: each reservation gets its own count, even at once; the window slides',
  async (t) => {
    const th = new PgLoginThrottle(d.db);
    const count = async (key: string, when: Date, limit = 1000) =>
      attemptsAt((await th.reserve(key, when, 900, limit)).attempts, when, 900);
    const counts = await Promise.all(Array.from({ length: 20 }, () => count('user:a', t0)));
    t.deepEqual(
      counts.sort((x, y) => x - y),
      Array.from({ length: 20 }, (_, i) => i + 1),
      'twenty concurrent reservations are counted one by one',
    );
    t.is(await count('user:b', t0), 1);
    await th.release('user:b', t0, 900);
    t.is(await count('user:b', t0), 1, 'a released reservation is given back');
    // t0 starts a fixed window of 900 s: the attempts just before its end still count after it.
    const edge = new Date(t0.getTime() + 900_000);
    t.is(await count('user:a', edge), 21, 'the window slides: an edge frees nothing');
    const gone = new Date(t0.getTime() + 990_000);
    t.is(await count('user:a', gone), 2, 'a window and a tenth later, the first twenty are gone');
    await th.release('user:a', t0, 900);
    t.is(await count('user:a', gone), 3, 'a release of an attempt no longer counted changes nothing');
    await th.clear('user:a');
    t.is(await count('user:a', gone), 1);
  },
);

test.serial(
  'login throttle: at the limit a try is held back uncounted, at once as one by one; its hold is told once a window',
  async (t) => {
    const th = new PgLoginThrottle(d.db);
    const all = await Promise.all(Array.from({ length: 12 }, () => th.reserve('user:c', t0, 900, 5)));
    t.is(all.filter((r) => r.counted).length, 5, 'five of twelve concurrent tries pass');
    t.is(all.filter((r) => r.tell).length, 1, 'the hold is told once');
    const later = new Date(t0.getTime() + 60_000);
    const again = await th.reserve('user:c', later, 900, 5);
    t.false(again.counted);
    t.false(again.tell, 'not told again within the window');
    t.is(attemptsAt(again.attempts, later, 900), 5, 'refused tries never pushed the count past the limit');
  },
);

test.serial(
  'login throttle: the function moves the counts on and holds back as the domain does, on any arrivals',
  async (t) => {
    const th = new PgLoginThrottle(d.db);
    let run = 0;
    await t.notThrowsAsync(
      fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              gap: fc.integer({ min: -20_000, max: 150_000 }),
              window: fc.constantFrom(60, 60, 60, 900),
              limit: fc.constantFrom(1, 3, 5, 1000),
            }),
            { minLength: 1, maxLength: 25 },
          ),
          async (arrivals) => {
            const key = `prop:${run++}`;
            let model: RecentAttempts | null = null;
            let now = t0.getTime();
            for (const { gap, window, limit } of arrivals) {
              now += gap; // a negative gap: another process whose clock is behind
              const want = reserveWithin(model, new Date(now), window, limit);
              model = want.attempts;
              const stored = await th.reserve(key, new Date(now), window, limit);
              if (JSON.stringify(stored) !== JSON.stringify(want)) return false;
            }
            return true;
          },
        ),
        { numRuns: 60 },
      ),
    );
  },
);

test.serial('workers: only those with a fresh heartbeat are live', async (t) => {
  const reg = new PgWorkerRegistry(d.db);
  await reg.register({ id: 'w1', hostname: 'h', pid: 1, roles: ['worker'], startedAt: t0, heartbeatAt: t0 });
  await reg.register({
    id: 'w2',
    hostname: 'h',
    pid: 2,
    roles: ['worker', 'scheduler'],
    startedAt: t0,
    heartbeatAt: t0,
  });
  const later = new Date(t0.getTime() + 60_000);
  t.deepEqual(await reg.heartbeat('w2', later), { drain: false, known: true });
  t.deepEqual(
    (await reg.live(later, 30)).map((w) => w.id),
    ['w2'],
  );
  // Asked to drain: the next heartbeat says so; the first request stands; an unknown one is null.
  t.like(await reg.requestDrain('w2', later, 'alice'), {
    drainRequestedAt: later,
    drainRequestedBy: 'alice',
  });
  t.like(await reg.requestDrain('w2', new Date(later.getTime() + 1000), 'bob'), {
    drainRequestedBy: 'alice',
  });
  t.is(await reg.requestDrain('nobody', later, 'alice'), null);
  t.deepEqual(await reg.heartbeat('w2', later), { drain: true, known: true });
  t.deepEqual(await reg.heartbeat('nobody', later), { drain: false, known: false });
  t.deepEqual((await reg.live(later, 30))[0]?.roles, ['worker', 'scheduler']);
  await reg.deregister('w2');
  t.deepEqual(await reg.live(later, 30), []);
});

test.serial(
  'maintenance prunes ended logins, old counters, old finished jobs and silent workers only',
  async (t) => {
    const d = await freshDatabase();
    t.teardown(d.drop);
    await insertUser(new PgUserRepository(d.db), user('00000000-0000-4000-8000-000000000001', 'alice'));
    const repo = new PgMaintenanceRepository(d.db);
    const now = new Date('2026-06-01T00:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86400_000);
    const uid = '00000000-0000-4000-8000-000000000001';
    await d.db.none(
      `INSERT INTO auth_sessions (id, user_id, created_at, expires_at, revoked_at) VALUES
       ('20000000-0000-4000-8000-000000000001', $1, $2, $3, NULL),
       ('20000000-0000-4000-8000-000000000002', $1, $2, $4, NULL),
       ('20000000-0000-4000-8000-000000000003', $1, $2, $4, $3)`,
      [uid, daysAgo(30), daysAgo(2), daysAgo(-10)],
    );
    await new PgLoginThrottle(d.db).reserve('old', daysAgo(3), 900, 5);
    await new PgLoginThrottle(d.db).reserve('new', now, 900, 5);
    await d.db.none(
      `INSERT INTO jobs (id, kind, payload, state, run_at, created_at, updated_at, finished_at) VALUES
       ('30000000-0000-4000-8000-000000000001', 'k', '{}', 'succeeded', $1, $1, $1, $1),
       ('30000000-0000-4000-8000-000000000002', 'k', '{}', 'succeeded', $2, $2, $2, $2),
       ('30000000-0000-4000-8000-000000000003', 'k', '{}', 'dead', $1, $1, $1, $1)`,
      [daysAgo(40), daysAgo(1)],
    );
    await d.db.none(
      `INSERT INTO workers (id, hostname, pid, roles, started_at, heartbeat_at) VALUES
       ('gone', 'h', 1, '{worker}', $1, $1), ('alive', 'h', 2, '{worker}', $2, $2)`,
      [daysAgo(2), now],
    );
    const r = await repo.prune(now, {
      eventsDays: 730,
      accountEventsDays: 1825,
      executionsDays: 730,
      artifactsDays: 30,
      finishedJobsDays: 30,
      deadJobsDays: 90,
      configVersionsKept: 50,
      alertDeliveriesDays: 0,
    });
    t.like(r, { authSessions: 2, loginFailures: 1, finishedJobs: 1, deadJobs: 0, workers: 1 });
    t.deepEqual(
      (await d.db.any('SELECT id FROM auth_sessions WHERE id::text LIKE $1', ['2000%'])).map((x) => x.id),
      ['20000000-0000-4000-8000-000000000002'],
    );
    t.is(
      (await d.db.any(`SELECT 1 FROM jobs WHERE state = 'dead'`)).length,
      1,
      'dead jobs are kept longer, for inspection',
    );
  },
);

test.serial('sources: a page reads the times a whole source reads, cut to the millisecond', async (t) => {
  // The page computes epoch milliseconds in float8 (cheaper than EXTRACT's numeric); a whole
  // source's times come as timestamp text. Microseconds either side of a millisecond, exact
  // milliseconds (where a float product lands just below), a leap day, and the far side of 2100.
  const times = [
    '2026-11-24 10:00:00.123999+00',
    '2026-11-24 10:00:00.123+00',
    '2026-11-24 10:00:00.124001+00',
    '2000-01-01 00:00:00+00',
    '1970-01-01 00:00:00.000999+00',
    '2028-02-29 23:59:59.999999+00',
    '2101-06-30 12:34:56.789999+00',
  ];
  await d.db.none(
    `INSERT INTO sources (id, project_module, source_identifier, enabled, discovered_at, created_at, updated_at)
     SELECT gen_random_uuid(), 'times', 'S' || i, true, CASE WHEN i % 2 = 0 THEN t END, t, t + interval '1 microsecond'
     FROM unnest($1::timestamptz[]) WITH ORDINALITY AS x(t, i)`,
    [times],
  );
  // And 500 more, microseconds apart by a prime, over a year.
  await d.db.none(
    `INSERT INTO sources (id, project_module, source_identifier, enabled, created_at, updated_at)
     SELECT gen_random_uuid(), 'times', 'T' || i, true, t, t FROM generate_series(1, 500) i,
       LATERAL (SELECT timestamptz '2026-01-01' + (i::bigint * 63072000007) * interval '1 microsecond' AS t) x`,
  );
  const repo = new PgSourceRepository(d.db);
  const page = await repo.list('times', {}, 1000, null);
  if (page === 'bad_cursor') return t.fail();
  t.is(page.items.length, times.length + 500);
  const whole = await repo.getMany(page.items.map((s) => s.id));
  for (const s of page.items) {
    const w = whole.find((x) => x.id === s.id)!;
    t.deepEqual([s.discoveredAt, s.createdAt, s.updatedAt], [w.discoveredAt, w.createdAt, w.updatedAt]);
  }
  t.is(
    page.items.find((s) => s.sourceIdentifier === 'S1')?.createdAt.toISOString(),
    '2026-11-24T10:00:00.123Z',
  );
});
