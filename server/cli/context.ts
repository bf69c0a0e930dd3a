import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { linkSigner } from '../security/tokens.ts';
import { publicAddress, type Settings } from '../settings.ts';
import { readSiteSettings } from '../siteSettings.ts';

/** Where a command writes: its standard output and error (tests pass their own and read them). */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** What the command-line tools share with the server: the database the settings name, the site's words, the link signer. */
export async function openContext(settings: Settings, root = process.cwd()) {
  const database: DatabaseHandle = await openDatabase({ databaseUrl: settings.databaseUrl, sqliteFile: settings.sqliteFile });
  const site = readSiteSettings(root);
  return {
    database,
    db: database.db,
    site,
    links: await linkSigner(database.db),
    // The server's own rule: links from a command run beside `npm start` open that server.
    publicUrl: publicAddress(settings),
    close: () => database.close(),
  };
}
