/** At most `limit` callers run at once; the others wait in order (an aborted waiter leaves the line). */
export class Semaphore {
  private running = 0;
  private readonly waiting: { go: () => void }[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(f: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.enter(signal);
    try {
      return await f();
    } finally {
      this.leave();
    }
  }

  /** A place held until the returned release is called (once; later calls do nothing). */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    await this.enter(signal);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.leave();
    };
  }

  private leave() {
    this.running--;
    this.waiting.shift()?.go();
  }

  private enter(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        go: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running++;
          resolve();
        },
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }
}
