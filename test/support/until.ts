const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks `ok` every `everyMs` until it holds or `ms` have passed; answers whether it held. */
const poll = async (ms: number, everyMs: number, ok: () => Promise<boolean>): Promise<boolean> => {
  const end = Date.now() + ms;
  for (;;) {
    if (await ok()) return true;
    if (Date.now() > end) return false;
    await sleep(everyMs);
  }
};

/** Polls `ok` every 150 ms until it holds; fails naming `what` after `ms`. */
export const until = async (what: string, ok: () => Promise<boolean>, ms = 60_000) => {
  if (!(await poll(ms, 150, ok))) throw new Error(`timed out waiting for ${what}`);
};

/**
 * Until `ok` holds, or `ms`; answers whether it did. A check that throws is "not yet" (a database
 * may be coming back), but one that never answered again throws its last error.
 */
export const holdsWithin = async (ms: number, ok: () => Promise<boolean>): Promise<boolean> => {
  let failed: unknown = null;
  const held = await poll(ms, 250, async () => {
    try {
      const answer = await ok();
      failed = null;
      return answer;
    } catch (err) {
      failed = err;
      return false;
    }
  });
  if (!held && failed) throw failed;
  return held;
};
