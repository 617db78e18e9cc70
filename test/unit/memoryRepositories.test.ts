import test from 'ava';
import { SequentialRandom } from '../../adapters/memory/random.js';
import { memoryRepositories } from '../../adapters/memory/repositories.js';
import { runRepositoryContract } from '../support/repositoryContract.js';

runRepositoryContract(test, 'memory', async () => ({
  repos: memoryRepositories(new SequentialRandom()),
  done: async () => {},
}));
