// Writes vouch.schema.json and the README's policy reference; `npm run policy:schema` after changing the policy.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderSchema, SCHEMA_FILE, updateReadme } from './policy-schema.js';

// npm runs scripts from the package root; the bundled copy of this file lives elsewhere.
const root = process.cwd();
writeFileSync(join(root, SCHEMA_FILE), renderSchema());
const readmePath = join(root, 'README.md');
writeFileSync(readmePath, updateReadme(readFileSync(readmePath, 'utf8')));
console.log(`wrote ${SCHEMA_FILE} and the policy reference in README.md`);
