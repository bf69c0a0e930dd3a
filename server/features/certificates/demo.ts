import fs from 'node:fs';
import path from 'node:path';
import type { Certificate } from '../../../engine/types.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { upsertCertificates } from './repository.ts';

const FLAG = 'demo_certificates_loaded';

/** The first start outside production loads the demo certificates once, marked as samples everywhere they show (README lists them). */
export async function loadDemoCertificatesOnce(handle: DatabaseHandle): Promise<number> {
  const done = await handle.db.selectFrom('site_state').select('value').where('key', '=', FLAG).executeTakeFirst();
  if (done) return 0;
  const file = path.join(import.meta.dirname, '..', '..', 'db', 'demoCertificates.json');
  const certificates = JSON.parse(fs.readFileSync(file, 'utf8')) as Certificate[];
  const result = await upsertCertificates(handle.db, certificates, { sample: true });
  await handle.db.insertInto('site_state').values({ key: FLAG, value: new Date().toISOString() }).execute();
  return result.added;
}
