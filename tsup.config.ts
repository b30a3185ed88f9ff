import { existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One ESM build with declarations. Entries are the package's public subpaths; each is built
// once its source exists, so a surface lands with its own commit. The CLI's shebang is its own.
const ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  'cli/main': 'src/cli/main.ts',
  guard: 'src/guard/index.ts',
  compat: 'src/integrations/compat.ts',
  pi: 'src/integrations/pi.ts',
};

export default defineConfig({
  entry: Object.fromEntries(Object.entries(ENTRIES).filter(([, file]) => existsSync(file))),
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  splitting: true,
  sourcemap: false,
  // TypeBox ships ~270 ESM files; resolving them costs `vouch analyze` ~90 ms of cold start, bundled it is a few.
  noExternal: ['@sinclair/typebox'],
});
