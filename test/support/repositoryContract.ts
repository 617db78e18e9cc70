// One set of repository rules, run against the PostgreSQL repositories and the memory ones alike.
import { projectsContract } from './contract/projects.js';
import { accountsContract } from './contract/accounts.js';
import { sourcesContract } from './contract/sources.js';
import { executionsContract } from './contract/executions.js';
import { admissionsContract } from './contract/admissions.js';
import { recordsContract } from './contract/records.js';
import { usageContract } from './contract/usage.js';
import { alertsContract } from './contract/alerts.js';
import { ruleFormsContract } from './contract/ruleForms.js';
import type { RepositoriesFactory, Rule } from './contract/base.js';
import type { ExecutionContext } from 'ava';

export type { Repositories, RepositoriesFactory } from './contract/base.js';

/** Every rule, by name: each file of contract/ holds those of one part of the stores. */
export const repositoryContract: Record<string, Rule> = {
  ...projectsContract,
  ...accountsContract,
  ...sourcesContract,
  ...executionsContract,
  ...admissionsContract,
  ...recordsContract,
  ...usageContract,
  ...alertsContract,
  ...ruleFormsContract,
};

/** Registers every rule as a test of `label`'s repositories. */
export const runRepositoryContract = (
  test: (name: string, fn: (t: ExecutionContext) => Promise<void>) => void,
  label: string,
  make: RepositoriesFactory,
) => {
  for (const [name, rule] of Object.entries(repositoryContract))
    test(`${label}: ${name}`, async (t) => {
      const { repos, done } = await make();
      t.teardown(done);
      await rule(t, repos);
    });
};
