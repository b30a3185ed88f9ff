// Renders an analysed command line for people (caret lines under each finding) and for programs (JSON).
import type { Finding, Invocation } from '../types.js';

/** The verdict of one command line, in the CLI's own words. */
export interface Outcome {
  command: string;
  verdict: 'deny' | 'pass';
  rule?: string;
  reason?: string;
  findings: Finding[];
  invocations: Invocation[];
}

/** What `--json` prints. `rule` and `reason` are present only on a denial. */
export function toJson(outcome: Outcome): Record<string, unknown> {
  return {
    verdict: outcome.verdict,
    rule: outcome.rule,
    reason: outcome.reason,
    findings: outcome.findings.map(findingJson),
    invocations: outcome.invocations,
  };
}

/** One `--batch` answer line: the verdict and the findings, without invocations. */
export function toBatchJson(outcome: Outcome): Record<string, unknown> {
  return { verdict: outcome.verdict, rule: outcome.rule, reason: outcome.reason, findings: outcome.findings.map(findingJson) };
}

function findingJson(f: Finding): Record<string, unknown> {
  return { rule: f.rule, kind: f.kind, message: f.message, span: { start: f.span.start, end: f.span.end } };
}

export interface Style {
  deny(text: string): string;
  note(text: string): string;
  pass(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const plain = (text: string) => text;
export const PLAIN: Style = { deny: plain, note: plain, pass: plain, dim: plain, bold: plain };

const sgr = (code: string) => (text: string) => `\x1b[${code}m${text}\x1b[0m`;
export const COLOUR: Style = { deny: sgr('1;31'), note: sgr('1;36'), pass: sgr('1;32'), dim: sgr('2'), bold: sgr('1') };

/** Colour only for a terminal, and never when NO_COLOR is set (https://no-color.org: any non-empty value). */
export function pickStyle(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): Style {
  if (!isTTY) return PLAIN;
  const noColor = env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return PLAIN;
  return COLOUR;
}

/**
 * Makes one character safe to print in place, keeping one UTF-16 unit per unit so offsets still line up:
 * a command under analysis may carry terminal escapes or bidi overrides meant to hide what it does.
 */
function visibleUnit(unit: string): string {
  const c = unit.charCodeAt(0);
  if (c === 0x09) return unit;
  if (c < 0x20) return String.fromCharCode(0x2400 + c); // Control Pictures: ␛, ␀, …
  if (c === 0x7f) return '\u2421';
  if ((c >= 0x80 && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0x200e || c === 0x200f)
    return '\ufffd';
  return unit;
}

export function visible(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += visibleUnit(text[i]!);
  return out;
}

const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const ZERO = /^(?:\p{Mn}|\p{Me}|[\u200b-\u200d]|[\ufe00-\ufe0f])$/u;

/** Columns a code point takes in a terminal: 0 for combining marks, 2 for wide East Asian and emoji, else 1. */
function width(ch: string): number {
  if (ZERO.test(ch)) return 0;
  return WIDE.test(ch) ? 2 : 1;
}

/** The blank run that lines up under `text` (tabs kept as tabs). */
function padUnder(text: string): string {
  let out = '';
  for (const ch of text) out += ch === '\t' ? '\t' : ' '.repeat(width(ch));
  return out;
}

function columns(text: string): number {
  let n = 0;
  for (const ch of text) n += ch === '\t' ? 8 : width(ch);
  return n;
}

/** The line a span starts on, and where the span falls inside it (UTF-16 offsets). */
function locate(command: string, start: number, end: number) {
  const s = Math.max(0, Math.min(start, command.length));
  const lineStart = command.lastIndexOf('\n', s - 1) + 1;
  const nl = command.indexOf('\n', s);
  const lineEnd = nl < 0 ? command.length : nl;
  const line = command.slice(lineStart, lineEnd).replace(/\r$/, '');
  let lineNo = 1;
  for (let i = command.indexOf('\n'); i >= 0 && i < lineStart; i = command.indexOf('\n', i + 1)) lineNo++;
  const from = s - lineStart;
  const to = Math.max(from, Math.min(end, lineStart + line.length) - lineStart);
  return { line, lineNo, from, to, continues: end > lineStart + line.length };
}

function label(f: Finding): string {
  return f.kind === 'info' ? 'note' : f.kind;
}

/** One finding, rustc-style: header, the source line, a caret line under the exact span. */
export function renderFinding(command: string, f: Finding, style: Style): string {
  const { line, lineNo, from, to, continues } = locate(command, f.span.start, f.span.end);
  const paint = f.kind === 'info' ? style.note : style.deny;
  const gutter = String(lineNo);
  const blank = ' '.repeat(gutter.length);
  const shown = visible(line);
  const marked = shown.slice(from, to);
  const carets = '^'.repeat(Math.max(1, columns(marked))) + (continues ? '...' : '');
  return (
    `${paint(`${label(f)}[${f.rule}]`)}${style.bold(`: ${visible(f.message)}`)}\n` +
    `${style.dim(`${blank} |`)}\n` +
    `${style.dim(`${gutter} |`)} ${shown}\n` +
    `${style.dim(`${blank} |`)} ${padUnder(shown.slice(0, from))}${paint(carets)}\n`
  );
}

/** The whole human report: each finding in source order, then the verdict. */
export function renderHuman(outcome: Outcome, style: Style): string {
  const findings = [...outcome.findings].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  let out = '';
  for (const f of findings) out += `${renderFinding(outcome.command, f, style)}\n`;
  if (outcome.verdict === 'deny') {
    out += `${style.deny('denied')}${style.bold(` [${outcome.rule ?? 'unknown'}]: ${visible(outcome.reason ?? '')}`)}\n`;
  } else {
    const notes = findings.length === 0 ? 'nothing to report' : `${findings.length} note${findings.length === 1 ? '' : 's'}, none denied`;
    out += `${style.pass('passed')}: ${notes}\n`;
  }
  return out;
}
