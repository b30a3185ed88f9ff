// Parses the command line of `vouch` and dispatches; returns the exit code, never throws.
import type { LineSource } from './lines.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  version(): string;
  /** Standard input, for a command line or a batch given there (default: the process's, touched only when read). */
  stdin?: LineSource & { isTTY?: boolean };
  /** Whether stdout is a terminal (colour). */
  stdoutIsTTY?: boolean;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Resolves once written text has been flushed, for streaming output (default: immediately). */
  drain?(): Promise<void>;
}

/** Exit codes: 0 everything passed, 1 something was denied, 2 a usage, policy or internal error. */
export const EXIT = { pass: 0, deny: 1, usage: 2 } as const;

export const HELP = `vouch — reads a shell command line before it runs and says what it would do

Usage:
  vouch analyze [options] [--] COMMAND...   analyse a command line (words joined by spaces;
                                            read from stdin when none are given)
  vouch analyze --batch [options]           analyse NDJSON lines {"command", "shell"?, "cwd"?, "home"?}
                                            from stdin, one NDJSON answer line each
  vouch hook AGENT [--policy FILE] [--home DIR] [--socket FILE|auto]
                                            answer an agent's pre-tool-call hook event on stdin;
                                            AGENT: claude-code, codex, gemini, copilot, cursor;
                                            --socket: ask a warm vouch serve there first (auto:
                                            one the hook starts itself, in a private directory)
  vouch serve [--host H] [--port P | --socket FILE] [--workers N] [--policy FILE]
              [--home DIR] [--token-file FILE] [--log FILE|-] [--max-body BYTES] [--max-queue N]
              [--idle-exit SECONDS]
                                            answer hook events over HTTP, warm: POST /hook/AGENT,
                                            /v1/analyze, /v1/decide; GET /healthz (default
                                            127.0.0.1:7341; a token from $VOUCH_SERVE_TOKEN or
                                            --token-file, required off loopback)
  vouch init AGENT [--project] [--dry-run] [--home DIR] [--cwd DIR]
  vouch init claude-code --http [--url URL] [--project] [--dry-run]
  vouch init AGENT --warm [--project] [--dry-run]
                                            write vouch's hook into the agent's config, merged,
                                            fail-closed and trusted; print every change, then check
                                            it (AGENT: the above, or pi; --http: Claude Code asks
                                            a running vouch serve instead of starting a process;
                                            --warm: the hook asks a vouch serve it starts itself)
  vouch doctor [AGENT] [--home DIR] [--cwd DIR]
                                            check the setup of AGENT (default: every agent found);
                                            exit 1 where the agent would let a call run unchecked
  vouch --version                           print the version
  vouch --help                              print this help

Options of analyze:
  --shell bash|powershell   the command line's shell (default bash)
  --cwd DIR                 the directory it runs in (default: the current directory)
  --home DIR                the home directory (default: $HOME)
  --policy FILE             a policy file (JSON) instead of the default policy
  --json                    print {verdict, rule, reason, findings, invocations} as JSON
  --batch                   stream NDJSON in, NDJSON out
  --workers N               with --batch: analyse on N worker threads (answers stay in order)

Exit status: 0 everything passed, 1 something was denied (doctor: a setup fails open), 2 a usage,
policy or internal error.
`;

/** A usage error: one line on stderr, exit 2. Told by its name too: `init` and `doctor` run from a bundle of their own. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const isUsageError = (err: unknown): err is UsageError => err instanceof UsageError || (err instanceof Error && err.name === 'UsageError');

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const [first, ...rest] = argv;
    if (first === '--version' || first === '-V') {
      io.stdout(`${io.version()}\n`);
      return EXIT.pass;
    }
    if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
      io.stdout(HELP);
      return EXIT.pass;
    }
    if (first === 'analyze' || first === 'analyse') {
      const { runAnalyze } = await import('./analyze.js');
      return await runAnalyze(rest, io);
    }
    if (first === 'hook') {
      const { runHook } = await import('./hook.js');
      return await runHook(rest, io);
    }
    if (first === 'serve') {
      if (rest.includes('--help') || rest.includes('-h')) {
        io.stdout(HELP);
        return EXIT.pass;
      }
      const { runServe } = await import('./serve.js');
      return await runServe(rest, io);
    }
    if (first === 'init' || first === 'doctor') {
      if (rest.includes('--help') || rest.includes('-h')) {
        io.stdout(HELP);
        return EXIT.pass;
      }
      const { runDoctor, runInit } = await import('./setup.js');
      return await (first === 'init' ? runInit : runDoctor)(rest, io);
    }
    io.stderr(`vouch: unknown command '${first}' (see vouch --help)\n`);
    return EXIT.usage;
  } catch (err) {
    io.stderr(`vouch: ${isUsageError(err) ? err.message : `internal error: ${oneLine(err)}`}\n`);
    return EXIT.usage;
  }
}

/** An error as one line, never a stack trace, without the `vouch: ` its caller will put in front anyway. */
export function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n', 1)[0] ?? '').replace(/^vouch: /, '');
}
