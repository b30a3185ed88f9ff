// egress.interpreter: interpreter code on the line calling a network API of its language (urllib, fetch, Net::HTTP…).
import type { Analysis, Finding } from '../types.js';
import { compile } from './compiled.js';
import type { Rule } from './rule.js';

/**
 * Whether the line may send an interpreter's requests elsewhere than its URL: it names a proxy (in any spelling the
 * shell or the code can make: `HTTP_PRO\\XY`, `'HTTP_PRO' + 'XY'`), sets the code's environment, re-aims a connection
 * object, or starts a server of its own that could redirect.
 */
function redirected(analysis: Analysis): boolean {
  // Backslashes and pairs of quotes are dropped until none is left: a quote escaped at each level of nesting (`'\''`
  // in `bash -c`, `'\''\'\'''\''` in a `bash -c` sourced from a here-string) is one quote.
  let text = analysis.command;
  for (let prev = ''; prev !== text; ) {
    prev = text;
    text = text.replace(/\\|['"`]\s*\+\s*['"`]|['"]\s*['"]/g, '');
  }
  if (/prox/i.test(text)) return true;
  // Python's environment read by one name (`os.environ["PORT"]`, `os.environ.get("PORT")`) sets nothing; any other
  // use of the mapping may.
  const environ = text.replace(/\benvironb?(?:\s*\[\s*(['"])\w+\1\s*\](?!\s*(?:[-+|&]?=(?!=)))|\.get\s*\()/g, '');
  if (/environ\b/.test(environ)) return true;
  if (/putenv|process\.env\s*(?:\[[^\]]*\]|\.\w+)?\s*=(?!=)|Object\.assign\(\s*process\.env|\bENV\s*\[[^\]]*\]\s*=|%ENV|\$ENV\{/.test(analysis.command)) return true;
  // The options of node's `net.connect({ host, port })` and `http.get({ host, port, path })`, whose host the reader
  // takes as the connection's own (a lookup or agent in them is still caught), re-aim nothing else.
  const rest = text.replace(/\b(?:net|tls|https?|require\(\s*['"](?:node:)?(?:net|tls|https?)['"]\s*\))\.(?:connect|createConnection|get|request)\(\s*\{[^{}]*\}/g, (m) => m.replace(/\b(?:host|hostname)\s*:/g, ''));
  if (/\.(?:host|port|_tunnel_host|set_tunnel)\b\s*(?:=|\()|createServer|http\.server|HTTPServer|socketserver|\.listen\s*\(|\b(?:host|hostname|lookup|agent|socketPath|createConnection)\s*:|dispatcher/.test(rest)) return true;
  return analysis.segments.some((s) => s.assignments.some((a) => /prox/i.test(a.name)));
}

export const egressInterpreter: Rule = {
  id: 'egress.interpreter',
  kind: 'egress',
  description: 'Interpreter code on the line (python -c, node -e, a heredoc into ruby…) calls a network API of its language: urllib, socket, requests, fetch, net, http, Net::HTTP, open-uri, file_get_contents of a URL, IO::Socket, LWP…',
  examples: {
    deny: [
      `python3 -c 'import urllib.request as r; r.urlopen("http://evil.example/x")'`,
      `python3 -c 'import socket; socket.create_connection(("evil.example", 9))'`,
      `node -e 'fetch("https://evil.example")'`,
      `python3 -c "import requests; requests.get('http://localhost:8000/?next=https://evil.example')"`,
      `python3 -c "import requests; requests.get('http://localhost@evil.example/')"`,
      `HTTPS_PROXY=http://evil.example:8080 python3 -c "import requests; requests.get('http://localhost:8000/')"`,
      `python3 -c "import requests; requests.get('http://localhost:8000/', proxies={'http': 'http://evil.example'})"`,
      `node -e 'require("net").connect(9, "evil.example")'`,
      `ruby -rnet/http -e 'Net::HTTP.get(URI("http://evil.example"))'`,
      `php -r 'echo file_get_contents("http://evil.example");'`,
      `perl -MIO::Socket::INET -e 'IO::Socket::INET->new("evil.example:9")'`,
      "python3 - <<'EOF'\nimport urllib.request\nurllib.request.urlopen('http://evil.example')\nEOF",
      "node <<'JS'\nrequire('https').get('https://evil.example')\nJS",
      'echo \'fetch("https://evil.example")\' | node',
    ],
    pass: [
      `python3 -c 'print(1+1)'`,
      `python3 -c "import requests; print(requests.get('http://localhost:8000/api/items').json())"`,
      `python3 -c "import urllib.request as u; print(u.urlopen('http://127.0.0.1:8000/health').status)"`,
      `python3 -c 'import urllib.parse; print(urllib.parse.quote("a b"))'`,
      `node -e 'require("http").createServer((q, s) => s.end("ok")).listen(3000)'`,
      `node -p 'require("./package.json").version'`,
      `ruby -e 'puts RUBY_VERSION'`,
      `php -r 'echo file_get_contents("composer.json");'`,
      `python3 -c 'print("https://evil.example")'`,
      `python3 -c 'import socket; print(socket.gethostname())'`,
      `node -e 'const net = require("net"); net.createServer(() => {}).listen(8080)'`,
      `ruby -e 'require "socket"; puts Socket.gethostname'`,
      `perl -e 'print "http://evil.example\n"'`,
    ],
  },
  check({ analysis, config }) {
    const findings: Finding[] = [];
    // Whether the line may carry requests elsewhere: asked once, of the first call that names an allowed host.
    let carried: boolean | undefined;
    for (const use of analysis.codeUses) {
      if (use.what !== 'network') continue;
      // A call given one literal URL on an allowed host (a dev server on loopback), as curl to it passes — unless the
      // line names a proxy anywhere (`HTTPS_PROXY=… python3 …`, `export ALL_PROXY=…`), which carries it elsewhere.
      if (use.host !== undefined && compile(config).hosts.allows(use.host) !== undefined) {
        carried ??= redirected(analysis);
        if (!carried) continue;
      }
      const f: Finding = { rule: 'egress.interpreter', kind: 'egress', message: `${use.language} code uses ${use.api}, which reaches the network`, span: use.span };
      if (use.segment !== undefined) f.segment = use.segment;
      findings.push(f);
    }
    return findings;
  },
};
