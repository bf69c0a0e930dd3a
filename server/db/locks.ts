import type { Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Holds the named lock until the caller's transaction ends, on both databases: a write to the lock's row in
 * site_state, which PostgreSQL keeps locked (a second transaction's write waits for the first to commit, and its later
 * statements then see what the first wrote) and which SQLite's one writer holds anyway. Take it first in the
 * transaction, for a decision that counts rows (a cap) before it writes: see CONTRIBUTING.md, "Money and credit move once".
 */
export async function holdLock(trx: Transaction<Database>, name: string): Promise<void> {
  await trx
    .insertInto('site_state')
    .values({ key: `lock:${name}`, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}
