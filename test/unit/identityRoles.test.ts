// What an identity provider's groups give (core/domain/identity.ts): let in only through a mapped
// group, operator where a group says operator (the highest wins), and the username a new account
// from an identity tries, never another account's by accident.
import test from 'ava';
import {
  type GroupRole,
  groupRoleIssues,
  rolesFromGroups,
  usernamesFor,
} from '../../core/domain/identity.js';

const rules: GroupRole[] = [
  { group: '/surveys/wallaby', projectModule: 'wallaby_hires', role: 'operator' },
  { group: '/surveys/readers', projectModule: 'wallaby_hires', role: 'viewer' },
  { group: '/surveys/readers', projectModule: 'dingo', role: 'viewer' },
  { group: 'urn:mace:aaf:dingo-ops', projectModule: 'dingo', role: 'operator' },
];

test('a person is let in through a mapped group, with the highest role its groups give in each project', (t) => {
  t.deepEqual(rolesFromGroups(rules, ['/elsewhere']), { admitted: false, projectRoles: {} });
  t.deepEqual(rolesFromGroups(rules, []), { admitted: false, projectRoles: {} });
  t.deepEqual(rolesFromGroups(rules, ['/surveys/readers']), {
    admitted: true,
    projectRoles: { wallaby_hires: 'viewer', dingo: 'viewer' },
  });
  t.deepEqual(rolesFromGroups(rules, ['/surveys/readers', 'urn:mace:aaf:dingo-ops']), {
    admitted: true,
    projectRoles: { wallaby_hires: 'viewer', dingo: 'operator' },
  });
  // The highest a person's groups give, in whichever order the rules come.
  t.deepEqual(rolesFromGroups([...rules].reverse(), ['/surveys/wallaby', '/surveys/readers']).projectRoles, {
    wallaby_hires: 'operator',
    dingo: 'viewer',
  });
  // A group's name is matched whole, case and all.
  t.false(rolesFromGroups(rules, ['/surveys/Wallaby', '/surveys']).admitted);
});

test('a new account is named after the provider when it can be, with a tag from the identity when not', (t) => {
  const id = (preferredUsername: string | null) => ({
    issuer: 'https://idp.example.org',
    subject: 's-1',
    preferredUsername,
    email: null,
    groups: [],
  });
  const tag = 'ABCDEF0123456789';
  t.deepEqual(usernamesFor(id('alice'), tag), ['alice', 'alice-abcdef01', 'idp-abcdef01']);
  // Not a username (spaces, a leading dot), or the name the service acts under: never taken as is.
  t.deepEqual(usernamesFor(id('Alice Smith'), tag), ['idp-abcdef01']);
  t.deepEqual(usernamesFor(id('.hidden'), tag), ['idp-abcdef01']);
  t.deepEqual(usernamesFor(id('scheduler'), tag), ['scheduler-abcdef01', 'idp-abcdef01']);
  t.deepEqual(usernamesFor(id(null), tag), ['idp-abcdef01']);
});

test('a mapping names a group, a project and viewer or operator; admin is never given by a group', (t) => {
  t.deepEqual(
    groupRoleIssues({ group: '/surveys/wallaby', projectModule: 'wallaby_hires', role: 'operator' }),
    [],
  );
  t.deepEqual(
    groupRoleIssues({ group: 'a\nb', projectModule: 'Wallaby', role: 'admin' }).map((i) => i.path),
    ['group', 'project_module', 'role'],
  );
});
