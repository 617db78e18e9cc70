// The chaos run's project, set up over the API as its users would: an admin uploads the
// configuration (a bash command sleeping a few seconds on the WALLABY example, automation off) and makes one profile per
// testbed, each through the proxy the counts and faults use; an operator registers and discovers sourcesPerRun sources
// per execution to come, then creates and executes them one by one: each run is a grouped
// submission, several sources in one graph and one job, so exactly once per run is exactly once per
// source (no source is in two runs).
import type { daliugeGraphDir } from '../support/daliuge.js';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { type SlurmTestbed, testbedDeployment } from '../support/slurm.js';
import { until } from '../support/until.js';
import { ChaosClient } from './client.js';
import type { Created } from './count.js';

export const chaosModule = 'wallaby_hires';
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
  await admin.expect('POST', '/project-configs', [200, 201], {
    // A run that lasts a few seconds on the backend, so that faults land in the middle of runs.
    raw: yamlWithGraph(
      'BashCommand.graph',
      o.graphs.sha['BashCommand.graph']!,
      bashCommand(`sleep ${runSeconds}`),
    ).replace('max_sources_per_execution: 1', `max_sources_per_execution: ${sourcesPerRun}`),
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
      },
    },
  });
  await admin.expect('POST', '/deployment-profiles', [201], {
    body: {
      name: 'chaos-slurm',
      project_module: module,
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      // The wide partition's two nodes run two jobs at once (each job takes a node whole); the
      // facility's eight would start eight DALiuGE clusters at once on a two-core machine, load
      // the faults do not need (test/slurm/facility runs the facility).
      deployment: testbedDeployment(o.slurm.tb, {
        login_node: o.slurm.frontHost,
        ssh_port: o.slurm.frontPort,
        partition: 'wide',
      }),
    },
  });
  const op = new ChaosClient(o.base);
  await op.login('chaos-op', o.passwords.op);
  const all = o.sources * sourcesPerRun + o.extraSources;
  const identifiers = Array.from({ length: all }, (_, i) => `HIPASSJ${String(1000 + i)}+01`);
  await op.expect('POST', '/sources/bulk', [200], {
    body: {
      project_module: module,
      sources: identifiers.map((source_identifier) => ({ source_identifier })),
    },
  });
  const discover = async () => {
    await op.expect('POST', '/sources/discover', [202], {
      body: { project_module: module, source_identifiers: identifiers },
    });
  };
  await discover();
  await until(
    'every source discovered',
    async () => {
      const a = await op.call('GET', `/sources?project_module=${module}&limit=500`);
      const items = (a.body as { items?: { discovery_state: string }[] }).items ?? [];
      return items.length === all && items.every((s) => s.discovery_state === 'done');
    },
    120_000,
  );

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
   * A maintenance window on both profiles, from now for `ms`, ending by itself; it takes the place
   * of one they have (a window that runs over is extended this way).
   */
  const pauseBoth = async (reason: string, ms: number): Promise<void> => {
    const list = await op.expect('GET', `/deployment-profiles?project_module=${module}`, [200]);
    const ids = ((list.body as { items: { id: string; name: string }[] }).items ?? [])
      .filter((p) => p.name === 'chaos-dim' || p.name === 'chaos-slurm')
      .map((p) => p.id);
    const until = new Date(Date.now() + ms).toISOString();
    for (const id of ids)
      await op.expect('POST', `/deployment-profiles/${id}/pause`, [200], {
        body: { reason, until, replace: true },
      });
  };
  return { admin, op, discover, startRun, pauseBoth };
};
