// The repository contract (support/repositoryContract.ts) on the memory repositories; the same rules
// run on PostgreSQL in integration/repositoryContract.
import test from 'ava';
import { SequentialRandom } from '../../adapters/memory/random.js';
import { memoryRepositories } from '../../adapters/memory/repositories.js';
import { runRepositoryContract } from '../support/repositoryContract.js';

runRepositoryContract(test, 'memory', async () => ({
  repos: memoryRepositories(new SequentialRandom()),
  done: async () => {},
}));
