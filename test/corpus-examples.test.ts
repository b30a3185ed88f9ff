// Every rule example stands in corpus/ as a case, so the contract over corpus/ pins it verdict by verdict.
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../fuzz/corpus.js';
import { RULES } from '../src/rules/index.js';

describe('corpus holds every rule example', () => {
  it('has a case for each deny and pass example of each rule (npm run corpus:examples writes them)', () => {
    const cases = new Set(loadCorpus().map((c) => `${c.shell}\0${c.command}`));
    const missing: string[] = [];
    for (const rule of RULES) {
      for (const example of [...rule.examples.deny, ...rule.examples.pass]) {
        const shell = typeof example === 'string' ? 'bash' : (example.shell ?? 'bash');
        const command = typeof example === 'string' ? example : example.command;
        if (!cases.has(`${shell}\0${command}`)) missing.push(`${rule.id}: ${command}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
