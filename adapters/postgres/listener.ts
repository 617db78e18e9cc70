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
  let current: { done: () => void } | undefined;
  let delay = 250;
  const connect = async (): Promise<void> => {
    while (!stopped) {
      try {
        const conn = await db.connect({ direct: true });
        current = conn;
        conn.client.on('notification', (m) => onMessage(m.payload ?? ''));
        conn.client.on('error', (err) => {
          onError(err);
          current = undefined;
          try {
            conn.done();
          } catch {
            // already closed
          }
          if (!stopped) setTimeout(() => void connect(), delay);
        });
        await conn.none('LISTEN $1:name', [channel]);
        delay = 250;
        // A wake-up after (re)connecting: anything enqueued while we were away is picked up.
        onMessage('reconnected');
        return;
      } catch (err) {
        onError(err);
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 10_000);
      }
    }
  };
  void connect();
  return async () => {
    stopped = true;
    try {
      current?.done();
    } catch {
      // already closed
    }
  };
};
