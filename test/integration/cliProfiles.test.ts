// Deployment profiles from the CLI: added, listed, shown, pinged through the service, replaced
// (its events naming what changed), paused for a maintenance window now or ahead (the list and the
// overview saying so), resumed and deleted.
import test from 'ava';
import { cliCoverage } from '../support/cliCoverage.js';
import { cliSession } from '../support/cliSession.js';
import { manualWallabyYaml } from '../support/project.js';

const s = cliSession(test, { loggedIn: true });
const { cli, json, file } = s;
/** `profile pause` of the project's profile spare, with the rest of its flags. */
const pauseSpare = (...flags: string[]) =>
  cli(['profile', 'pause', 'spare', '--project', 'wallaby_hires', ...flags]);

test.serial.before(async () => {
  const up = await cli(['project', 'upload', file('project.yaml', manualWallabyYaml)]);
  if (up.code !== 0) throw new Error(up.out);
});

test.serial('profiles added, listed, shown and pinged through the service', async (t) => {
  const profile = file(
    'profile.json',
    JSON.stringify({
      name: 'mock-dim',
      project_module: 'wallaby_hires',
      is_default: true,
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    }),
  );
  t.is((await cli(['profile', 'add', profile])).code, 0);
  const profiles = await json<{ name: string }[]>(['profile', 'list', '--project', 'wallaby_hires']);
  t.deepEqual(
    profiles.map((p) => p.name),
    ['mock-dim'],
  );
  const shown = await json<{ name: string }>(['profile', 'show', 'mock-dim', '--project', 'wallaby_hires']);
  t.is(shown.name, 'mock-dim');
  // profile ping --remote: the service checks, with the parts it runs (mock here), and says so.
  const pinged = await json<{ ok: boolean; checks: { name: string; detail: string }[] }>([
    'profile',
    'ping',
    'mock-dim',
    '--project',
    'wallaby_hires',
    '--remote',
  ]);
  t.true(pinged.ok);
  t.deepEqual(
    pinged.checks.map((c) => c.name),
    ['translator', 'mock backend'],
  );
  t.regex(pinged.checks[1]!.detail, /mock rest_remote .*nothing is contacted/);
});

test.serial('a profile replaced, paused now and for a window ahead, resumed and deleted', async (t) => {
  // A profile replaced (its events name what changed), another deleted.
  const replaced = await cli([
    'profile',
    'replace',
    'mock-dim',
    file(
      'profile2.json',
      JSON.stringify({
        name: 'mock-dim',
        description: 'the mock island manager',
        project_module: 'wallaby_hires',
        is_default: true,
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      }),
    ),
    '--project',
    'wallaby_hires',
  ]);
  t.is(replaced.code, 0, replaced.out);
  t.regex(replaced.out, /^profile mock-dim replaced \(version 2\)$/m);
  const profileEvents = await cli(['profile', 'events', 'mock-dim', '--project', 'wallaby_hires']);
  t.regex(profileEvents.out, /profile\.created\s+cli-admin/);
  t.regex(profileEvents.out, /profile\.replaced\s+cli-admin\s+.*description/);
  const spare = file(
    'spare.json',
    JSON.stringify({
      name: 'spare',
      project_module: 'wallaby_hires',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    }),
  );
  t.is((await cli(['profile', 'add', spare])).code, 0);
  // Paused for a maintenance window (the list says so), refused a second time, resumed.
  const pausedSpare = await pauseSpare('--reason', 'window');
  t.is(pausedSpare.code, 0, pausedSpare.out);
  t.regex(
    pausedSpare.out,
    /^profile spare paused since \S+Z: runs that would submit with it wait until `surveyor profile resume` \(0 waiting now\)$/m,
  );
  t.regex(
    (await cli(['profile', 'list', '--project', 'wallaby_hires'])).out,
    /^spare\s+wallaby_hires\s+rest_remote\s+1\s+since \S+Z \(0 waiting\)\s+[0-9a-f-]{36}$/m,
  );
  t.regex(
    (await cli(['overview'])).out,
    /^profile spare \(wallaby_hires\) paused since \S+Z by cli-\w+: window \(0 executions wait\)$/m,
  );
  const twice = await pauseSpare('--reason', 'other');
  t.is(twice.code, 1);
  t.regex(twice.out, /paused already \(by cli-\w+: window\)/);
  const resumedSpare = await cli(['profile', 'resume', 'spare', '--project', 'wallaby_hires']);
  t.is(resumedSpare.code, 0, resumedSpare.out);
  t.regex(resumedSpare.out, /^profile spare resumed$/m);
  // A window ahead, from a span and until a time with its offset; a bare number is refused before
  // anything is sent.
  const end = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 86_400_000);
  const perth = `${new Date(end.getTime() + 8 * 3600_000).toISOString().slice(0, 16)}+08:00`;
  const endText = end.toISOString().replace(/[.]/g, '\\.');
  const bare = await pauseSpare('--reason', 'w', '--until', '6');
  t.is(bare.code, 2, bare.out);
  t.regex(bare.out, /--until 6: say the unit \(6h, 6d\)/);
  const windowed = await pauseSpare('--reason', 'maintenance', '--from', '2h', '--until', perth);
  t.is(windowed.code, 0, windowed.out);
  t.regex(
    windowed.out,
    new RegExp(
      `^profile spare paused from \\S+Z until ${endText}: runs that would submit with it will wait until then$`,
      'm',
    ),
  );
  t.regex(
    (await cli(['profile', 'list', '--project', 'wallaby_hires'])).out,
    new RegExp(
      `^spare\\s+wallaby_hires\\s+rest_remote\\s+1\\s+from \\S+Z until ${endText}\\s+[0-9a-f-]{36}$`,
      'm',
    ),
  );
  const movedWindow = await pauseSpare('--reason', 'maintenance, moved', '--from', '3h', '--replace');
  t.is(movedWindow.code, 0, movedWindow.out);
  t.regex(
    movedWindow.out,
    /^profile spare paused from \S+Z: runs that would submit with it will wait until `surveyor profile resume`$/m,
  );
  const calledOff = await cli(['profile', 'resume', 'spare', '--project', 'wallaby_hires']);
  t.is(calledOff.code, 0, calledOff.out);
  const gone = await cli(['profile', 'delete', 'spare', '--project', 'wallaby_hires']);
  t.is(gone.code, 0, gone.out);
  t.regex(gone.out, /^profile spare deleted$/m);
  t.regex(
    (await cli(['profile', 'delete', 'spare', '--project', 'wallaby_hires'])).out,
    /no profile spare in wallaby_hires or global/,
  );
});

cliCoverage(test, s, 'cliProfiles');
