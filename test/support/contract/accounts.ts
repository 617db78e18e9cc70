// The repository contract's rules for sessions, API tokens and accounts (repositoryContract.ts runs them on both stores).
import {
  projectRoleEvent,
  tokenCreatedEvent,
  tokenRevokedEvent,
  unlockEvents,
  userChangeEvents,
  userCreatedEvent,
} from '../../../core/domain/accountEvents.js';
import type { User, UserChange } from '../../../core/domain/user.js';
import { at, day, uuid, account, type Rule } from './base.js';

export const accountsContract: Record<string, Rule> = {
  'sessions: a session is read with its account in one read, as each repository reads it alone': async (
    t,
    r,
  ) => {
    const user = {
      id: uuid(),
      username: 'ada',
      email: 'ada@example.org',
      role: 'operator' as const,
      passwordHash: 'hash',
      createdAt: at(1),
      disabledAt: at(5),
    };
    t.true(await r.users.insert(user, userCreatedEvent(user, null), at(1)));
    const session = {
      id: uuid(),
      userId: user.id,
      createdAt: at(2),
      expiresAt: at(day),
      revokedAt: null,
      revokeReason: null,
    };
    await r.sessions.create(session, {
      tokenHash: 'h',
      sessionId: session.id,
      issuedAt: at(2),
      expiresAt: at(day),
      usedAt: null,
    });
    await r.sessions.revoke(session.id, at(3), 'logout');
    const both = await r.sessions.findWithUser(session.id);
    t.deepEqual(both, {
      session: await r.sessions.find(session.id),
      user: await r.users.findById(user.id),
      projectRoles: {},
    });
    // Its roles per project come with it: granted, changed in place, taken away, each audited.
    const audit = (change: 'granted' | 'revoked', m: string) =>
      projectRoleEvent('ada', change, m, 'operator', 'host:t');
    t.is(
      await r.users.grantProjectRole(user.id, 'zeta', 'operator', 'host:t', audit('granted', 'zeta'), at(4)),
      'granted',
    );
    t.is(
      await r.users.grantProjectRole(
        user.id,
        'alpha',
        'operator',
        'host:t',
        audit('granted', 'alpha'),
        at(4),
      ),
      'granted',
    );
    t.is(
      await r.users.grantProjectRole(
        user.id,
        'alpha',
        'operator',
        'host:t',
        audit('granted', 'alpha'),
        at(4),
      ),
      'granted',
    );
    t.is(
      await r.users.grantProjectRole(uuid(), 'alpha', 'operator', 'host:t', audit('granted', 'alpha'), at(4)),
      'not_found',
    );
    t.deepEqual((await r.sessions.findWithUser(session.id))?.projectRoles, {
      alpha: 'operator',
      zeta: 'operator',
    });
    t.is(await r.users.revokeProjectRole(user.id, 'zeta', audit('revoked', 'zeta'), at(4)), 'revoked');
    t.is(await r.users.revokeProjectRole(user.id, 'zeta', audit('revoked', 'zeta'), at(4)), 'not_held');
    t.deepEqual(await r.users.projectRoles(user.id), { alpha: 'operator' });
    t.deepEqual(both?.user, user);
    t.like(both?.session, { revokedAt: at(3), revokeReason: 'logout', userId: user.id });
    t.is(await r.sessions.findWithUser(uuid()), null);
  },
  'sessions: API tokens are made under a live count and a live name, listed newest first, revoked once, each with its audit event':
    async (t, r) => {
      const [ann, ben] = [account('ann', 'operator'), account('ben', 'admin')];
      for (const u of [ann, ben]) t.true(await r.users.insert(u, userCreatedEvent(u, null), at(1)));
      const token = (owner: User, name: string, created: number, lives = day) => ({
        id: uuid(),
        userId: owner.id,
        createdAt: at(created),
        expiresAt: at(created + lives),
        revokedAt: null,
        revokeReason: null,
        apiToken: { name, role: 'viewer' as const, secretHash: `digest-${name}`, lastUsedAt: null },
      });
      const make = (s: ReturnType<typeof token>, now: number) =>
        r.sessions.createApiToken(
          s,
          tokenCreatedEvent(ann.username, { ...s, name: s.apiToken.name, role: 'viewer' }, 'ann'),
          2,
          at(now),
        );
      const first = token(ann, 'nightly', 10, 100);
      t.is(await make(first, 10), 'created');
      t.is(await make(token(ann, 'NIGHTLY', 11), 11), 'name_taken', 'a live name, whatever its case');
      const second = token(ann, 'ci', 12);
      t.is(await make(second, 12), 'created');
      t.is(await make(token(ann, 'third', 13), 13), 'too_many');
      // Once the first has expired it counts no more, and its name is free again.
      const again = token(ann, 'nightly', 200);
      t.is(await make(again, 200), 'created');
      t.like(await r.sessions.findWithUser(again.id), {
        session: { apiToken: { name: 'nightly', role: 'viewer', secretHash: 'digest-nightly' } },
        user: { username: 'ann' },
      });
      t.deepEqual(
        (await r.sessions.listApiTokens(ann.id)).map((x) => [x.name, x.username, x.createdAt]),
        [
          ['nightly', 'ann', at(200)],
          ['ci', 'ann', at(12)],
          ['nightly', 'ann', at(10)],
        ],
      );
      t.deepEqual(await r.sessions.listApiTokens(ben.id), []);
      // A use is recorded; an older one told late does not move it back.
      await r.sessions.touchApiToken(again.id, at(250));
      await r.sessions.touchApiToken(again.id, at(240));
      t.like(await r.sessions.findWithUser(again.id), { session: { apiToken: { lastUsedAt: at(250) } } });
      t.deepEqual(
        (await r.sessions.listApiTokens(ann.id)).map((x) => x.lastUsedAt),
        [at(250), null, null],
      );
      t.is((await r.sessions.listApiTokens(null)).length, 3);
      const revoked = (byWhom: string) => (x: { id: string; name: string; username: string }) =>
        tokenRevokedEvent(x, byWhom);
      t.is(await r.sessions.revokeApiToken(second.id, ben.id, at(201), revoked('ben')), null, 'not ben’s');
      t.is(
        await r.sessions.revokeApiToken(first.id, null, at(201), revoked('ben')),
        null,
        'expired: not live',
      );
      t.like(await r.sessions.revokeApiToken(second.id, null, at(201), revoked('ben')), {
        name: 'ci',
        revokedAt: at(201),
        revokeReason: 'token_revoked',
      });
      t.is(await r.sessions.revokeApiToken(second.id, null, at(202), revoked('ben')), null, 'once');
      t.like(await r.sessions.find(second.id), { revokedAt: at(201), revokeReason: 'token_revoked' });
      const audit = (
        await r.events.read({ kind: 'subject', subjectType: 'user', subjectId: 'ann' }, 100, null)
      ).items;
      t.deepEqual(
        audit
          .filter((e) => e.kind.startsWith('user.token_'))
          .map((e) => [e.kind, e.payload['name'], e.actor]),
        [
          ['user.token_created', 'nightly', 'ann'],
          ['user.token_created', 'ci', 'ann'],
          ['user.token_created', 'nightly', 'ann'],
          ['user.token_revoked', 'ci', 'ben'],
        ],
      );
    },
  'users: the account audit records what a write changed, with it; a write refused records nothing; it is read across accounts and per account':
    async (t, r) => {
      const [boss, ann] = [account('Boss', 'admin'), account('ann', 'viewer')];
      const kinds = async (page = { kind: 'accounts' as const }) =>
        (await r.events.read(page, 100, null)).items.map((e) => `${e.subjectId} ${e.kind}`);
      const before = await kinds();
      t.true(await r.users.insert(boss, userCreatedEvent(boss, 'host:root'), at(1)));
      t.true(await r.users.insert(ann, userCreatedEvent(ann, 'host:root'), at(1)));
      t.false(await r.users.insert({ ...ann, id: uuid() }, userCreatedEvent(ann, 'host:root'), at(1)));
      const update = (u: User, change: UserChange) =>
        r.users.update(u.id, change, (stored) => userChangeEvents(stored, change, 'host:root'), at(2));
      t.is(await update(ann, { role: 'admin', disabledAt: null, passwordHash: 'new' }), 'updated');
      t.is(await update(ann, { role: 'admin' }), 'updated'); // no change: nothing recorded
      t.is(await update(boss, { disabledAt: at(2) }), 'updated');
      t.is(await update(ann, { disabledAt: at(3) }), 'last_admin');
      const unlocked = unlockEvents({ address: '192.0.2.7' }, 'host:root');
      for (const e of unlocked) await r.events.append(e, at(3));
      t.deepEqual((await kinds()).slice(before.length), [
        'boss user.created',
        'ann user.created',
        'ann user.role_changed',
        'ann user.password_set',
        'boss user.disabled',
        '192.0.2.7 address.login_unlocked',
      ]);
      const anns = (
        await r.events.read({ kind: 'subject', subjectType: 'user', subjectId: 'ann' }, 100, null)
      ).items;
      t.deepEqual(
        anns.map((e) => [e.kind, e.payload, e.actor, e.projectModule]),
        [
          ['user.created', { username: 'ann', role: 'viewer' }, 'host:root', ''],
          ['user.role_changed', { username: 'ann', from: 'viewer', to: 'admin' }, 'host:root', ''],
          ['user.password_set', { username: 'ann' }, 'host:root', ''],
        ],
      );
      t.false(JSON.stringify(anns).includes('new'), 'no password hash in the audit');
    },
  'users: a change is written whole; the last enabled admin stays, even when two changes race for it; every login of an account ends at once':
    async (t, r) => {
      const [a, b, op] = [account('root-a', 'admin'), account('root-b', 'admin'), account('op', 'operator')];
      const more = [1, 2, 3, 4].map((i) => account(`root-${i}`, 'admin'));
      for (const u of [a, b, op, ...more]) t.true(await r.users.insert(u, userCreatedEvent(u, null), at(1)));
      const update = (id: string, change: UserChange) =>
        r.users.update(id, change, (stored) => userChangeEvents(stored, change, null), at(2));
      t.is(await update(op.id, { role: 'viewer', passwordHash: 'new', disabledAt: at(2) }), 'updated');
      t.like(await r.users.findById(op.id), {
        role: 'viewer',
        passwordHash: 'new',
        disabledAt: at(2),
        email: op.email,
      });
      t.is(await update(op.id, { disabledAt: null }), 'updated');
      t.like(await r.users.findById(op.id), { role: 'viewer', passwordHash: 'new', disabledAt: null });
      t.is(await update(uuid(), { role: 'viewer' }), 'not_found');
      // Six admins, each demoted or disabled at once by another caller (the reads first, so that a
      // database's pool has its connections open): all but one pass, one is refused.
      const admins = [a, b, ...more];
      await Promise.all(admins.map((u) => r.users.findById(u.id)));
      const outcomes = await Promise.all(
        admins.map((u, i) => update(u.id, i % 2 ? { disabledAt: at(3) } : { role: 'operator' })),
      );
      t.deepEqual(outcomes.filter((o) => o === 'last_admin').length, 1, outcomes.join());
      t.is(await r.users.countAdmins(), 1);
      const kept = admins[outcomes.indexOf('last_admin')]!;
      t.like(await r.users.findById(kept.id), { role: 'admin', disabledAt: null });
      // What takes no admin away passes, the last admin's own password included.
      t.is(await update(kept.id, { passwordHash: 'kept', role: 'admin', disabledAt: null }), 'updated');
      t.is(await update(kept.id, { disabledAt: at(4) }), 'last_admin');
      const session = (userId: string, n: number) => ({
        id: uuid(),
        userId,
        createdAt: at(n),
        expiresAt: at(day),
        revokedAt: null,
        revokeReason: null,
      });
      const [s1, s2, other] = [session(op.id, 4), session(op.id, 5), session(kept.id, 6)];
      for (const s of [s1, s2, other])
        await r.sessions.create(s, {
          tokenHash: `t-${s.id}`,
          sessionId: s.id,
          issuedAt: s.createdAt,
          expiresAt: at(day),
          usedAt: null,
        });
      await r.sessions.revoke(s1.id, at(7), 'logout');
      t.is(
        await r.sessions.revokeAllOf(op.id, at(8), 'user_disabled'),
        1,
        'the live one; the ended one stays as it ended',
      );
      t.like(await r.sessions.find(s1.id), { revokedAt: at(7), revokeReason: 'logout' });
      t.like(await r.sessions.find(s2.id), { revokedAt: at(8), revokeReason: 'user_disabled' });
      t.like(await r.sessions.find(other.id), { revokedAt: null });
    },
};
