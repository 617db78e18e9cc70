// Automation from the CLI through a real worker and PostgreSQL: a source whose every run fails is
// run once over many ticks, `sources status` and `project automation` say it stopped and after
// which run, an automation_stopped alert reaches a real webhook once, and a new configuration
// version tries again.
import test from 'ava';
import { startReceiver } from '../support/alertPeers.js';
import { cliCoverage } from '../support/cliCoverage.js';
import { cliSession } from '../support/cliSession.js';
import { manualWallabyYaml } from '../support/project.js';
import { until } from '../support/until.js';

const s = cliSession(test, { loggedIn: true, worker: true });
const { cli, json, file } = s;

test.serial(
  "automation stops trying a source whose every run fails, tells it once, and the source's status says so",
  async (t) => {
    const secret = 'cli-retry-signing-secret-0123456789';
    const receiver = await startReceiver(secret);
    try {
      const yaml = manualWallabyYaml
        .replace('module: wallaby_hires', 'module: wallaby_retry')
        .replace(/(execution:\n\s+enabled:) false/, '$1 true')
        .replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: retry-dim')
        .replace('max_failed_runs: 3', 'max_failed_runs: 1');
      const up = await cli(['project', 'upload', file('retry.yaml', yaml)]);
      t.is(up.code, 0, up.out);
      const profile = {
        name: 'retry-dim',
        project_module: 'wallaby_retry',
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      };
      t.is((await cli(['profile', 'add', file('retry-dim.json', JSON.stringify(profile))])).code, 0);
      const hook = { kind: 'webhook', name: 'retry-hook', url: receiver.url, signing_secret: secret };
      t.is((await cli(['alert', 'channel', 'add', file('retry-hook.json', JSON.stringify(hook))])).code, 0);
      const rule = {
        kind: 'automation_stopped',
        name: 'retry-stopped',
        channels: ['retry-hook'],
        project_module: 'wallaby_retry',
      };
      t.is((await cli(['alert', 'rule', 'add', file('retry-rule.json', JSON.stringify(rule))])).code, 0);
      const source = 'HIPASSJ0301MOCKFAIL';
      t.is((await cli(['sources', 'add', 'wallaby_retry', source])).code, 0);
      t.is((await cli(['sources', 'discover', 'wallaby_retry', source])).code, 0);
      const { uuid } = await json<{ uuid: string }>(['sources', 'show', 'wallaby_retry', source]);
      let status = '';
      await until('automation to stop trying the source', async () => {
        status = (await cli(['sources', 'status', uuid])).out;
        return status.includes('automation: stopped');
      });
      const runs = async () =>
        (
          await json<{ items: { uuid: string; state: string }[] }>([
            'exec',
            'list',
            '--project',
            'wallaby_retry',
          ])
        ).items;
      const [failed] = await runs();
      t.is(failed?.state, 'failed');
      t.regex(
        status,
        new RegExp(
          `^  automation: stopped after 1 of 1 failed runs \\(last ${failed!.uuid}\\): tried again on new data`,
          'm',
        ),
      );
      const standing = await cli(['project', 'automation', 'wallaby_retry']);
      t.is(standing.code, 0, standing.out);
      t.regex(
        standing.out,
        /^automation of wallaby_retry \(configuration version 1\): on; .* stops after 1$/m,
      );
      t.regex(standing.out, /^1 source stopped, 0 waiting$/m);
      t.regex(
        standing.out,
        new RegExp(`^HIPASSJ0301MOCKFAIL\\s+stopped\\s+1 of 1\\s+${failed!.uuid.slice(0, 8)}\\s+-$`, 'm'),
      );
      t.is(
        (await cli(['project', 'automation', 'wallaby_retry', '--limit', '0'])).code,
        1,
        'a limit below 1',
      );
      // Ticks come every second: a few more make nothing of the source.
      await new Promise((r) => setTimeout(r, 3000));
      t.is((await runs()).length, 1, 'one run, not one per tick');
      await until('the alert', async () => receiver.received.length > 0, 30_000);
      t.is(
        String(receiver.received[0]!.body['subject']),
        `[surveyor] wallaby_retry: automation stopped trying source ${source} after 1 failed run`,
      );
      t.true(receiver.received[0]!.signatureOk);
      // A new configuration version is a fresh start.
      const next = yaml.replace('retry_wait_minutes: 30', 'retry_wait_minutes: 60');
      t.is((await cli(['project', 'upload', file('retry2.yaml', next)])).code, 0);
      await until('a run on the new version', async () => (await runs()).length === 2);
      t.is(receiver.received.length, 1, 'told once');
    } finally {
      await receiver.close();
    }
  },
);

test.serial(
  'automation that is on but names no profile there is says blocked, in the project and the overview',
  async (t) => {
    // The shipped example's automation names slurm-remote, a profile a first run does not have.
    const yaml = manualWallabyYaml
      .replace('module: wallaby_hires', 'module: wallaby_blocked')
      .replace(/(execution:\n\s+enabled:) false/, '$1 true');
    t.true(yaml.includes('deployment_profile_name: slurm-remote'));
    t.is((await cli(['project', 'upload', file('blocked.yaml', yaml)])).code, 0);
    const standing = await cli(['project', 'automation', 'wallaby_blocked']);
    t.is(standing.code, 0, standing.out);
    t.regex(
      standing.out,
      /^automation of wallaby_blocked \(configuration version 1\): on but blocked: .*slurm-remote/m,
    );
    t.like(
      await json<{ enabled: boolean; blocked: string | null }>(['project', 'automation', 'wallaby_blocked']),
      {
        enabled: true,
      },
    );
    t.regex(
      (await cli(['overview'])).out,
      /^automation of wallaby_blocked \(configuration version 1\) is on but blocked: .*slurm-remote/m,
    );
    // Once the profile is there, nothing blocks it.
    const profile = {
      name: 'slurm-remote',
      project_module: 'wallaby_blocked',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    };
    t.is((await cli(['profile', 'add', file('slurm-remote.json', JSON.stringify(profile))])).code, 0);
    t.regex(
      (await cli(['project', 'automation', 'wallaby_blocked'])).out,
      /\(configuration version 1\): on; after/,
    );
    t.false((await cli(['overview'])).out.includes('wallaby_blocked'));
  },
);

cliCoverage(test, s, 'cliAutomation');
