// Copies the pinned grammar wasm files from node_modules into grammars/ and rewrites the manifest.
// A grammar bump is a deliberate commit: run this after changing the devDependency version.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The shells' grammars, then the interpreter languages' (loaded only when a line carries code in one). PHP's is the
// grammar of PHP alone (`php -r` code has no `<?php` tag; text before a tag on stdin is cut before parsing).
const grammars = [
  { grammar: 'bash', package: 'tree-sitter-bash', file: 'tree-sitter-bash.wasm' },
  { grammar: 'powershell', package: 'tree-sitter-powershell', file: 'tree-sitter-powershell.wasm' },
  { grammar: 'python', package: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
  { grammar: 'javascript', package: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  { grammar: 'ruby', package: 'tree-sitter-ruby', file: 'tree-sitter-ruby.wasm' },
  { grammar: 'php', package: 'tree-sitter-php', file: 'tree-sitter-php_only.wasm' },
];
const manifest = { grammars: [] };
for (const g of grammars) {
  const pkgDir = join(root, 'node_modules', g.package);
  const version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
  copyFileSync(join(pkgDir, g.file), join(root, 'grammars', g.file));
  const sha256 = createHash('sha256').update(readFileSync(join(root, 'grammars', g.file))).digest('hex');
  manifest.grammars.push({ grammar: g.grammar, package: g.package, version, file: g.file, sha256 });
}
writeFileSync(join(root, 'grammars', 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(manifest.grammars.map((g) => `${g.package}@${g.version} ${g.sha256}`).join('\n'));
