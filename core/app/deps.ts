import type { SurveyorPorts, SurveyorSettings } from './ports.js';

/** The small deps object of each family of use cases, cut once from the ports. */
export const depsFrom = (p: SurveyorPorts, s: SurveyorSettings) => {
  const { clock, random, digest } = p;
  const { pollSpacing } = s;
  return {
    auth: {
      users: p.users,
      sessions: p.sessions,
      throttle: p.throttle,
      hasher: p.hasher,
      tokens: p.tokens,
      digest,
      random,
      clock,
      policy: s.policy,
    },
    profiles: { profiles: p.profiles, clock, random, translator: p.translator, backends: p.backends },
    projects: {
      patchableFields: s.patchableFields,
      configs: p.configs,
      events: p.events,
      digest,
      clock,
      graphs: p.graphs,
    },
    sources: { sources: p.sources, configs: p.configs, events: p.events, queue: p.queue, clock, random },
    discovery: { sources: p.sources, configs: p.configs, archive: p.archive, digest, clock },
    run: {
      executions: p.executions,
      sources: p.sources,
      configs: p.configs,
      stager: p.stager,
      graphs: p.graphs,
      translator: p.translator,
      backends: p.backends,
      digest,
      clock,
      pollSpacing,
    },
    executions: {
      executions: p.executions,
      sources: p.sources,
      configs: p.configs,
      profiles: p.profiles,
      events: p.events,
      digest,
      clock,
      random,
      queue: p.queue,
      workers: p.workers,
      workerStaleSeconds: s.workerStaleSeconds ?? 60,
      pollSpacing,
    },
    maintenance: { maintenance: p.maintenance, clock },
    alerts: {
      alerts: p.alerts,
      box: p.secretBox,
      notifier: p.notifier,
      targets: p.targets,
      queue: p.queue,
      workers: p.workers,
      executions: p.executions,
      translator: p.translator,
      archive: p.archive,
      configs: p.configs,
      profiles: p.profiles,
      outages: p.outages,
      clock,
      random,
    },
  };
};

export type SurveyorDeps = ReturnType<typeof depsFrom>;
