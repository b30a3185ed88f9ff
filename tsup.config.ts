import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import ts from 'typescript';

// `npm run build` empties dist/ first (the builds run at once, so none may clean), then writes the CLI's
// code cache. The library: an ESM build and a CommonJS build beside it (`require('vouch')`), with declarations
// for both (.d.ts, .d.cts). Entries are the package's public subpaths; each is built once its source exists,
// so a surface lands with its own commit.
const ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  guard: 'src/guard/index.ts',
  compat: 'src/integrations/compat.ts',
  pi: 'src/integrations/pi.ts',
};

/** The library builds. */
const LIBRARY = {
  entry: Object.fromEntries(Object.entries(ENTRIES).filter(([, file]) => existsSync(file))),
  target: 'node20',
  sourcemap: false,
  // TypeBox ships ~270 ESM files; resolving them costs `vouch analyze` ~90 ms of cold start, bundled it is a few.
  noExternal: ['@sinclair/typebox'],
};

/** Both CLI files: CommonJS for Node 20, no source maps. */
const CLI_CJS = {
  format: 'cjs' as const,
  outExtension: () => ({ js: '.cjs' }),
  target: 'node20',
  platform: 'node' as const,
  sourcemap: false,
};

/**
 * Parts of the CLI that a hook call never runs live in files of their own beside the bundle, loaded when their
 * command runs: `init` and `doctor` (vouch-setup.cjs), `serve` and `--batch --workers` (vouch-serve.cjs). An
 * `import('./setup.js')` or `import('./serve.js')` under src/cli/ becomes a small module that requires the file
 * beside the bundle (a require, since the launcher compiles the bundle as a script, which has no dynamic import).
 */
const APART: Record<string, string> = { './setup.js': './vouch-setup.cjs', './serve.js': './vouch-serve.cjs' };
const PARTS_APART: Plugin = {
  name: 'vouch-parts-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/(setup|serve)\.js$/ }, (args) =>
      args.importer.includes(join('src', 'cli')) ? { path: APART[args.path]!, namespace: 'vouch-apart' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'vouch-apart' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js', resolveDir: 'dist/cli' }));
    build.onResolve({ filter: /^\.\/vouch-(setup|serve)\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * The CLI files carry no examples: every registry entry, rule and interpreter reader holds its deny and pass examples
 * beside its code, for the tests and the corpus (`npm run corpus:examples`), and no command of the CLI reads them.
 * Bundled, they were 230 kB of the 1.66 MB every hook call reads, and a quarter of the time V8 spends taking the
 * bundle back from its code cache (the arrays are built by the modules' start-up code, so their text is in the cache
 * too). Each `examples: …` property of an object literal under these folders is given empty lists instead; the
 * library builds keep them.
 */
const NO_EXAMPLES: Plugin = {
  name: 'vouch-no-examples',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/](programs|languages|rules|powershell)[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const file = ts.createSourceFile(args.path, text, ts.ScriptTarget.Latest, true);
      const cuts: [number, number][] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'examples' && ts.isObjectLiteralExpression(node.parent)) {
          cuts.push([node.initializer.getStart(file), node.initializer.end]);
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      let out = text;
      for (const [from, to] of cuts.reverse()) out = `${out.slice(0, from)}{ deny: [], pass: [] }${out.slice(to)}`;
      return { contents: out, loader: 'ts' };
    });
  },
};

export default defineConfig([
  {
    ...LIBRARY,
    format: ['esm'],
    splitting: true,
    // The .d.cts beside them are copies (scripts/cjs-types.mjs): the same declarations, a second pass would double the build.
    dts: true,
  },
  {
    // Split like the ESM build, so `vouch` and `vouch/guard` share one analyzer module (one wasm runtime) when
    // both are required. `shims` gives `import.meta.url` (where the grammars and the wasm runtime are found) its
    // CommonJS equivalent.
    ...LIBRARY,
    format: ['cjs'],
    splitting: true,
    shims: true,
  },
  {
    // The CLI: one CommonJS file holding everything it runs (web-tree-sitter's JavaScript included), so the
    // launcher can compile it through V8's code cache (src/cli/vouch.cts), which ESM cannot do on Node 20.
    ...CLI_CJS,
    entry: { 'cli/vouch-main': 'src/cli/main.ts' },
    splitting: false,
    shims: true,
    noExternal: [/.*/],
    // Half the bytes to read and compile on every run. Names are not kept: keeping them cost a call at start-up for
    // every function and class (and 4% of the bytes), and the errors the CLI tells apart carry their name as a
    // property (UsageError, PolicyError).
    minify: true,
    // A new bundle makes the old code cache stale: delete it here, so only `--build-code-cache` makes one. The
    // bundle's last line names its content (sha256 of the rest); the code cache is keyed by that line, which an
    // install keeps (npm sets every file's mtime to one fixed date, so a key by mtime never matched after one).
    async onSuccess() {
      rmSync('dist/cli/vouch-main.cjs.cache', { force: true });
      const bundle = 'dist/cli/vouch-main.cjs';
      // The launcher reads the bundle as latin1, which is its UTF-8 only while it is ASCII (esbuild's default).
      if (readFileSync(bundle).some((b) => b > 0x7f)) throw new Error(`${bundle} holds a byte over 0x7f: the launcher reads it as latin1`);
      // Written as the function Node's module wrapper would make of it, so the launcher compiles the file's text as it
      // is read: wrapping it there joined two strings that V8 then copied whole before compiling (1.6 MB of fresh memory
      // on every hook call, and fresh pages are what a start-up pays most for). It is a script now, not a module.
      writeFileSync(bundle, `${Module.wrap(readFileSync(bundle, 'latin1').replace(/\n+$/, ''))}\n`, 'latin1');
      const digest = createHash('sha256').update(readFileSync(bundle)).digest('hex');
      appendFileSync(bundle, `//# vouch-bundle sha256-${digest}\n`);
    },
    // web-tree-sitter's ESM build fetches `createRequire` through a dynamic import; its CommonJS build needs none.
    esbuildOptions(options) {
      options.alias = { 'web-tree-sitter': './node_modules/web-tree-sitter/web-tree-sitter.cjs' };
    },
    // `init`, `doctor` and `serve` live in files of their own: every hook call reads and compiles this bundle.
    esbuildPlugins: [PARTS_APART, NO_EXAMPLES],
  },
  {
    // The parts apart (see PARTS_APART), and the worker thread `serve` and `--batch --workers` start: each one
    // CommonJS file holding all it runs. They are long-lived or rare, so they go without a code cache. Names are not
    // kept here either: keepNames wraps every closure as it is made, and a worker made closures on every line (a
    // sixth of its time went to naming them).
    ...CLI_CJS,
    entry: { 'cli/vouch-setup': 'src/cli/setup.ts', 'cli/vouch-serve': 'src/cli/serve.ts', 'cli/vouch-worker': 'src/cli/worker.ts' },
    splitting: false,
    shims: true,
    noExternal: [/.*/],
    minify: true,
    esbuildOptions(options) {
      options.alias = { 'web-tree-sitter': './node_modules/web-tree-sitter/web-tree-sitter.cjs' };
    },
    esbuildPlugins: [PARTS_APART, NO_EXAMPLES],
  },
  {
    ...CLI_CJS,
    entry: { 'cli/vouch': 'src/cli/vouch.cts' },
    // The runtime wasm beside the bundle, from the web-tree-sitter whose JavaScript the bundle holds.
    async onSuccess() {
      copyFileSync(createRequire(import.meta.url).resolve('web-tree-sitter/web-tree-sitter.wasm'), 'dist/cli/web-tree-sitter.wasm');
    },
  },
]);
