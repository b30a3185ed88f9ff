// Dispatches text to its dialect's lowering and resolution (or an interpreter's code to its language); nested scripts
// re-enter through here.
import { isLanguage, type ScriptDialect } from '../programs/index.js';
import { type Respelling, type SyntaxIssue, withBashTree, withPowerShellTree } from '../parse/index.js';
import { plainProgram } from '../segments/plain.js';
import { analyzeBash, resolveBash } from './bash.js';
import { analyzeCode } from './code.js';
import { type ResolveContext, mapSpan } from './context.js';
import { FLOOR, floor } from './floor.js';
import { analyzePowerShell, lowerCmd } from '../powershell/index.js';

/** Parses `text` in `dialect` and lowers and resolves it into `ctx.out`. Never throws for bad input. */
export function analyzeText(text: string, dialect: ScriptDialect, ctx: ResolveContext): void {
  if (ctx.depth > ctx.limits.maxDepth) {
    floor(ctx, FLOOR.limit, { start: 0, end: text.length }, `nesting deeper than ${ctx.limits.maxDepth} levels`);
    return;
  }
  // Interpreter code: its language's grammar (loaded now if this is the first line to need it) and model.
  if (isLanguage(dialect)) {
    analyzeCode(text, dialect, ctx);
    return;
  }
  // cmd text needs no parser: cmd's own splitting reads it, in the PowerShell frontend's cmd mode.
  if (dialect === 'cmd') {
    lowerCmd(text, ctx);
    return;
  }
  // Plain words need no parser (see segments/plain.ts): the same statement, without the wasm.
  const plain = dialect === 'bash' ? plainProgram(text) : undefined;
  if (plain) {
    resolveBash(plain, ctx);
    return;
  }
  const report = (issues: SyntaxIssue[]) => {
    for (const issue of issues) {
      const what = issue.kind === 'missing' ? `missing ${issue.type}` : 'a syntax error';
      floor(ctx, FLOOR.parseError, issue.span, `the ${dialect} parser found ${what} here`);
    }
  };
  // A backslash that ends the text escapes nothing: bash keeps it as a literal character (`find … -exec rm {} \`
  // hands find a `\`), where the grammar reports an error. Read as a blank in its place, the offsets stay the same.
  const bash = dialect === 'bash' && /(^|[^\\])(\\\\)*\\$/.test(text) ? `${text.slice(0, -1)} ` : text;
  const outcome =
    dialect === 'bash'
      ? withBashTree(
          bash,
          (root, issues, read, toOriginal) => {
            report(issues);
            analyzeBash(root, read, ctx, toOriginal, bash);
          },
          ctx.limits,
        )
      : withPowerShellTree(
          text,
          (root, issues, respelling: Respelling | null) => {
            report(issues);
            analyzePowerShell(root, text, ctx, respelling);
          },
          ctx.limits,
        );
  if (!outcome.ok) {
    const rule = outcome.reason === 'parser-error' ? FLOOR.internalError : outcome.reason === 'nul' ? FLOOR.parseError : FLOOR.limit; // too large, timeout, stack
    const span = mapSpan(ctx, { start: 0, end: text.length });
    ctx.out.findings.push({ rule, kind: 'cannot-vouch', message: outcome.message, span });
  }
}
