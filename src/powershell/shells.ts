// Windows argument splitting: how a native program started by PowerShell (`Start-Process -ArgumentList`) gets its argv.

/** Splits a Windows command line the way `CommandLineToArgvW` does, near enough: quotes group, `\"` is a quote. */
export function splitWindowsArgs(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === '\\' && line[i + 1] === '"') {
      cur += '"';
      inWord = true;
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      inWord = true;
    } else if (!quoted && (c === ' ' || c === '\t')) {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}
