import type { Db } from './db.js';

/**
 * Keeps a LISTEN open on `channel` on a dedicated connection and calls `onMessage` for every
 * NOTIFY; reconnects with backoff when the connection drops. Returns a function that stops it.
 */
export const listen = (
  db: Db,
  channel: string,
  onMessage: (payload: string) => void,
  onError: (err: unknown) => void,
): (() => Promise<void>) => {
  let stopped = false;
  let current: { done: () => void | Promise<void> } | undefined;
  let delay = 250;
  // A direct connection's done() ends it and may answer with a promise: never left unheard.
  const close = (conn: { done: () => void | Promise<void> }) =>
    Promise.resolve()
      .then(() => conn.done())
      .catch(() => {});
  const connect = async (): Promise<void> => {
    while (!stopped) {
      try {
        const conn = await db.connect({ direct: true });
        if (stopped) return void (await close(conn));
        current = conn;
        conn.client.on('notification', (m) => onMessage(m.payload ?? ''));
        conn.client.on('error', (err) => {
          current = undefined;
          void close(conn);
          // After stop, the connection's end (the database stopping after us) is no fault.
          if (stopped) return;
          onError(err);
          setTimeout(() => void connect(), delay);
        });
        await conn.none('LISTEN $1:name', [channel]);
        delay = 250;
        // A wake-up after (re)connecting: anything enqueued while we were away is picked up.
        onMessage('reconnected');
        return;
      } catch (err) {
        if (stopped) return;
        onError(err);
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 10_000);
      }
    }
  };
  void connect();
  return async () => {
    stopped = true;
    const conn = current;
    current = undefined;
    // Waited for (so the database may stop after it), but never past 2 s.
    if (conn) await Promise.race([close(conn), new Promise((r) => setTimeout(r, 2000).unref())]);
  };
};
