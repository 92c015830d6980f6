/** `npm run build` step: writes the SVG artwork into public/art before Vite copies public/ into the build. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeArtFiles } from '../server/art-files.ts';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
console.log(`[web] wrote ${writeArtFiles(publicDir)} artwork files to ${publicDir}/art`);
