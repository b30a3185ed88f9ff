import { defineConfig } from 'tsup';

// One ESM build with declarations; the CLI gets its shebang from its own first line.
export default defineConfig({
  entry: { index: 'src/index.ts', 'cli/main': 'src/cli/main.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  splitting: true,
  sourcemap: false,
});
