// Codex's apply_patch format, read exactly as codex-rs/apply-patch reads it, so the guard checks the files Codex writes.

/*
 * The grammar, as Codex's parser (lenient mode) applies it:
 *   patch   := trim(text) split into lines at `\n` (a `\r` before it dropped), first line `*** Begin Patch` and last
 *              line `*** End Patch` once trimmed; or, leniently, those wrapped in `<<EOF` / `<<'EOF'` / `<<"EOF"`
 *              … a line ending in `EOF` (four lines at least).
 *   hunk    := a header line, *trimmed*: `*** Add File: P` then lines starting `+`;
 *              `*** Delete File: P`;
 *              `*** Update File: P`, then `*** Move to: Q` at column 0 (not trimmed), then chunks: blank lines
 *              skipped, a line starting `*` ends them, each chunk `@@` / `@@ ctx` (optional on the first) then
 *              lines starting ` `, `+`, `-` or empty, ended by `*** End of File` or any other line.
 *   P, Q    := the rest of the header line after the marker: a `\r` or U+2028 inside is part of the name.
 * "Trim" is Unicode White_Space (U+2028, U+0085, NBSP… included), as Rust's `str::trim`.
 */

export type PatchHunk = { kind: 'add'; path: string } | { kind: 'delete'; path: string } | { kind: 'update'; path: string; moveTo?: string };

export type PatchParse = { hunks: PatchHunk[] } | { error: string };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const EOF_MARKER = '*** End of File';

/** Rust's `str::trim`: Unicode White_Space at both ends (not U+FEFF, which JavaScript's `trim` also drops). */
export function rustTrim(s: string): string {
  return s.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '');
}

/**
 * Rust's `str::lines` of a trimmed text: split after each `\n`, dropping it and one `\r` before it. (Trimmed, the text
 * ends in neither, so no line is empty at the end and the last has no `\r` to keep; an empty text gives one empty
 * line where Rust gives none, which the boundaries refuse alike.)
 */
function trimmedLines(s: string): string[] {
  return s.split('\n').map((line) => line.replace(/\r$/, ''));
}

/** `lines` is never empty: a text split gives one line at least, and a heredoc's inside two (see parseCodexPatch). */
function boundaries(lines: string[]): string[] | string {
  const first = rustTrim(lines[0]!);
  const last = rustTrim(lines[lines.length - 1]!);
  // (One line cannot be both, so two lines at least.)
  if (first === BEGIN && last === END) return lines.slice(1, -1);
  if (first !== BEGIN) return "the first line of the patch must be '*** Begin Patch'";
  return "the last line of the patch must be '*** End Patch'";
}

function chunkLength(lines: string[], allowMissingContext: boolean): number | string {
  let start: number;
  if (lines[0] === '@@' || lines[0]!.startsWith('@@ ')) start = 1;
  else if (!allowMissingContext) return `expected an update hunk to start with @@, got '${lines[0]}'`;
  else start = 0;
  if (start >= lines.length) return 'an update hunk holds no lines';
  let parsed = 0;
  for (const line of lines.slice(start)) {
    if (line === EOF_MARKER) {
      if (parsed === 0) return 'an update hunk holds no lines';
      parsed++;
      break;
    }
    const c = line[0];
    if (c === undefined || c === ' ' || c === '+' || c === '-') parsed++;
    else if (parsed === 0) return `unexpected line in an update hunk: '${line}'`;
    else break;
  }
  return parsed + start;
}

function hunkAt(lines: string[]): { hunk: PatchHunk; length: number } | string {
  const header = rustTrim(lines[0]!);
  if (header.startsWith(ADD)) {
    let n = 1;
    while (n < lines.length && lines[n]!.startsWith('+')) n++;
    return { hunk: { kind: 'add', path: header.slice(ADD.length) }, length: n };
  }
  if (header.startsWith(DELETE)) return { hunk: { kind: 'delete', path: header.slice(DELETE.length) }, length: 1 };
  if (header.startsWith(UPDATE)) {
    const path = header.slice(UPDATE.length);
    let n = 1;
    let moveTo: string | undefined;
    if (n < lines.length && lines[n]!.startsWith(MOVE)) {
      moveTo = lines[n]!.slice(MOVE.length);
      n++;
    }
    let chunks = 0;
    while (n < lines.length) {
      if (rustTrim(lines[n]!) === '') {
        n++;
        continue;
      }
      if (lines[n]!.startsWith('*')) break;
      const len = chunkLength(lines.slice(n), chunks === 0);
      if (typeof len === 'string') return len;
      // Stryker disable next-line UpdateOperator: equivalent — only whether a chunk was read counts (0 or not).
      chunks++;
      n += len;
    }
    if (chunks === 0) return `the update hunk for '${path}' is empty`;
    return { hunk: moveTo === undefined ? { kind: 'update', path } : { kind: 'update', path, moveTo }, length: n };
  }
  return `'${header}' is not a valid hunk header`;
}

/** Parses a patch as Codex does; an error is Codex's refusal too (it applies nothing). */
export function parseCodexPatch(text: string): PatchParse {
  const lines = trimmedLines(rustTrim(text));
  let body = boundaries(lines);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent — a parsed patch starts with its Begin
  // line, never `<<EOF`, and fewer than four lines leave no Begin and End inside (codex checks both, as here).
  if (typeof body === 'string' && lines.length >= 4) {
    const first = lines[0]!;
    if ((first === '<<EOF' || first === "<<'EOF'" || first === '<<"EOF"') && lines[lines.length - 1]!.endsWith('EOF')) {
      const inner = boundaries(lines.slice(1, -1));
      if (typeof inner !== 'string') body = inner;
    }
  }
  if (typeof body === 'string') return { error: body };
  const hunks: PatchHunk[] = [];
  let rest = body;
  while (rest.length > 0) {
    const h = hunkAt(rest);
    if (typeof h === 'string') return { error: h };
    hunks.push(h.hunk);
    rest = rest.slice(h.length);
  }
  return { hunks };
}

/** A text that Codex would take for a patch at all (so a failing parse is a refusal, not someone else's text). */
export function looksLikePatch(text: string): boolean {
  return text.includes(BEGIN);
}
