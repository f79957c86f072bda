// A store in Redis (ioredis): a crawler fleet shares one cache, and a short lease key taken with
// SET NX PX gives one fetch per origin across processes; the others poll for the stored result.

import { Redis, type RedisOptions } from 'ioredis';
import { decodeRecord, type Lease, leaseToken, type Store } from './store.js';

/** Options of {@link redisStore} when it opens its own connection. */
export interface RedisStoreOptions {
  /**
   * Connection URL, e.g. `redis://127.0.0.1:6379/0`; ignored when `client` is given.
   * @default 'redis://127.0.0.1:6379'
   */
  url?: string;
  /** An ioredis client to use; the store never closes it. */
  client?: Redis;
  /**
   * Extra ioredis options for the connection the store opens. By default a command is retried twice
   * while Redis is away (`maxRetriesPerRequest: 2`), so a Redis outage soon turns into store errors,
   * which the client survives by fetching, rather than into stalled robots checks.
   */
  redisOptions?: RedisOptions;
  /**
   * Prefix of every key (`<prefix>robots:<origin>`, `<prefix>lease:<origin>`).
   * @default 'heed:'
   */
  prefix?: string;
}

/** Deletes the lease only if this holder still has it (another may hold it after expiry). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A store in Redis. Pass options (`{ url }`) to let it open and close its connection, or an ioredis
 * client you own.
 *
 * @example
 * const store = redisStore({ url: 'redis://cache.internal:6379/2', prefix: 'crawler:' });
 * const client = createRobotsClient({ store });
 * // ... on shutdown:
 * await store.close();
 * @example
 * const redis = new Redis(process.env.REDIS_URL!);
 * const client = createRobotsClient({ store: redisStore(redis) });
 */
export function redisStore(options: RedisStoreOptions | Redis = {}): Store {
  const given = options instanceof Redis ? options : options.client;
  const settings: RedisStoreOptions = options instanceof Redis ? {} : options;
  const redis =
    given ??
    new Redis(settings.url ?? 'redis://127.0.0.1:6379', {
      maxRetriesPerRequest: 2,
      ...settings.redisOptions,
    });
  const owned = given === undefined;
  const prefix = settings.prefix ?? 'heed:';
  const recordKey = (key: string) => `${prefix}robots:${key}`;
  const leaseKey = (key: string) => `${prefix}lease:${key}`;

  return {
    async get(key) {
      return decodeRecord(await redis.get(recordKey(key)));
    },
    async set(key, record, ttlMs) {
      await redis.set(recordKey(key), JSON.stringify(record), 'PX', Math.max(Math.ceil(ttlMs), 1));
    },
    async delete(key) {
      await redis.del(recordKey(key));
    },
    async acquire(key, leaseMs): Promise<Lease | null> {
      const token = leaseToken();
      const name = leaseKey(key);
      const ok = await redis.set(name, token, 'PX', Math.max(Math.ceil(leaseMs), 1), 'NX');
      if (ok !== 'OK') return null;
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await redis.eval(RELEASE, 1, name, token);
        },
      };
    },
    async close() {
      if (owned && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    },
  };
}
