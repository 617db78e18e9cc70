// The chaos run's projects, set up over the API as their users would. An admin uploads the
// configuration (a bash command sleeping a few seconds on the WALLABY example, automation off) and
// makes one profile per testbed, each through the proxy the counts and faults use; an operator
// registers and discovers sourcesPerRun sources per execution to come, then creates and executes
// them one by one: each run is a grouped submission, several sources in one graph and one job, so
// exactly once per run is exactly once per source (no source is in two runs). A second project,
// autoModule, is a survey run by automation on the Slurm testbed's facility (its partition and
// QOS): sources arrive a group at a time while the faults land, and automation groups them
// sourcesPerRun to a run, so every source there must end in exactly one run that did not fail.
import type { daliugeGraphDir } from '../support/daliuge.js';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { automatedYaml } from '../support/project.js';
import { type SlurmTestbed, testbedDeployment } from '../support/slurm.js';
import { until } from '../support/until.js';
import { ChaosClient } from './client.js';
import type { Created } from './count.js';

export const chaosModule = 'wallaby_hires';
/** The survey automation runs on the facility. */
export const autoModule = 'wallaby_survey';
/** Profiles by project: the pauses reach every one. */
const profileNames = { [chaosModule]: ['chaos-dim', 'chaos-slurm'], [autoModule]: ['chaos-facility'] };
/** How long each run's graph works on its backend (a bash `sleep`). */
export const runSeconds = 4;
/** The sources each execution runs together. */
export const sourcesPerRun = 3;

export interface ChaosProjectOptions {
  readonly base: string;
  readonly passwords: { readonly admin: string; readonly op: string };
  readonly graphs: ReturnType<typeof daliugeGraphDir>;
  /** The island manager, and the proxy in front of it that the workers use (address and port). */
  readonly dim: {
    readonly host: string;
    readonly port: number;
    readonly frontHost: string;
    readonly frontPort: number;
  };
  /** The Slurm testbed, and the TCP proxy in front of its sshd (the workers' login node). */
  readonly slurm: { readonly tb: SlurmTestbed; readonly frontHost: string; readonly frontPort: number };
  /** Executions to come (each of sourcesPerRun sources). */
  readonly sources: number;
  /** Sources only discovered, never run. */
  readonly extraSources: number;
}

export const prepareChaosProject = async (o: ChaosProjectOptions) => {
  const module = chaosModule;
  const admin = new ChaosClient(o.base);
  await admin.login('chaos-admin', o.passwords.admin);
  // A run that lasts a few seconds on the backend, so that faults land in the middle of runs.
  const yaml = yamlWithGraph(
    'BashCommand.graph',
    o.graphs.sha['BashCommand.graph']!,
    bashCommand(`sleep ${runSeconds}`),
  );
  await admin.expect('POST', '/project-configs', [200, 201], {
    raw: yaml.replace('max_sources_per_execution: 1', `max_sources_per_execution: ${sourcesPerRun}`),
    type: 'application/x-yaml',
  });
  await admin.expect('POST', '/project-configs', [200, 201], {
    raw: automatedYaml(yaml.replace(`module: ${chaosModule}`, `module: ${autoModule}`), {
      profile: 'chaos-facility',
      perExecution: sourcesPerRun,
      concurrentRuns: 6,
    }),
    type: 'application/x-yaml',
  });
  await admin.expect('POST', '/deployment-profiles', [201], {
    body: {
      name: 'chaos-dim',
      project_module: module,
      translation: { num_par: 1, num_islands: 1 },
      deployment: {
        kind: 'rest_remote',
        deploy_host: o.dim.frontHost,
        deploy_port: o.dim.frontPort,
        // The translator maps onto the DIM itself; only the worker goes through the proxy.
        dim_host_for_tm: o.dim.host,
        dim_port_for_tm: o.dim.port,
        // As at a site that restores backups (docs/deployment.md): a run that ended after the
        // backup is found ended on the island manager, not gone.
        ended_sessions: 'keep',
      },
    },
  });
  /** A profile of a project on the Slurm testbed, through the proxy in front of its sshd. */
  const slurmProfile = (name: string, project_module: string, over: Record<string, unknown>) =>
    admin.expect('POST', '/deployment-profiles', [201], {
      body: {
        name,
        project_module,
        translation: { algo: 'metis', num_par: 1, num_islands: 1 },
        deployment: testbedDeployment(o.slurm.tb, {
          login_node: o.slurm.frontHost,
          ssh_port: o.slurm.frontPort,
          ...over,
        }),
      },
    });
  // The wide partition's two nodes run two jobs at once (each job takes a node whole); all eight
  // of the facility's would start eight DALiuGE clusters at once on a two-core machine, load the
  // faults do not need.
  await slurmProfile('chaos-slurm', module, { partition: 'wide' });
  // The survey: two jobs of ours at a time on the facility, under the facility's QOS, whose limit
  // the site-limit fault lowers.
  await slurmProfile('chaos-facility', autoModule, {
    partition: o.slurm.tb.facility.partition,
    qos: o.slurm.tb.facility.qos,
    max_queued_jobs: 2,
  });
  const op = new ChaosClient(o.base);
  await op.login('chaos-op', o.passwords.op);
  const all = o.sources * sourcesPerRun + o.extraSources;
  const identifiers = Array.from({ length: all }, (_, i) => `HIPASSJ${String(1000 + i)}+01`);
  // In requests of at most 1000 sources, the API's limit per request (the large size has more).
  const chunks = Array.from({ length: Math.ceil(all / 1000) }, (_, i) =>
    identifiers.slice(i * 1000, (i + 1) * 1000),
  );
  for (const chunk of chunks)
    await op.expect('POST', '/sources/bulk', [200], {
      body: { project_module: module, sources: chunk.map((source_identifier) => ({ source_identifier })) },
    });
  const discover = async () => {
    for (const chunk of chunks)
      await op.expect('POST', '/sources/discover', [202], {
        body: { project_module: module, source_identifiers: chunk },
      });
  };
  await discover();
  await until(
    'every source discovered',
    async () => {
      // Every page: the large size has more sources than one page holds.
      const items = await op.all<{ discovery_state: string }>(`/sources?project_module=${module}`);
      return items.length === all && items.every((s) => s.discovery_state === 'done');
    },
    120_000,
  );

  /** The survey's sources so far: a group of sourcesPerRun arrives at a time. */
  const surveyed: string[] = [];
  /** A group of new sources for automation, registered and asked to be discovered. */
  const addGroup = async (): Promise<void> => {
    const group = Array.from(
      { length: sourcesPerRun },
      (_, i) => `HIPASSJ${String(5000 + surveyed.length + i)}-02`,
    );
    surveyed.push(...group);
    await op.expect('POST', '/sources/bulk', [200], {
      body: {
        project_module: autoModule,
        sources: group.map((source_identifier) => ({ source_identifier })),
      },
    });
    await op.expect('POST', '/sources/discover', [202], {
      body: { project_module: autoModule, source_identifiers: group },
    });
  };

  /**
   * Creates an execution of run `i`'s sources on a backend under an Idempotency-Key (asked again through
   * an outage, it is still one execution), says its id at once, then asks it to run.
   */
  const startRun = async (
    backend: Created['backend'],
    i: number,
    key: string,
    created: (id: string) => void,
  ): Promise<void> => {
    const c = await op.expect('POST', '/executions', [200, 201], {
      key,
      body: {
        project_module: module,
        archive_name: 'casda',
        deployment_profile_name: backend === 'daliuge' ? 'chaos-dim' : 'chaos-slurm',
        sources: identifiers
          .slice(i * sourcesPerRun, (i + 1) * sourcesPerRun)
          .map((source_identifier) => ({ source_identifier })),
      },
    });
    const id = (c.body as { uuid: string }).uuid;
    created(id);
    // Asked again after an outage, execute may find it queued already: 409, and that is fine.
    await op.expect('POST', `/executions/${id}/execute`, [202, 409], { body: { do_stage: false } });
  };
  /**
   * A maintenance window on every profile, from now for `ms`, ending by itself; it takes the place
   * of one they have (a window that runs over is extended this way).
   */
  const pauseAll = async (reason: string, ms: number): Promise<void> => {
    const until = new Date(Date.now() + ms).toISOString();
    for (const [m, names] of Object.entries(profileNames)) {
      const list = await op.all<{ id: string; name: string }>(`/deployment-profiles?project_module=${m}`);
      for (const p of list.filter((p) => names.includes(p.name)))
        await op.expect('POST', `/deployment-profiles/${p.id}/pause`, [200], {
          body: { reason, until, replace: true },
        });
    }
  };
  return { admin, op, discover, startRun, pauseAll, addGroup, surveyed };
};
