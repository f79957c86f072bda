// The default store: records in this process only, least recently used dropped first.

import type { RobotsRecord } from '../types.js';
import { type Lease, leaseToken, type Store } from './store.js';

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /**
   * Records kept; past it the least recently used is dropped (a body is at most `maxBytes`).
   * @default 1000
   */
  maxEntries?: number;
  /**
   * Clock for entry and lease expiry.
   * @default Date.now
   */
  now?: () => number;
}

interface Entry {
  /** Kept as JSON text so callers never share (and mutate) one object. */
  text: string;
  expiresAt: number;
}

/**
 * A store in this process's memory: an LRU of at most `maxEntries` records. Its leases coordinate
 * the clients that share this one store object.
 *
 * @example
 * const client = createRobotsClient({ store: memoryStore({ maxEntries: 10_000 }) });
 */
export function memoryStore(options: MemoryStoreOptions = {}): Store {
  const maxEntries = options.maxEntries ?? 1000;
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    throw new TypeError(
      `memoryStore: maxEntries must be a whole number of 1 or more, not ${maxEntries}`,
    );
  }
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const leases = new Map<string, { token: string; until: number }>();

  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry); // most recently used goes last
      return JSON.parse(entry.text) as RobotsRecord;
    },
    async set(key, record, ttlMs) {
      entries.delete(key);
      entries.set(key, { text: JSON.stringify(record), expiresAt: now() + Math.max(ttlMs, 1) });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    async delete(key) {
      entries.delete(key);
    },
    async acquire(key, leaseMs): Promise<Lease | null> {
      const held = leases.get(key);
      const t = now();
      if (held && held.until > t) return null;
      const token = leaseToken();
      leases.set(key, { token, until: t + leaseMs });
      return {
        async release() {
          if (leases.get(key)?.token === token) leases.delete(key);
        },
      };
    },
    async close() {
      entries.clear();
      leases.clear();
    },
  };
}
