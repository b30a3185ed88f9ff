// A PowerShell line that writes a script and runs it (`Set-Content x.ps1 '…'; ./x.ps1`, `pwsh -File x.ps1`): the
// bash resolver reads such a script as the code on the line it is; PowerShell's frontend does not follow file
// contents, so what runs is not vouched for.
import { projectFiles } from '../programs/index.js';
import { FLOOR } from '../resolve/floor.js';
import { type Analysis, DYN, type Finding, type Invocation, ONE, STAR } from '../types.js';
import { cwdOf, escapeRegex, hasMarkers, type PathContext, resolvePath } from './paths.js';
import { staticValue } from './words.js';
import { writeTargets } from './writes.js';

/** Files a PowerShell host runs as programs or scripts by their name alone (cmd looks in the directory first). */
const RUNNABLE = /\.(ps1|psm1|cmd|bat|exe|com)$/i;
/** The extensions cmd tries on a name given without one (PATHEXT's default, scripts and programs). */
const CMD_EXTENSIONS = ['.com', '.exe', '.bat', '.cmd'];
const POWERSHELL = new Set(['powershell', 'pwsh', 'powershell.exe', 'pwsh.exe']);
/** Shells and interpreters a PowerShell line may start on a script file (`bash x.sh`, `python3 x.py`). */
const INTERPRETERS = /^(?:bash|sh|dash|zsh|ksh|fish|busybox|python[\d.]*|py|pypy3?|node|nodejs|deno|bun|tsx|ts-node|ruby|perl|php|lua|luajit|rscript|tclsh|wish|wsl|osascript|cscript|wscript|mshta|java)$/i;
/** Cmdlets that load or start the file they are given (a module's code, a file's handler, a process). */
const LOADS = new Set(['import-module', 'invoke-item', 'start-process', 'start-job', 'start-threadjob', 'invoke-command']);

/** The files an invocation runs as its program or script: its own path, or the script `pwsh [-File] X` is given. */
function runsFiles(inv: Invocation): string[] {
  const out: string[] = [];
  if (/[\\/]/.test(inv.path) || RUNNABLE.test(inv.path)) out.push(inv.path);
  // cmd looks in its directory first, trying each of PATHEXT's extensions (`x` runs `x.cmd`).
  else if (inv.wrappers.some((w) => /^cmd(?:\.exe)?$/i.test(w))) out.push(...CMD_EXTENSIONS.map((e) => inv.path + e));
  if (LOADS.has(inv.program)) {
    // A file it only reads or writes (Start-Process -RedirectStandardOutput out.txt) is not one it runs.
    const io = new Set((inv.uses ?? []).filter((u) => u.role === 'read' || u.role === 'write').map((u) => u.span.start));
    const args = inv.program === 'start-process' ? startedFile(inv) : inv.args;
    for (const a of args) {
      const w = staticValue(a);
      if (w !== null && !w.startsWith('-') && !io.has(a.span.start)) out.push(w);
    }
  }
  if (POWERSHELL.has(inv.program)) {
    const words = inv.args.map(staticValue);
    const f = words.findIndex((w) => w !== null && /^-f(ile)?$/i.test(w));
    const script = f >= 0 ? words[f + 1] : words.find((w) => w !== null && !w.startsWith('-'));
    if (script) out.push(script);
  }
  return out;
}

/**
 * The words Start-Process may start as its file: `-FilePath`'s value, or the first word not a parameter's value. Its
 * -ArgumentList (the second positional, `Start-Process notepad README.md`) is handed to that program, not started.
 */
function startedFile(inv: Invocation): Invocation['args'] {
  const out: Invocation['args'] = [];
  let positional = 0;
  for (let i = 0; i < inv.args.length; i++) {
    const w = staticValue(inv.args[i] as Invocation['args'][number]);
    // Parameters that take a value: -ArgumentList (-Args), -Credential, -WorkingDirectory, -Verb, -WindowStyle,
    // -Environment, -RedirectStandard*.
    if (w !== null && /^-(?:a|cr|wo|ve|win|e|r)\w*$/i.test(w)) {
      i++;
      continue;
    }
    if (w !== null && /^-f/i.test(w)) {
      const next = inv.args[++i];
      if (next) out.push(next);
      continue;
    }
    if (w?.startsWith('-')) continue;
    if (positional++ === 0) out.push(inv.args[i] as Invocation['args'][number]);
  }
  return out;
}

/** A shell or interpreter given a file: any of its words may name the script (options that take one included). */
function interpreterFiles(inv: Invocation): string[] {
  if (!INTERPRETERS.test(inv.program.replace(/\.exe$/i, ''))) return [];
  return inv.args.map(staticValue).filter((w): w is string => w !== null && !/^[-/]/.test(w));
}

/**
 * Whether a path the line writes may be `path`: itself, or, named only at run time (`Set-Content $f …`, marked), one
 * whose written-out parts stand in place with each marker any text.
 */
function mayBe(written: string, path: string): boolean {
  if (!hasMarkers(written)) return written === path;
  const source = [...written].map((ch) => (ch === STAR || ch === DYN ? '.*' : ch === ONE ? '.' : escapeRegex(ch))).join('');
  return new RegExp(`^${source}$`, 's').test(path);
}

/** Each PowerShell invocation that runs a file the same line writes: cannot-vouch, as its content is not read. */
export function writtenScriptRuns(analysis: Analysis): Finding[] {
  if (!analysis.invocations.some((inv) => inv.dialect === 'powershell')) return [];
  const targets = writeTargets(analysis);
  const written = new Set(targets.flatMap((t) => t.paths));
  if (written.size === 0) return [];
  // Written by another command than the one that runs it (`perl -pi -e … f` edits f in place: it runs no f).
  const writtenBefore = (inv: Invocation) => new Set(targets.filter((t) => t.segment !== inv.segment).flatMap((t) => t.paths));
  const findings: Finding[] = [];
  for (const inv of analysis.invocations) {
    if (inv.dialect !== 'powershell') continue;
    const ctx: PathContext = { cwd: cwdOf(inv), home: analysis.home, dialect: 'powershell' };
    // Code of its project it runs (a Makefile, package.json, test files): any written file under its directory that it would run.
    const project = projectFiles(inv.program);
    const under = ctx.cwd === null ? null : `${resolvePath('.', ctx).replace(/\/+$/, '')}/`;
    const relative = (p: string) => (under === null ? p.slice(p.lastIndexOf('/') + 1) : p.startsWith(under) ? p.slice(under.length) : undefined);
    // A project file another command of the line wrote (`npm pkg set` rewrites the package.json it then reads itself).
    const projectFile = project.length === 0 ? undefined : [...writtenBefore(inv)].find((p) => project.some((re) => re.test(relative(p) ?? '\0')));
    const byInterpreter = interpreterFiles(inv);
    const before = byInterpreter.length > 0 || projectFile ? writtenBefore(inv) : written;
    for (const file of [...runsFiles(inv), ...(projectFile ? [projectFile] : []), ...byInterpreter]) {
      const path = resolvePath(file, ctx);
      const by = [...(byInterpreter.includes(file) || file === projectFile ? before : written)].find((w) => mayBe(w, path));
      if (by === undefined) continue;
      findings.push({
        rule: FLOOR.dynamicScript,
        kind: 'cannot-vouch',
        message: hasMarkers(by) ? `${inv.program} runs ${file}, which may be a file the line writes to a name known only at run time` : `${inv.program} runs ${file}, which the line itself writes: what it holds is not read here`,
        span: inv.span,
        segment: inv.segment,
      });
      break;
    }
  }
  return findings;
}
