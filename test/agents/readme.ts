// The setup snippets of the README's "Agent hooks" section, as a user copies them: the fenced block after
// each `<!-- agent-setup: AGENT -->` marker.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const README = join(import.meta.dirname, '..', '..', 'README.md');

/** The text of the README's setup snippet for `agent` (JSON for hooks, TypeScript for pi); throws when missing. */
export function readmeSetup(agent: string): string {
  const text = readFileSync(README, 'utf8');
  const marker = `<!-- agent-setup: ${agent} -->\n`;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`README.md has no ${marker.trim()} marker`);
  const m = /^```[a-z]*\n([\s\S]*?)^```$/m.exec(text.slice(at + marker.length));
  if (!m || text.slice(at + marker.length).indexOf(m[0]) !== 0) throw new Error(`README.md: no fenced block right after ${marker.trim()}`);
  return m[1]!;
}
