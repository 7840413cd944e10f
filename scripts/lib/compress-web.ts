// Brotli and gzip copies of the built web app's text files, written beside them at build time so the
// server sends them as they are (@fastify/static's preCompressed) instead of compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
// Below this the headers cost more than compression saves.
const MIN_BYTES = 512;

export type CompressedFile = { file: string; bytes: number; brBytes: number | null; gzBytes: number | null };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes file.br and file.gz for each compressible file of webDir, when smaller than the file. */
export async function compressWebAssets(webDir: string): Promise<CompressedFile[]> {
  // Pre-rendered pages get the site's origin put in when served, so they are compressed then instead.
  const prerendered = path.join(webDir, 'prerendered') + path.sep;
  const files = (await filesUnder(webDir)).filter(
    (file) => COMPRESSIBLE.test(file) && !file.startsWith(prerendered),
  );
  return Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const result: CompressedFile = {
        file: path.relative(webDir, file),
        bytes: content.length,
        brBytes: null,
        gzBytes: null,
      };
      if (content.length < MIN_BYTES) return result;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) {
        await writeFile(`${file}.br`, br);
        result.brBytes = br.length;
      }
      if (gz.length < content.length) {
        await writeFile(`${file}.gz`, gz);
        result.gzBytes = gz.length;
      }
      return result;
    }),
  );
}
