/**
 * `tsx scripts/precompress.ts [dir]` (the last step of `npm run build`): brotli and gzip copies
 * of the built text assets in dir (default dist/client); see scripts/http/precompress.ts.
 */
import path from 'node:path';
import { precompressDir } from './http/precompress';

const dir = path.resolve(process.argv[2] ?? 'dist/client');
const { files, before, brotli } = precompressDir(dir);
process.stdout.write(
  `precompressed ${files} files in ${path.relative(process.cwd(), dir)}: ` +
    `${Math.round(before / 1024)} KB -> ${Math.round(brotli / 1024)} KB brotli\n`,
);
