// Parses the command line of `vouch` and dispatches; returns the exit code, never throws.
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  version(): string;
}

export const HELP = `vouch — reads a shell command line before it runs and says what it would do

Usage:
  vouch --version          print the version
  vouch --help             print this help
`;

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first] = argv;
  if (first === '--version' || first === '-V') {
    io.stdout(`${io.version()}\n`);
    return 0;
  }
  if (first === undefined || first === '--help' || first === '-h') {
    io.stdout(HELP);
    return 0;
  }
  io.stderr(`vouch: unknown command '${first}' (see vouch --help)\n`);
  return 2;
}
