/** Writes docs/index-reference.md from the table declarations (see src/reference.ts). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderReference } from '../src/reference.ts';

export const REFERENCE_PATH = fileURLToPath(new URL('../../docs/index-reference.md', import.meta.url));

writeFileSync(REFERENCE_PATH, renderReference());
console.log(`wrote ${REFERENCE_PATH}`);
