/** Polls `ok` every 150 ms until it holds; fails naming `what` after `ms`. */
export const until = async (what: string, ok: () => Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
};
