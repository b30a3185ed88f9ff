// Lists every skipped test at the end of a run, with the name that says why, so a skip is never silent in CI's output.
import type { Reporter, TestModule } from 'vitest/node';

export default class SkipsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = [];
    for (const m of modules) {
      for (const t of m.children.allTests('skipped')) {
        const note = (t.result() as { note?: string }).note;
        // Left out by a name filter (`-t`) is no skip of the suite's: only `.skip`, `skipIf` and `ctx.skip(note)` are.
        if (t.options.mode !== 'skip' && t.options.mode !== 'todo' && note === undefined) continue;
        skipped.push(`  ${m.relativeModuleId} › ${t.fullName}${note ? ` — ${note}` : ''}`);
      }
    }
    if (skipped.length === 0) return;
    process.stdout.write(`\n${skipped.length} skipped test(s), each with its reason:\n${skipped.join('\n')}\n`);
  }
}
