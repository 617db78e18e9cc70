// The repository contract's rules for configurations, profiles, their pauses and the site holds (repositoryContract.ts runs them on both stores).
import { t0, at, uuid, module, config, ev, uploaded, profile, allPages, type Rule } from './base.js';

export const projectsContract: Record<string, Rule> = {
  'configurations: a new content is a new active version, the same content is not; paged newest first':
    async (t, r) => {
      const v1 = await uploaded(r, 'h1');
      t.true(v1.created);
      t.is(v1.version.version, 1);
      t.false((await uploaded(r, 'h1', at(1))).created);
      const v2 = await uploaded(r, 'h2', at(2));
      t.is(v2.version.version, 2);
      t.true(v2.version.active);
      t.is((await r.configs.active(module))?.version, 2);
      t.false((await r.configs.get(module, 1))?.active);
      t.deepEqual((await r.configs.get(module, 1))?.config, config);
      t.is(await r.configs.get(module, 9), null);
      // What executions pinned: the same configuration, read again (and kept) by version.
      t.deepEqual(await r.configs.pinned(module, 1), config);
      t.deepEqual(await r.configs.pinned(module, 1), config);
      t.is(await r.configs.pinned(module, 9), null);
      t.deepEqual(
        (await r.configs.versions(module)).map((v) => v.version),
        [2, 1],
      );
      t.deepEqual(
        (await allPages((c) => r.configs.versionPage(module, 1, c))).map((p) => p.map((v) => v.version)),
        [[2], [1]],
      );
      t.is(await r.configs.versionPage(module, 1, 'bm90LWEtY3Vyc29y'), 'bad_cursor');
      t.deepEqual(
        (await r.configs.allActive()).map((v) => [v.projectModule, v.version]),
        [[module, 2]],
      );
      const events = await r.events.read({ kind: 'project', projectModule: module }, 10, null);
      t.deepEqual(
        events.items.map((e) => e.payload),
        [{ version: 1 }, { version: 2 }],
      );
    },
  'profiles: one name and one default per scope, versioned replaces and deletes, scoped lists and pages':
    async (t, r) => {
      const a = profile({ name: 'a', is_default: true });
      t.is(await r.profiles.insert(a, ev(a.id), t0), 'ok');
      t.is(await r.profiles.insert(profile({ name: 'a' }), ev('x'), t0), 'name_taken');
      t.is(await r.profiles.insert(profile({ name: 'b', is_default: true }), ev('x'), t0), 'default_taken');
      const g = profile({ name: 'a', project_module: null, is_default: true });
      t.is(await r.profiles.insert(g, ev(g.id), t0), 'ok', 'another scope');
      const other = profile({ name: 'z', project_module: 'other_module' });
      t.is(await r.profiles.insert(other, ev(other.id), t0), 'ok');
      t.is(
        await r.profiles.replace({ ...a, description: 'new', version: 2 }, 5, ev(a.id), at(1)),
        'version_conflict',
      );
      t.is(await r.profiles.replace({ ...a, description: 'new', version: 2 }, 1, ev(a.id), at(1)), 'ok');
      t.is((await r.profiles.get(a.id))?.description, 'new');
      t.is(await r.profiles.replace(profile(), 1, ev('x'), at(1)), 'not_found');
      t.is((await r.profiles.findByName(null, 'a'))?.id, g.id);
      t.is((await r.profiles.findDefault(module))?.id, a.id);
      t.deepEqual(
        (await r.profiles.list(module)).map((p) => p.id),
        [g.id, a.id],
        'globals first, then the module',
      );
      t.is((await r.profiles.list()).length, 3);
      const pages = await allPages((c) => r.profiles.page(undefined, 2, c));
      t.deepEqual(
        pages.map((p) => p.map((x) => x.project_module)),
        [[null, 'other_module'], [module]],
      );
      t.is(await r.profiles.page(undefined, 2, 'Z2FyYmFnZQ'), 'bad_cursor');
      t.false(await r.profiles.delete(a.id, 1, ev(a.id), at(2)), 'a stale version deletes nothing');
      t.true(await r.profiles.delete(a.id, 2, ev(a.id), at(2)));
      t.is(await r.profiles.get(a.id), null);
    },
  'pauses: a profile is paused once with its event, read alone or all together, resumed once; a pause goes with its profile':
    async (t, r) => {
      const [a, b] = [profile({ name: 'a' }), profile({ name: 'b' })];
      for (const p of [a, b]) await r.profiles.insert(p, ev(p.id), t0);
      const pause = (id: string, reason: string, n: number, until: Date | null = null) => ({
        profileId: id,
        at: at(n),
        by: 'ops',
        byRole: 'operator' as const,
        reason,
        from: at(n),
        until,
      });
      const kinds = async (id: string) =>
        (await r.events.read({ kind: 'subject', subjectType: 'profile', subjectId: id }, 10, null)).items.map(
          (e) => e.kind,
        );
      t.is(
        await r.pauses.pause(pause(a.id, 'maintenance', 1), ev(a.id, 'profile.paused', 'profile'), at(1)),
        'ok',
      );
      t.is(
        await r.pauses.pause(pause(a.id, 'again', 2), ev(a.id, 'profile.paused', 'profile'), at(2)),
        'already',
      );
      t.is(
        await r.pauses.pause(pause(uuid(), 'no such', 2), ev('x', 'profile.paused', 'profile'), at(2)),
        'not_found',
      );
      t.deepEqual(await r.pauses.of(a.id), pause(a.id, 'maintenance', 1), 'the first pause stays');
      t.is(await r.pauses.of(b.id), null);
      // A replace of the profile neither ends nor changes its pause.
      t.is(await r.profiles.replace({ ...a, description: 'new', version: 2 }, 1, ev(a.id), at(3)), 'ok');
      t.is((await r.pauses.of(a.id))?.reason, 'maintenance');
      t.is(await r.pauses.pause(pause(b.id, 'flaky', 4), ev(b.id, 'profile.paused', 'profile'), at(4)), 'ok');
      t.deepEqual((await r.pauses.all()).map((p) => p.profileId).sort(), [a.id, b.id].sort());
      t.false(
        await r.pauses.resume(a.id, at(4), ev(a.id, 'profile.resumed', 'profile'), at(5)),
        'not the pause that was read',
      );
      t.true(await r.pauses.resume(a.id, at(1), ev(a.id, 'profile.resumed', 'profile'), at(5)));
      t.false(
        await r.pauses.resume(a.id, at(1), ev(a.id, 'profile.resumed', 'profile'), at(6)),
        'not paused now',
      );
      t.deepEqual(
        await kinds(a.id),
        ['profile.paused', 'profile.resumed'],
        'an event per change, none for a refusal',
      );
      t.true(await r.profiles.delete(b.id, 1, ev(b.id), at(7)));
      t.deepEqual(await r.pauses.all(), [], "a deleted profile's pause went with it");
    },
  'site holds: a refusal holds the target; a count gives the room as tokens, one a try; a quiet spell lets one try blind; a count of none ends it':
    async (t, r) => {
      const h = r.siteHolds;
      const target = 'ssh:op@[login.example.org]:22';
      t.is(await h.take(target, at(0), 300), 'free', 'no hold: any run may submit');
      await h.counted(target, 5, at(0));
      t.is(await h.of(target), null, 'a count without a hold makes none');
      await h.refused(target, 'QOSMaxSubmitJobPerUserLimit', 3, at(1));
      t.like(await h.of(target), {
        limitSeen: 3,
        jobsSeen: 3,
        tokens: 0,
        reason: 'QOSMaxSubmitJobPerUserLimit',
      });
      t.is(await h.take(target, at(2), 300), 'wait');
      // A round counts one job gone: one run may try; the others wait.
      await h.counted(target, 2, at(3));
      const tries = await Promise.all([1, 2, 3].map(() => h.take(target, at(4), 300)));
      t.deepEqual([...tries].sort(), ['taken', 'wait', 'wait'], 'one token, taken once');
      // A refusal again keeps the hold's start and takes the tokens back.
      await h.counted(target, 1, at(5));
      await h.refused(target, 'QOSMaxSubmitJobPerUserLimit', 3, at(6));
      t.like(await h.of(target), { since: at(1), refusedAt: at(6), tokens: 0 });
      // No count for the quiet spell (nothing of ours in flight there): one blind try, then waits.
      t.is(await h.take(target, at(6 + 299), 300), 'wait');
      t.deepEqual((await Promise.all([1, 2].map(() => h.take(target, at(6 + 300), 300)))).sort(), [
        'taken',
        'wait',
      ]);
      // The account holds no job there: the hold is over.
      await h.counted(target, 0, at(400));
      t.is(await h.of(target), null);
      t.is(await h.take(target, at(401), 300), 'free');
    },
  'pauses: a window ahead is a pause already; one whose end has passed is over: replaced by the next, not resumed':
    async (t, r) => {
      const a = profile({ name: 'a' });
      await r.profiles.insert(a, ev(a.id), t0);
      const window = (reason: string, made: number, from: number, until: number | null) => ({
        profileId: a.id,
        at: at(made),
        by: 'ops',
        byRole: 'operator' as const,
        reason,
        from: at(from),
        until: until === null ? null : at(until),
      });
      const pauseAt = (p: ReturnType<typeof window>, n: number) =>
        r.pauses.pause(p, ev(a.id, 'profile.paused', 'profile'), at(n));
      const ahead = window('maintenance next week', 1, 10, 20);
      t.is(await pauseAt(ahead, 1), 'ok');
      t.deepEqual(await r.pauses.of(a.id), ahead, 'stored with its window');
      t.is(await pauseAt(window('now', 2, 2, null), 2), 'already', 'a window ahead is not over');
      t.is(await pauseAt(window('now', 15, 15, null), 15), 'already', 'nor one that holds');
      t.is(await pauseAt(window('after', 20, 20, null), 20), 'ok', 'at its end it is over and gives way');
      t.is((await r.pauses.of(a.id))?.reason, 'after');
      t.true(await r.pauses.resume(a.id, at(20), ev(a.id, 'profile.resumed', 'profile'), at(21)));
      t.is(await pauseAt(window('short', 22, 22, 25), 22), 'ok');
      t.false(
        await r.pauses.resume(a.id, at(22), ev(a.id, 'profile.resumed', 'profile'), at(25)),
        'over at its end: nothing to resume',
      );
      t.is((await r.pauses.of(a.id))?.reason, 'short', 'an ended pause is kept until replaced');
      t.is(
        await r.pauses.replace(
          window('longer', 26, 26, 40),
          at(22),
          ev(a.id, 'profile.paused', 'profile'),
          at(26),
        ),
        'changed',
        'an ended pause is not replaced: it is over',
      );
      t.is(await pauseAt(window('held', 30, 30, 40), 30), 'ok');
      const extended = window('held longer', 35, 30, 50);
      t.is(
        await r.pauses.replace(extended, at(29), ev(a.id, 'profile.paused', 'profile'), at(35)),
        'changed',
        'not the pause that was read',
      );
      t.is(await r.pauses.replace(extended, at(30), ev(a.id, 'profile.paused', 'profile'), at(35)), 'ok');
      t.deepEqual(await r.pauses.of(a.id), extended, 'in its place');
      t.is(
        await r.pauses.replace(
          window('again', 36, 30, 50),
          at(30),
          ev(a.id, 'profile.paused', 'profile'),
          at(36),
        ),
        'changed',
        'replaced once from what was read',
      );
      t.is(
        (
          await r.events.read({ kind: 'subject', subjectType: 'profile', subjectId: a.id }, 10, null)
        ).items.filter((e) => e.kind === 'profile.resumed').length,
        1,
        'no event for a resume refused',
      );
      t.is(
        (
          await r.events.read({ kind: 'subject', subjectType: 'profile', subjectId: a.id }, 20, null)
        ).items.filter((e) => e.kind === 'profile.paused').length,
        5,
        'an event per pause made or replaced, none for a refusal',
      );
    },
  'pauses: a window change is told once, of the pause it was seen on; a replace starts afresh': async (
    t,
    r,
  ) => {
    const a = profile({ name: 'a' });
    await r.profiles.insert(a, ev(a.id), t0);
    const p = {
      profileId: a.id,
      at: at(1),
      by: 'ops',
      byRole: 'admin' as const,
      reason: 'window',
      from: at(5),
      until: at(9),
    };
    t.is(await r.pauses.pause(p, ev(a.id, 'profile.paused', 'profile'), at(1)), 'ok');
    const tell = (made: number, change: 'began' | 'ended', n: number) =>
      r.pauses.tell(a.id, at(made), change, ev(a.id, `profile.pause_${change}`, 'profile'), at(n));
    t.false(await tell(2, 'began', 5), 'not the pause that is there');
    t.true(await tell(1, 'began', 5));
    t.false(await tell(1, 'began', 6), 'told once');
    t.like(await r.pauses.of(a.id), { told: { began: true, ended: false } });
    t.true(await tell(1, 'ended', 9));
    t.like(await r.pauses.of(a.id), { told: { began: true, ended: true } });
    const next = { ...p, at: at(10), reason: 'next', from: at(12), until: at(14) };
    t.is(
      await r.pauses.pause(next, ev(a.id, 'profile.paused', 'profile'), at(10)),
      'ok',
      'the ended one gave way',
    );
    t.is((await r.pauses.of(a.id))?.told, undefined, 'the new one has nothing told');
    t.true(await tell(10, 'began', 12));
    const moved = { ...next, at: at(13), until: at(20) };
    t.is(await r.pauses.replace(moved, at(10), ev(a.id, 'profile.paused', 'profile'), at(13)), 'ok');
    t.is((await r.pauses.of(a.id))?.told, undefined, 'a replace starts afresh');
    const kinds = (
      await r.events.read({ kind: 'subject', subjectType: 'profile', subjectId: a.id }, 20, null)
    ).items
      .map((e) => e.kind)
      .filter((k) => k.startsWith('profile.pause_'));
    t.deepEqual(
      kinds,
      ['profile.pause_began', 'profile.pause_ended', 'profile.pause_began'],
      'an event per change told',
    );
  },
};
