// One interface for every cache of robots.txt records, so a crawler picks memory, SQLite or Redis
// without the client caring. Records are plain JSON (see RobotsRecord): a restart or another process
// re-parses the stored body; no store holds a RobotsTxt object.

import { randomUUID } from 'node:crypto';
import type { RobotsRecord } from '../types.js';

/** A held lease: one fetch per origin across every client sharing the store. */
export interface Lease {
  /** Gives the lease up (only if it is still this holder's); safe to call twice. */
  release(): Promise<void>;
}

/**
 * Where a client keeps its records, and how its clients agree on who fetches an origin.
 *
 * Contract (run against every store by test/fetch/store-contract.test.ts):
 * - `get` returns what `set` stored under the key (as an equal JSON value), or undefined when
 *   nothing is stored, the entry was deleted, or its `ttlMs` passed;
 * - `acquire` hands out one lease per key at a time: null while another holder's lease is live;
 *   a lease ends on `release` or when `leaseMs` passes (so a crashed holder blocks no one for long).
 *
 * @example
 * const lease = await store.acquire('https://example.com', 15_000);
 * if (lease) {
 *   try { await store.set('https://example.com', record, 86_400_000); } finally { await lease.release(); }
 * }
 */
export interface Store {
  get(key: string): Promise<RobotsRecord | undefined>;
  /** Stores `record` under `key` for `ttlMs` milliseconds (the store may drop it earlier, e.g. LRU). */
  set(key: string, record: RobotsRecord, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Tries to take the fetch lease of `key` for `leaseMs`; null when someone else holds it. */
  acquire(key: string, leaseMs: number): Promise<Lease | null>;
  /** Releases what the store opened itself (a connection or a database it was given stays open). */
  close(): Promise<void>;
}

/**
 * A random token naming one lease holder, so only it can release its lease.
 *
 * @example
 * leaseToken(); // '4242-0f8e...'
 */
export function leaseToken(): string {
  return `${process.pid}-${randomUUID()}`;
}

/**
 * Reads a stored JSON text back, or undefined when it is not a record heed wrote (a corrupt value
 * or another version's record counts as a miss, never as an error).
 *
 * @example
 * decodeRecord('{not json'); // undefined
 */
export function decodeRecord(text: string | null | undefined): RobotsRecord | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const value = JSON.parse(text) as RobotsRecord;
    return value && typeof value === 'object' && value.v === 1 ? value : undefined;
  } catch {
    return undefined;
  }
}
