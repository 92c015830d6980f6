/** Writes docs/index-reference.md from the table declarations (see src/reference.ts). */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderReference } from '../src/reference.ts';

export const REFERENCE_PATH = fileURLToPath(new URL('../../docs/index-reference.md', import.meta.url));

writeFileSync(REFERENCE_PATH, renderReference());
// the repository's formatter pads the tables; the test compares modulo that padding
execFileSync('npx', ['biome', 'format', '--write', REFERENCE_PATH], { stdio: 'inherit' });
console.log(`wrote ${REFERENCE_PATH}`);
