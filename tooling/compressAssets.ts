import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest']);
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Dot folders (Vite's manifest) are never served.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* filesUnder(full);
    } else if (entry.isFile()) yield full;
  }
}

/**
 * Brotli's best quality takes about 15 times longer than quality 6 for about
 * 10% fewer bytes. That pays on the large files (the entry script, the search
 * index, and today most pages too: their HTML is about 72 KB, so 349 of them
 * take 16 of a build's 25 s on 2 cores), not on the small files: with quality
 * 6 for those, a build of thousands of small pages stays in minutes.
 */
const LARGE = 32 * 1024;
function qualityFor(size: number, compression: Compression): number {
  return size >= LARGE && compression === 'best' ? 11 : 6;
}

/** `fast`: quality 6 for every file, for the builds tests make (BUILD_COMPRESSION, never in production). */
export type Compression = 'best' | 'fast';

/**
 * Writes .br and .gz copies of every text file of the built site, so the server
 * sends them as they are (preCompressed) instead of compressing on each request.
 */
export async function compressAssets(clientDir: string, compression: Compression = 'best'): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let bytes = 0;
  let brotliBytes = 0;
  const sources = [...filesUnder(clientDir)].filter((file) => COMPRESSIBLE.has(path.extname(file)));
  const compressOne = async (file: string): Promise<boolean> => {
    const source = await fs.promises.readFile(file);
    if (source.length < MIN_BYTES) return false;
    // zlib's async calls run on the thread pool, so the files compress in parallel.
    const [brotli, gzipped] = await Promise.all([
      brotliCompress(source, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: qualityFor(source.length, compression), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
      gzip(source, { level: 9 }),
    ]);
    await Promise.all([fs.promises.writeFile(`${file}.br`, brotli), fs.promises.writeFile(`${file}.gz`, gzipped)]);
    bytes += source.length;
    brotliBytes += brotli.length;
    return true;
  };
  // A few files at a time: enough to keep the thread pool busy, too few to run out of file handles.
  let next = 0;
  let files = 0;
  const worker = async () => {
    while (next < sources.length) if (await compressOne(sources[next++]!)) files++;
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { files, bytes, brotliBytes };
}
