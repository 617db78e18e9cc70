// The batch backend's end-to-end suites (test/slurm/): one file at a time, since they share one
// Slurm testbed and count its scheduler commands, SSH logins and sbatch hook (scripts/test runs
// them after the other suites).
export default {
  files: ['dist/test/slurm/**/*.test.js'],
  concurrency: 1,
  timeout: '120s',
  workerThreads: false,
};
