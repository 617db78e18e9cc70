// Suites that time the service's own answers (test/alone/): run after the other suites, one file at
// a time, so that the CPU other suites use does not count against the service.
export default {
  files: ['dist/test/alone/**/*.test.js'],
  concurrency: 1,
  timeout: '120s',
  workerThreads: false,
};
