// Writes dist/*.d.cts beside dist/*.d.ts: the CommonJS build declares what the ESM build does, and TypeScript
// (node16, nodenext) reads a .d.cts for a `require`, whose relative module names must name .cjs files (in a
// declaration file, the only quoted relative names ending in .js are module names).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = 'dist';
for (const name of readdirSync(dist)) {
  if (!name.endsWith('.d.ts')) continue;
  const text = readFileSync(join(dist, name), 'utf8').replace(/(['"])(\.\.?\/[^'"\n]+)\.js\1/g, '$1$2.cjs$1');
  writeFileSync(join(dist, name.replace(/\.d\.ts$/, '.d.cts')), text);
}
