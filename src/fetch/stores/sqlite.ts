// A store in one SQLite file (better-sqlite3): records survive restarts, and the processes of one
// machine that open the same file share the cache and its fetch leases (WAL mode, busy timeout).

import Database from 'better-sqlite3';
import { decodeRecord, type Lease, leaseToken, type Store } from './store.js';

/** Options of {@link sqliteStore}. */
export interface SqliteStoreOptions {
  /**
   * Prefix of the two tables made in the file (`<prefix>robots`, `<prefix>leases`).
   * Letters, digits and underscores only.
   * @default 'heed_'
   */
  tablePrefix?: string;
  /**
   * Clock for entry and lease expiry.
   * @default Date.now
   */
  now?: () => number;
}

/**
 * A store in the SQLite database at `path` (created if missing; `':memory:'` for a private one).
 * Expired rows are skipped on read and swept now and then on write.
 *
 * @example
 * const store = sqliteStore('/var/lib/crawler/robots.sqlite');
 * const client = createRobotsClient({ store });
 * // ... on shutdown:
 * await store.close();
 */
export function sqliteStore(path: string, options: SqliteStoreOptions = {}): Store {
  const prefix = options.tablePrefix ?? 'heed_';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(prefix)) {
    throw new TypeError(
      `sqliteStore: tablePrefix must be letters, digits and underscores, not ${JSON.stringify(prefix)}`,
    );
  }
  const now = options.now ?? Date.now;
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  if (path !== ':memory:' && path !== '') db.pragma('journal_mode = WAL');
  const robots = `${prefix}robots`;
  const leases = `${prefix}leases`;
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${robots} (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${leases} (
      key TEXT PRIMARY KEY,
      token TEXT NOT NULL,
      until INTEGER NOT NULL
    );
  `);
  const select = db.prepare<[string], { value: string; expires_at: number }>(
    `SELECT value, expires_at FROM ${robots} WHERE key = ?`,
  );
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO ${robots} (key, value, expires_at) VALUES (?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
  );
  const remove = db.prepare<[string]>(`DELETE FROM ${robots} WHERE key = ?`);
  const sweep = db.prepare<[number]>(`DELETE FROM ${robots} WHERE expires_at <= ?`);
  const dropExpiredLease = db.prepare<[string, number]>(
    `DELETE FROM ${leases} WHERE key = ? AND until <= ?`,
  );
  const takeLease = db.prepare<[string, string, number]>(
    `INSERT OR IGNORE INTO ${leases} (key, token, until) VALUES (?, ?, ?)`,
  );
  const giveLease = db.prepare<[string, string]>(
    `DELETE FROM ${leases} WHERE key = ? AND token = ?`,
  );
  // IMMEDIATE takes the write lock first, so two processes cannot both see the lease free.
  const tryLease = db
    .transaction((key: string, token: string, until: number, t: number): boolean => {
      dropExpiredLease.run(key, t);
      return takeLease.run(key, token, until).changes === 1;
    })
    .immediate.bind(null);
  let writes = 0;

  return {
    async get(key) {
      const row = select.get(key);
      if (!row || row.expires_at <= now()) return undefined;
      return decodeRecord(row.value);
    },
    async set(key, record, ttlMs) {
      const t = now();
      upsert.run(key, JSON.stringify(record), t + Math.max(ttlMs, 1));
      if (++writes % 100 === 0) sweep.run(t);
    },
    async delete(key) {
      remove.run(key);
    },
    async acquire(key, leaseMs): Promise<Lease | null> {
      const token = leaseToken();
      const t = now();
      if (!tryLease(key, token, t + leaseMs, t)) return null;
      let released = false;
      return {
        async release() {
          if (released || !db.open) return;
          released = true;
          giveLease.run(key, token);
        },
      };
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
