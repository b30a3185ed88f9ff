// Servers told where to listen: development servers, application servers, notebooks, databases, web terminals and
// container ports. The address the line binds is where other machines reach what the server holds (the project's
// source and its .env through a dev server, a notebook's kernels, a database, a shell): every interface, or a host
// allowedHosts must list. Only an address the line names is judged, except where the server binds every interface
// by itself and serves a shell (ttyd, gotty): a dev server's own default (next dev, docker's `-p 8080:80`) is
// everyday work. File servers that bind every interface by default are read in their own entries (http.server,
// php -S, http-server, serve, busybox httpd).
import type { Word } from '../../types.js';
import { bound, type Destination } from '../hosts.js';
import type { Call } from '../types.js';
import { asWritten, attached, literal, value } from '../words.js';

/** How one bind option's value names addresses. */
type Reading =
  /** `HOST`, `HOST:PORT`, `[V6]:PORT`, a URL (`tcp://0.0.0.0:9292`); a comma list. A bare port is every interface. */
  | 'address'
  /** The same, but a bare port is the server's own loopback default (Django's `runserver 8000`, debugpy's `--listen 5678`), and `0` is every interface. */
  | 'local-port'
  /** URLs split at `;` (ASP.NET Core's `--urls`), `+` and `*` standing for every interface. */
  | 'urls'
  /** Docker's `-p [IP:]HOSTPORT:CONTAINERPORT[/PROTO]`: only a published port with an IP binds one. */
  | 'publish';

export interface ServerRow {
  names: readonly string[];
  /** Operand words one of which starts the server (`rails server`, `flask run`); absent: every invocation. */
  serves?: RegExp;
  /**
   * The program's options that take a value, when `serves` is its subcommand: only its first operand (past these
   * options and their values) starts the server, so `git commit -m daemon` starts none.
   */
  subcommand?: RegExp;
  /** Options naming where it binds, spelt as written (`--host`, `-b`): `=VALUE`, the next word, or a short one's attached text. */
  binds: readonly string[];
  /** Of `binds`, those whose value may be left out, standing alone for every interface (vite's `--host`). */
  optional?: readonly string[];
  /** Options that alone bind every interface (`--bind_ip_all`, tensorboard's `--bind_all`). */
  all?: readonly string[];
  /** How values are read (default `address`). */
  reading?: Reading;
  /** A positional operand after the `serves` word that is the address (`manage.py runserver 0.0.0.0:8000`). */
  positional?: true;
  /** Options that take the next word as their value, none of them a bind (`tcpserver -c 10 HOST PORT`): skipped. */
  valued?: readonly string[];
  /** Binds every interface when no bind option names one (web terminals, tailscale's serve and funnel). */
  everywhere?: true;
  /** Operand words after `serves` with which it serves nothing (`tailscale funnel status`, `… off`). */
  unless?: RegExp;
  /** Environment variables naming where it binds (`GRADIO_SERVER_NAME`, `ASPNETCORE_URLS`). */
  env?: readonly string[];
  /**
   * Variables that count only when they name every interface (`HOST=0.0.0.0 npm start`): a package script's server may
   * read them, and other scripts use the same names for other hosts (a deploy target).
   */
  envEvery?: readonly string[];
  /** Its bind options take every word up to the next option (`redis-server --bind 127.0.0.1 ::1`). */
  spread?: true;
  /** Words after `--` are read too: a package manager hands them to the script's server (`npm run dev -- --host`). */
  afterDashes?: true;
  examples: { deny: readonly string[]; pass: readonly string[] };
}

export const SERVER_ROWS: readonly ServerRow[] = [
  {
    names: ['vite', 'astro'],
    binds: ['--host'],
    optional: ['--host'],
    examples: { deny: ['npx vite --host', 'vite --host 0.0.0.0', 'npx astro dev --host', 'vite preview --host=192.168.1.20'], pass: ['npx vite', 'vite --host 127.0.0.1', 'vite --host localhost --port 5173', 'npx astro dev'] },
  },
  {
    names: ['webpack', 'webpack-cli', 'webpack-dev-server', 'vue-cli-service', 'ng', 'nuxt', 'nuxi', 'parcel', 'docusaurus', 'gatsby', 'storybook', 'live-server', 'json-server', 'sphinx-autobuild', 'remix', 'wrangler'],
    binds: ['--host', '--hostname', '--ip'],
    examples: { deny: ['npx webpack serve --host 0.0.0.0', 'ng serve --host 0.0.0.0', 'npx nuxi dev --host 0.0.0.0', 'npx json-server --host 0.0.0.0 db.json', 'npx wrangler dev --ip 0.0.0.0', 'npx webpack serve --host local-ip'], pass: ['npx webpack serve', 'ng serve --host localhost', 'npx wrangler dev', 'npx live-server --host=127.0.0.1'] },
  },
  {
    // A package script's server, given its bind option after `--` (npm) or directly (pnpm, yarn, bun), or CRA's and
    // Nuxt's HOST variable set to every interface.
    names: ['npm', 'pnpm', 'yarn', 'bun'],
    serves: /^(?:run|run-script|start|dev|serve|preview)$/,
    binds: ['--host', '-H', '--hostname', '--bind', '--ip'],
    optional: ['--host'],
    envEvery: ['HOST', 'NUXT_HOST', 'NITRO_HOST'],
    afterDashes: true,
    examples: { deny: ['npm run dev -- --host', 'npm run dev -- --host 0.0.0.0', 'pnpm dev --host 0.0.0.0', 'HOST=0.0.0.0 npm start', 'yarn start --hostname 0.0.0.0'], pass: ['npm run dev', 'npm run dev -- --host 127.0.0.1', 'pnpm dev --port 3001', 'HOST=localhost npm start', 'HOST=deploy.example.com npm run deploy', 'npm test -- --host 0.0.0.0'] },
  },
  {
    names: ['next'],
    serves: /^(?:dev|start)$/,
    binds: ['-H', '--hostname'],
    examples: { deny: ['npx next dev -H 0.0.0.0', 'next start --hostname 0.0.0.0'], pass: ['npx next dev', 'next dev -H 127.0.0.1', 'next build'] },
  },
  {
    names: ['flask'],
    serves: /^run$/,
    binds: ['--host', '-h'],
    env: ['FLASK_RUN_HOST'],
    examples: { deny: ['flask run --host=0.0.0.0', 'flask --app app run -h 0.0.0.0 --debug', 'FLASK_RUN_HOST=0.0.0.0 flask run'], pass: ['flask run', 'FLASK_RUN_HOST=127.0.0.1 flask run', 'flask run --host 127.0.0.1', 'flask --app app run --debug'] },
  },
  {
    names: ['uvicorn', 'granian', 'waitress-serve', 'fastapi'],
    binds: ['--host', '--listen'],
    examples: { deny: ['uvicorn app:app --host 0.0.0.0', 'fastapi run main.py --host 0.0.0.0', 'waitress-serve --listen=*:8080 app:app'], pass: ['uvicorn app:app --reload', 'uvicorn app:app --host 127.0.0.1 --port 8000', 'fastapi dev main.py', 'uvicorn app:app --uds /tmp/app.sock'] },
  },
  {
    names: ['gunicorn', 'hypercorn', 'daphne', 'puma', 'unicorn', 'thin', 'rackup'],
    binds: ['-b', '--bind', '-l', '--listen', '-a', '--address', '-o', '--host'],
    examples: { deny: ['gunicorn -b 0.0.0.0:8000 app:app', 'gunicorn --bind=0.0.0.0 app:app', 'puma -b tcp://0.0.0.0:9292', 'rackup -o 0.0.0.0', 'daphne -b 0.0.0.0 app.asgi:application'], pass: ['gunicorn app:app', 'gunicorn -b 127.0.0.1:8000 app:app', 'gunicorn -b unix:/run/app.sock app:app', 'puma -b tcp://127.0.0.1:9292', 'rackup'] },
  },
  {
    names: ['rails'],
    serves: /^(?:s|server)$/,
    binds: ['-b', '--binding'],
    examples: { deny: ['bin/rails server -b 0.0.0.0', 'rails s --binding=0.0.0.0'], pass: ['bin/rails server', 'rails s -b 127.0.0.1', 'rails g model Post -b x'] },
  },
  {
    names: ['manage.py', 'django-admin'],
    serves: /^(?:runserver|runserver_plus|runsslserver)$/,
    binds: [],
    positional: true,
    reading: 'local-port',
    examples: { deny: ['python manage.py runserver 0.0.0.0:8000', './manage.py runserver 0:8000', 'python3 manage.py runserver [::]:8000'], pass: ['python manage.py runserver', './manage.py runserver 8000', 'python manage.py runserver 127.0.0.1:8000', 'python manage.py migrate'] },
  },
  {
    names: ['artisan'],
    serves: /^serve$/,
    binds: ['--host'],
    examples: { deny: ['php artisan serve --host=0.0.0.0'], pass: ['php artisan serve', 'php artisan serve --host=127.0.0.1 --port=8080'] },
  },
  {
    names: ['jupyter', 'jupyter-notebook', 'jupyter-lab', 'jupyter-server', 'voila'],
    binds: ['--ip', '--ServerApp.ip', '--NotebookApp.ip'],
    examples: { deny: ['jupyter notebook --ip=0.0.0.0', 'jupyter lab --ip 0.0.0.0 --no-browser', "jupyter lab --ip='*'", 'jupyter-lab --ServerApp.ip=0.0.0.0'], pass: ['jupyter lab', 'jupyter notebook --ip=127.0.0.1 --no-browser', 'jupyter nbconvert --to html x.ipynb'] },
  },
  {
    names: ['tensorboard', 'mlflow', 'streamlit', 'panel', 'bokeh', 'gradio', 'chainlit'],
    binds: ['--host', '-h', '--server.address', '--address'],
    all: ['--bind_all'],
    env: ['GRADIO_SERVER_NAME', 'STREAMLIT_SERVER_ADDRESS'],
    examples: { deny: ['tensorboard --logdir runs --bind_all', 'mlflow ui --host 0.0.0.0', 'streamlit run app.py --server.address 0.0.0.0', 'GRADIO_SERVER_NAME=0.0.0.0 gradio app.py', 'panel serve app.py --address 0.0.0.0'], pass: ['tensorboard --logdir runs', 'mlflow ui', 'streamlit run app.py', 'gradio app.py', 'streamlit run app.py --server.address=localhost'] },
  },
  {
    names: ['hugo', 'mkdocs', 'jekyll', 'zola', 'hexo', 'eleventy', 'hugo-extended'],
    serves: /^(?:server|serve|s)$/,
    binds: ['--bind', '-a', '--dev-addr', '-H', '--host', '-i', '--interface', '--ip'],
    examples: { deny: ['hugo server --bind 0.0.0.0', 'mkdocs serve -a 0.0.0.0:8000', 'bundle exec jekyll serve --host 0.0.0.0', 'zola serve -i 0.0.0.0'], pass: ['hugo server', 'mkdocs serve', 'mkdocs serve -a 127.0.0.1:8001', 'jekyll serve', 'hugo --bind 0.0.0.0 --gc'] },
  },
  {
    names: ['dotnet'],
    serves: /^(?:run|watch)$/,
    binds: ['--urls'],
    reading: 'urls',
    env: ['ASPNETCORE_URLS'],
    examples: { deny: ['dotnet run --urls http://0.0.0.0:5000', "dotnet run --urls 'http://+:5000'", 'ASPNETCORE_URLS=http://*:8080 dotnet run'], pass: ['dotnet run', 'dotnet run --urls http://localhost:5000', 'dotnet watch run --urls "http://127.0.0.1:5000;https://localhost:5001"'] },
  },
  {
    // Databases: whoever reaches one reads and changes its data (redis without protected mode runs code too).
    names: ['redis-server', 'redis-stack-server', 'valkey-server', 'keydb-server'],
    binds: ['--bind'],
    spread: true,
    examples: { deny: ['redis-server --bind 0.0.0.0 --protected-mode no', 'valkey-server --bind 127.0.0.1 0.0.0.0'], pass: ['redis-server', 'redis-server --bind 127.0.0.1 ::1 --port 6380'] },
  },
  {
    names: ['mongod'],
    binds: ['--bind_ip'],
    all: ['--bind_ip_all'],
    examples: { deny: ['mongod --bind_ip_all --dbpath ./db', 'mongod --bind_ip 127.0.0.1,0.0.0.0'], pass: ['mongod --dbpath ./db', 'mongod --bind_ip localhost,::1'] },
  },
  {
    names: ['postgres', 'postmaster'],
    binds: ['-h'],
    examples: { deny: ["postgres -h '*' -D ./data", 'postgres -D ./data -h 0.0.0.0'], pass: ['postgres -D ./data', 'postgres -D ./data -h localhost'] },
  },
  {
    names: ['mysqld', 'mariadbd', 'memcached'],
    binds: ['--bind-address', '-l', '--listen'],
    examples: { deny: ['mysqld --bind-address=0.0.0.0', 'memcached -l 0.0.0.0'], pass: ['mysqld --datadir=./db', 'memcached -l 127.0.0.1'] },
  },
  {
    names: ['code-server', 'openvscode-server'],
    binds: ['--bind-addr', '--host'],
    examples: { deny: ['code-server --bind-addr 0.0.0.0:8080', 'openvscode-server --host 0.0.0.0'], pass: ['code-server', 'code-server --bind-addr 127.0.0.1:8080'] },
  },
  {
    names: ['ttyd', 'gotty'],
    binds: ['-i', '--interface', '-a', '--address'],
    everywhere: true,
    examples: { deny: ['ttyd bash', 'gotty -w bash', 'ttyd -i eth0 bash', "gotty -a '' bash"], pass: ['ttyd -i lo bash', 'gotty -a 127.0.0.1 -w bash'] },
  },
  {
    // File servers that serve every interface unless told otherwise: the directory they serve (the project, its .env
    // and .git among it) to whoever connects; pyftpdlib's FTP and twistd's web and ftp servers too.
    names: ['miniserve', 'dufs', 'simple-http-server', 'goshs', 'darkhttpd', 'webfsd', 'thttpd', 'pyftpdlib', 'twistd', 'wsgiref.simple_server'],
    binds: ['-i', '--interfaces', '-b', '--bind', '--ip', '--addr', '-h', '--interface'],
    everywhere: true,
    unless: /^(?:--help|-V|--version)$/,
    examples: { deny: ['miniserve .', 'dufs -A', 'python3 -m pyftpdlib -w', 'darkhttpd . --port 8080', 'twistd -n web --path .', 'goshs -i 0.0.0.0'], pass: ['miniserve -i 127.0.0.1 .', 'dufs -b 127.0.0.1 .', 'python3 -m pyftpdlib -i 127.0.0.1', 'darkhttpd . --addr 127.0.0.1', 'miniserve --version'] },
  },
  {
    names: ['sfz'],
    binds: ['-b', '--bind'],
    examples: { deny: ['sfz -b 0.0.0.0'], pass: ['sfz', 'sfz -b 127.0.0.1 -p 8080'] },
  },
  {
    // Debuggers' servers: whoever connects runs code in the program debugged.
    names: ['debugpy', 'rdbg', 'lldb-server', 'frida-server', 'dlv'],
    binds: ['--listen', '--host', '-l'],
    reading: 'local-port',
    examples: { deny: ['python -m debugpy --listen 0.0.0.0:5678 app.py', 'dlv debug --headless --listen=:2345', 'rdbg --open --host 0.0.0.0 app.rb', "lldb-server platform --listen '*:1234' --server", 'frida-server -l 0.0.0.0'], pass: ['python -m debugpy --listen 5678 app.py', 'dlv debug --headless --listen=127.0.0.1:2345', 'rdbg --open app.rb', 'dlv test ./...'] },
  },
  {
    // gdbserver COMM PROG: COMM is `[HOST]:PORT` (no host: every interface) or a serial line.
    names: ['gdbserver'],
    binds: [],
    positional: true,
    examples: { deny: ['gdbserver :1234 ./a.out', 'gdbserver --multi 0.0.0.0:2345'], pass: ['gdbserver localhost:1234 ./a.out', 'gdbserver /dev/ttyS0 ./a.out', 'gdbserver --version'] },
  },
  {
    // An intercepting proxy on every interface by default: other machines' traffic through it, and its own.
    names: ['mitmproxy', 'mitmdump', 'mitmweb'],
    binds: ['--listen-host'],
    everywhere: true,
    unless: /^(?:--version|--help|-h)$/,
    examples: { deny: ['mitmdump -p 8080', 'mitmproxy --listen-host 0.0.0.0'], pass: ['mitmdump --listen-host 127.0.0.1 -p 8080', 'mitmproxy --version'] },
  },
  {
    // websocketd runs its program for each connection, on every interface by default.
    names: ['websocketd'],
    binds: ['--address'],
    everywhere: true,
    examples: { deny: ['websocketd --port=8080 ./script.sh'], pass: ['websocketd --address=127.0.0.1 --port=8080 ./script.sh'] },
  },
  {
    names: ['caddy'],
    serves: /^reverse-proxy$/,
    binds: ['--from', '-f'],
    examples: { deny: ['caddy reverse-proxy --from :8080 --to localhost:3000'], pass: ['caddy reverse-proxy --from localhost:8080 --to localhost:3000', 'caddy run'] },
  },
  {
    // Version control servers: the repositories they serve (and hg's and git's push, when enabled) to whoever connects.
    // hg serve and git daemon bind every interface unless -a/--listen names one; --stdio, --cmdserver and --inetd talk
    // over standard input.
    names: ['hg'],
    serves: /^serve$/,
    subcommand: /^(-R|--repository|--repo|--cwd|--config|--encoding|--encodingmode|--color|--pager)$/,
    binds: ['-a', '--address'],
    everywhere: true,
    unless: /^(?:--stdio|--cmdserver(?:=.*)?|--help|-h)$/,
    examples: { deny: ['hg serve -p 8000', 'hg serve -d -a 0.0.0.0'], pass: ['hg serve -a 127.0.0.1 -p 8000', 'hg serve --stdio', 'hg commit -m serve'] },
  },
  {
    names: ['git'],
    serves: /^daemon$/,
    subcommand: /^(-C|-c|--git-dir|--work-tree|--namespace|--exec-path|--config-env)$/,
    binds: ['--listen'],
    everywhere: true,
    unless: /^(?:--inetd|--help|-h)$/,
    examples: { deny: ['git daemon --export-all', 'git daemon --reuseaddr --base-path=. --export-all --enable=receive-pack'], pass: ['git daemon --listen=127.0.0.1 --export-all', 'git daemon --inetd --export-all', 'git commit -m daemon'] },
  },
  {
    // fossil server binds every interface (--localhost, or --port IP:PORT, binds one); fossil ui binds loopback itself.
    names: ['fossil'],
    serves: /^server$/,
    subcommand: /^(-R|--repository)$/,
    binds: ['--port', '-P'],
    everywhere: true,
    unless: /^(?:--localhost|--help|-h)$/,
    examples: { deny: ['fossil server --port 8080', 'fossil server repo.fossil'], pass: ['fossil server --localhost --port 8080', 'fossil server --port 127.0.0.1:8080', 'fossil ui', 'fossil commit -m server'] },
  },
  {
    // svnserve -d (or -X) listens on every interface unless --listen-host names one; -i and -t talk over standard input.
    names: ['svnserve'],
    binds: ['--listen-host'],
    everywhere: true,
    unless: /^(?:-i|--inetd|-t|--tunnel|--version|--help|-h)$/,
    examples: { deny: ['svnserve -d -r /srv/svn', 'svnserve -X'], pass: ['svnserve -d --listen-host 127.0.0.1 -r /srv/svn', 'svnserve -t', 'svnserve --version'] },
  },
  {
    // ucspi servers: HOST PORT PROGRAM, the program run for each connection with the connection as its input and output
    // (`tcpserver 0 2222 sh` is a shell for whoever connects); host 0 is every interface.
    names: ['tcpserver', 'tcpsvd', 'udpsvd'],
    binds: [],
    positional: true,
    valued: ['-c', '-C', '-b', '-x', '-B', '-g', '-u', '-l', '-t', '-T', '-i'],
    examples: { deny: ['tcpserver 0 8080 sh', 'tcpsvd 0.0.0.0 2323 /bin/sh', 'tcpserver -v 192.168.1.5 8080 cat'], pass: ['tcpserver 127.0.0.1 8080 cat', 'tcpsvd localhost 8080 cat', 'tcpserver -c 10 -u 1000 127.0.0.1 8080 cat'] },
  },
  {
    // Remote terminals that bind every interface by default: telnetd (`-l /bin/sh`: a shell without a login), shellinabox's
    // web shell, x11vnc's view of the desktop, distccd's compiler jobs (it runs what a job names).
    names: ['telnetd', 'utelnetd', 'in.telnetd'],
    binds: ['-b'],
    everywhere: true,
    unless: /^(?:-i|--help)$/,
    examples: { deny: ['busybox telnetd -l /bin/sh -p 2323', 'telnetd -F -b 0.0.0.0:23'], pass: ['telnetd -F -b 127.0.0.1:2323', 'telnetd -i'] },
  },
  {
    names: ['shellinaboxd'],
    binds: [],
    everywhere: true,
    unless: /^(?:--localhost-only|--help|-h|--version)$/,
    examples: { deny: ['shellinaboxd -p 4200', 'shellinaboxd -t -s /:LOGIN'], pass: ['shellinaboxd --localhost-only -p 4200'] },
  },
  {
    names: ['x11vnc'],
    binds: ['-listen'],
    everywhere: true,
    unless: /^(?:-localhost|-help|-h|-version|--version)$/,
    examples: { deny: ['x11vnc -forever', 'x11vnc -listen 0.0.0.0 -display :0'], pass: ['x11vnc -localhost -forever', 'x11vnc -listen 127.0.0.1 -display :0'] },
  },
  {
    names: ['distccd'],
    binds: ['--listen'],
    everywhere: true,
    unless: /^(?:--inetd|--help|--version)$/,
    examples: { deny: ['distccd --daemon --allow 0.0.0.0/0', 'distccd --daemon --allow 192.168.1.0/24'], pass: ['distccd --daemon --listen 127.0.0.1 --allow 127.0.0.1', 'distccd --version'] },
  },
  {
    // xpra's sessions bind only where a --bind-* option says (TCP, WebSocket, SSL, SSH, QUIC, VNC's RFB).
    names: ['xpra'],
    serves: /^(?:start|start-desktop|shadow|upgrade|proxy)$/,
    binds: ['--bind-tcp', '--bind-ws', '--bind-wss', '--bind-ssl', '--bind-ssh', '--bind-quic', '--bind-rfb'],
    examples: { deny: ['xpra start --bind-tcp=0.0.0.0:10000', 'xpra shadow :0 --bind-ws=0.0.0.0:10000'], pass: ['xpra start --bind-tcp=127.0.0.1:10000', 'xpra start :100'] },
  },
  {
    // An SSH server lets other machines log in (`-t` and `-T` only test its configuration).
    names: ['sshd', 'dropbear'],
    binds: [],
    everywhere: true,
    unless: /^(?:-t|-T|-V|--help)$/,
    examples: { deny: ['sshd -D -p 2222', 'dropbear -F -p 2222'], pass: ['sshd -t', 'sshd -T -f sshd_config'] },
  },
  {
    // `tailscale serve` shares a local port with the tailnet's machines, `funnel` with the whole internet.
    names: ['tailscale'],
    serves: /^(?:serve|funnel)$/,
    binds: [],
    everywhere: true,
    unless: /^(?:status|reset|off|get-config|--help|-h)$/,
    examples: { deny: ['tailscale funnel 3000', 'tailscale serve --bg 8080', 'sudo tailscale funnel --https=443 localhost:3000'], pass: ['tailscale status', 'tailscale funnel status', 'tailscale serve reset', 'tailscale funnel 3000 off'] },
  },
  {
    names: ['docker', 'podman', 'nerdctl', 'finch'],
    serves: /^(?:run|create)$/,
    binds: ['-p', '--publish'],
    reading: 'publish',
    examples: { deny: ['docker run -p 0.0.0.0:8080:80 nginx', 'podman run --publish=0.0.0.0:5432:5432 postgres', 'docker run -p [::]:80:80 nginx', 'docker run --network host app rails s -b 0.0.0.0'], pass: ['docker run -p 8080:80 nginx', 'docker run -p 3000:3000 app bin/rails server -b 0.0.0.0', 'docker compose run --service-ports web flask run --host=0.0.0.0', 'docker compose exec web python manage.py runserver 0.0.0.0:8000', 'kubectl exec -it api -- flask run --host=0.0.0.0', 'docker run -p 127.0.0.1:8080:80 nginx', 'docker run --rm -p 127.0.0.1::80/tcp nginx', 'docker run -p "$PORT:3000" app', 'docker ps -p 0.0.0.0:1:1'] },
  },
];

const BY_NAME = new Map<string, ServerRow>();
for (const row of SERVER_ROWS) for (const n of row.names) BY_NAME.set(n, row);

/** A network interface's name (ttyd's `-i eth0`): loopback's is this machine, any other is other machines'. */
function interfaceName(text: string): boolean {
  return /^(?:lo\d*|eth\d+|en[\w]+|wl[\w]+|docker\d+|br-[\w]+|tun\d+|tailscale\d+)$/.test(text);
}

/** The places one bind value names, read as the row reads them. */
function places(word: Word, text: string | undefined, row: ServerRow): Destination[] {
  const reading = row.reading ?? 'address';
  // A computed port spec (`-p "$PORT:3000"`) exposes no more than docker's own default, every interface, which passes.
  if (text === undefined) return reading === 'publish' ? [] : [bound(word, null)];
  if (reading === 'urls') {
    return text
      .split(';')
      .map((u) => u.trim())
      .filter((u) => u !== '')
      .map((u) => {
        const host = /^[a-z]+:\/\/(\[[^\]]*\]|[^/:]*)/i.exec(u)?.[1] ?? u;
        return bound(word, host === '+' || host === '*' ? '' : host);
      });
  }
  if (reading === 'publish') {
    const spec = text.replace(/\/[a-z]+$/i, '');
    const v6 = /^\[([^\]]*)\]:/.exec(spec);
    if (v6) return [bound(word, `[${v6[1]}]`)];
    const parts = spec.split(':');
    return parts.length >= 3 ? [bound(word, parts[0] === '' ? '' : parts[0])] : [];
  }
  // An empty address is every interface (Python's `''`, gotty's default).
  if (text.trim() === '') return [bound(word, '')];
  return text.split(',').flatMap((raw) => {
    const a = raw.trim();
    // Unix sockets, inherited descriptors and serial lines (`gdbserver /dev/ttyS0`) are no network.
    if (a === '' || /^(?:unix|fd):/i.test(a) || /^\.{0,2}\//.test(a)) return [];
    if (reading === 'local-port') {
      if (/^\d+$/.test(a)) return [];
      const m = /^(\[[^\]]*\]|[^:]*)(?::\d*)?$/.exec(a);
      const host = m ? m[1]! : a;
      return [bound(word, host === '0' ? '' : host)];
    }
    if (row.everywhere && interfaceName(a)) return a.startsWith('lo') ? [] : [bound(word, '')];
    return [bound(word, a === '*' ? '' : a)];
  });
}

/** Where its options start: after the word that starts the server (-1 when none does), or at its first word. */
function operandsFrom(args: readonly Word[], serves: RegExp | undefined, subcommand?: RegExp): number {
  if (!serves) return 0;
  if (subcommand) {
    for (let i = 0; i < args.length; i++) {
      const v = value(args[i]);
      if (v !== undefined && subcommand.test(v)) i++;
      else if (v === undefined || !v.startsWith('-')) return v !== undefined && serves.test(v) ? i + 1 : -1;
    }
    return -1;
  }
  const at = args.findIndex((a) => serves.test(value(a) ?? ''));
  return at < 0 ? -1 : at + 1;
}

/** Python modules whose main is a server's program (`python3 -m uvicorn …` is `uvicorn …`), by the program's name. */
const MODULES: Readonly<Record<string, string>> = { django: 'django-admin', jupyterlab: 'jupyter-lab', notebook: 'jupyter-notebook' };

/**
 * The row and words of the server an invocation starts: by its name, or through the interpreter that runs it
 * (`python3 -m flask run …`, `python manage.py runserver …`, `php artisan serve …`).
 */
function serverCall(call: Call): { row: ServerRow; args: readonly Word[] } | undefined {
  const row = BY_NAME.get(call.name) ?? BY_NAME.get(call.program);
  if (row) return { row, args: call.args };
  if (!/^(?:python[\d.]*|php[\d.]*)$/.test(call.name)) return undefined;
  for (let i = 0; i < call.args.length; i++) {
    const v = value(call.args[i]) ?? '';
    if (v === '-m' && /^python/.test(call.name)) {
      const module = value(call.args[i + 1]) ?? '';
      const named = BY_NAME.get(MODULES[module] ?? module);
      return named ? { row: named, args: call.args.slice(i + 2) } : undefined;
    }
    if (v.startsWith('-')) continue;
    // The script it runs: manage.py or artisan are their frameworks' commands.
    const script = BY_NAME.get(v.slice(v.lastIndexOf('/') + 1));
    return script ? { row: script, args: call.args.slice(i + 1) } : undefined;
  }
  return undefined;
}

/** Where a server this invocation starts listens, as the line binds it (none for a program no row knows). */
export function serverListens(call: Call): Destination[] {
  const server = serverCall(call);
  if (!server) return [];
  const { row, args } = server;
  const from = operandsFrom(args, row.serves, row.subcommand);
  if (from < 0 || (row.unless && args.slice(from).some((a) => row.unless!.test(value(a) ?? '')))) return [];
  const out: Destination[] = [];
  let named = false;
  let positional = row.positional === true;
  for (let i = from; i < args.length; i++) {
    const w = args[i]!;
    const v = asWritten(w);
    if (v === '--') {
      if (row.afterDashes) continue;
      break;
    }
    if (v === undefined) {
      // `--ip=$(hostname -I)`: a bind option with a computed value.
      const opt = /^(--?[\w.-]+)=/.exec(w.text)?.[1];
      if (opt !== undefined && row.binds.includes(opt)) {
        named = true;
        out.push(bound(w, null));
      }
      continue;
    }
    if (row.all?.includes(v)) {
      out.push(bound(w, ''));
      named = true;
      continue;
    }
    const eq = v.indexOf('=');
    const name = v.startsWith('--') && eq > 0 ? v.slice(0, eq) : v;
    if (row.binds.includes(name)) {
      named = true;
      if (name !== v) {
        const given = attached(w, v.slice(eq + 1));
        out.push(...places(given, v.slice(eq + 1), row));
        continue;
      }
      const next = args[i + 1];
      const nv = next === undefined ? '' : asWritten(next);
      if (row.optional?.includes(name) && (next === undefined || nv?.startsWith('-'))) {
        out.push(bound(w, ''));
        continue;
      }
      if (next === undefined) continue;
      i++;
      out.push(...places(next, nv, row));
      // redis-server's `--bind A B …`: every word up to the next option.
      while (row.spread && i + 1 < args.length && !(value(args[i + 1]) ?? '-').startsWith('-')) {
        i++;
        out.push(...places(args[i]!, asWritten(args[i]!), row));
      }
      continue;
    }
    // A short option with its value attached (`-b0.0.0.0:8000`).
    const short = /^(-[A-Za-z])(.+)$/.exec(v);
    if (short && row.binds.includes(short[1]!) && !v.startsWith('--')) {
      named = true;
      out.push(...places(attached(w, short[2]!), short[2], row));
      continue;
    }
    if (row.valued?.includes(v)) {
      i++;
      continue;
    }
    if (positional && !v.startsWith('-')) {
      positional = false;
      named = true;
      out.push(...places(w, v, row));
    }
  }
  for (const name of row.env ?? []) {
    const v = call.env(name);
    if (v === undefined) continue;
    const at = args[0] ?? call.command ?? literal(call.name, { start: 0, end: 0 });
    named = true;
    out.push(...places(v === null ? { ...at, values: null, dynamic: `$${name} is computed` } : attached(at, v), v ?? undefined, row));
  }
  for (const name of row.envEvery ?? []) {
    const v = call.env(name);
    const at = args[0] ?? call.command ?? literal(call.name, { start: 0, end: 0 });
    if (typeof v === 'string' && /^(?:0\.0\.0\.0|::|\[::\]|\*)$/.test(v.trim())) out.push(bound(attached(at, v), ''));
  }
  if (row.everywhere && !named) out.push(bound(call.command ?? args[0] ?? literal(call.name, { start: 0, end: 0 }), ''));
  return out;
}

/**
 * Programs that open this machine to other machines without serving anything themselves: a firewall rule that lets
 * them in, a firewall turned off or flushed, a remote login or remote shell service started, a port forwarded from
 * every interface. `opens` is matched against the words, lower-cased and joined by spaces (a computed word as NUL).
 */
export interface OpenerRow {
  names: readonly string[];
  opens: RegExp;
  why: string;
  /** What is opened, and to whom, when it is not this machine (a cloud firewall): see Answer.opens. */
  what?: string;
  /**
   * The mode words that open (`disable`, `start`, `-F`): a computed word where the mode stands may be any of them, so the
   * words are also matched with it read as each (`systemctl $op sshd`, `ufw $op`), as anyMode in build.ts reads a mode.
   */
  modes?: readonly string[];
  examples: { deny: readonly (string | { command: string; shell: 'powershell' })[]; pass: readonly (string | { command: string; shell: 'powershell' })[] };
}

const FIREWALLS = '(?:firewalld|ufw|nftables|iptables|ip6tables|netfilter-persistent)';
/** Windows' firewall, by service name and by display name (a quoted one is one word). */
const WINDOWS_FIREWALLS = '(?:mpssvc|bfe|"?windows (?:defender )?firewall"?|"?base filtering engine"?)';
const WINDOWS_REMOTE_LOGINS = '(?:winrm|sshd|termservice|"?windows remote management[^"]*"?|"?openssh ssh server"?|"?remote desktop services"?)';
const REMOTE_LOGINS = '(?:sshd?|ssh\\.socket|xrdp|telnet\\.socket|telnetd|inetd|xinetd|x11vnc|vncserver\\S*|winrm|rsh\\.socket|rlogin\\.socket)';

export const OPENER_ROWS: readonly OpenerRow[] = [
  {
    names: ['ufw'],
    // `allow out` lets this machine out, not others in; `enable` and `deny` close.
    opens: /(?:^|\s)(?:(?:allow|limit)(?!\s+out(?:\s|$))|disable|reset|default\s+allow\s+(?:incoming|routed)|route\s+allow)(?:\s|$)/,
    why: 'a firewall rule that lets other machines in, or the firewall turned off',
    modes: ['disable', 'reset'],
    examples: { deny: ['sudo ufw allow 4444', 'ufw allow from any to any port 22 proto tcp', 'sudo ufw disable', 'ufw default allow incoming', 'sudo ufw $op'], pass: ['sudo ufw status verbose', 'sudo ufw status $v', 'sudo ufw enable', 'ufw deny 23', 'ufw allow out 53'] },
  },
  {
    names: ['iptables', 'ip6tables', 'iptables-legacy', 'ip6tables-legacy', 'iptables-nft', 'ip6tables-nft'],
    opens: /(?:^|\s)(?:-f|--flush)(?:\s|$)|(?:-p|--policy)\s+(?:input|forward)\s+accept(?:\s|$)|(?:-a|-i|--append|--insert)\s+(?:input|forward)(?:\s.*)?\s(?:-j|--jump)\s+accept(?:\s|$)|(?:-j|--jump)\s+dnat(?:\s|$)/,
    why: 'its rules flushed, or a rule that accepts other machines\u2019 connections',
    modes: ['-f'],
    examples: { deny: ['sudo iptables $o', 'sudo iptables -F', 'iptables -P INPUT ACCEPT', 'iptables -A INPUT -p tcp --dport 4444 -j ACCEPT', 'iptables -t nat -A PREROUTING -p tcp --dport 80 -j DNAT --to 10.0.0.5:8080'], pass: ['sudo iptables -L -n', 'iptables -A INPUT -s $ip -j DROP', 'iptables -A INPUT -p tcp --dport 23 -j DROP', 'iptables -A OUTPUT -j ACCEPT', 'iptables-save'] },
  },
  {
    names: ['nft'],
    opens: /(?:^|\s)(?:flush\s+(?:ruleset|table|chain)|delete\s+(?:table|chain))(?:\s|$)|\sinput\s.*\saccept(?:\s|$)/,
    why: 'its rules flushed, or a rule that accepts other machines\u2019 connections',
    examples: { deny: ['sudo nft flush ruleset', "nft add rule inet filter input tcp dport 4444 accept"], pass: ['sudo nft list ruleset', "nft add rule inet filter input tcp dport 23 drop"] },
  },
  {
    names: ['firewall-cmd'],
    opens: /(?:^|\s)(?:--add-(?:port|service|source|forward-port|rich-rule|masquerade|interface)|--set-default-zone(?:=|\s+)trusted|--panic-off)(?:[=\s]|$)/,
    why: 'a firewall rule that lets other machines in',
    examples: { deny: ['sudo firewall-cmd --add-port=4444/tcp', 'firewall-cmd --permanent --add-service=ssh', 'firewall-cmd --set-default-zone=trusted'], pass: ['firewall-cmd --list-all', 'firewall-cmd --state', 'firewall-cmd --remove-port=4444/tcp'] },
  },
  {
    names: ['systemctl', 'service', 'rc-service', 'sv'],
    opens: new RegExp(`(?:^|\\s)(?:(?:stop|disable|mask|kill)\\s+(?:\\S+\\s+)*${FIREWALLS}(?:\\.service)?|(?:start|enable)\\s+(?:\\S+\\s+)*${REMOTE_LOGINS}(?:\\.service)?|${FIREWALLS}\\s+stop|${REMOTE_LOGINS}\\s+start)(?:\\s|$)`),
    why: 'the firewall stopped, or a remote login service started',
    modes: ['stop', 'start'],
    examples: { deny: ['sudo systemctl $op ssh', 'sudo systemctl stop firewalld', 'sudo systemctl disable --now ufw', 'sudo systemctl enable --now ssh', 'systemctl start xrdp', 'sudo service ssh start', 'sudo service ufw stop'], pass: ['systemctl status ssh', 'systemctl status $svc', 'sudo systemctl $op nginx', 'sudo systemctl restart nginx', 'sudo systemctl start firewalld', 'sudo systemctl stop ssh', 'service postgresql start'] },
  },
  {
    // Windows' firewall service (mpssvc, and the Base Filtering Engine it stands on) stopped or deleted, or a remote
    // login service (WinRM, OpenSSH's sshd, Remote Desktop's TermService) started, by net or sc (`sc \\HOST stop …`).
    names: ['net', 'sc'],
    opens: new RegExp(`^(?:\\\\\\S+\\s+)?(?:(?:stop|pause|delete)\\s+${WINDOWS_FIREWALLS}|start\\s+${WINDOWS_REMOTE_LOGINS})(?:\\s|$)`),
    why: 'the Windows firewall stopped, or a remote login service (WinRM, sshd, Remote Desktop) started',
    examples: { deny: [{ command: 'net stop mpssvc', shell: 'powershell' }, { command: 'sc.exe stop BFE', shell: 'powershell' }, { command: 'net start WinRM', shell: 'powershell' }, { command: 'net stop "Windows Defender Firewall"', shell: 'powershell' }], pass: [{ command: 'net start mpssvc', shell: 'powershell' }, { command: 'sc.exe query mpssvc', shell: 'powershell' }, { command: 'net stop sshd', shell: 'powershell' }] },
  },
  {
    names: ['stop-service', 'suspend-service', 'remove-service'],
    opens: new RegExp(`(?:^|\\s|,)${WINDOWS_FIREWALLS}(?:\\s|,|$)`),
    why: 'the Windows firewall stopped',
    examples: { deny: [{ command: 'Stop-Service -Name mpssvc -Force', shell: 'powershell' }, { command: 'Stop-Service -DisplayName "Windows Defender Firewall"', shell: 'powershell' }], pass: [{ command: 'Stop-Service sshd', shell: 'powershell' }] },
  },
  {
    names: ['netsh'],
    opens: /(?:^|\s)(?:advfirewall\s+firewall\s+add\s+rule\s(?!.*\sdir=out(?:\s|$))(?=.*\saction=allow(?:\s|$))|advfirewall\s+set\s+\S+\s+state\s+off(?:\s|$)|interface\s+portproxy\s+add\s)/,
    why: 'a firewall rule that lets other machines in, the firewall turned off, or a port forwarded for other machines',
    examples: { deny: ['netsh advfirewall firewall add rule name=x dir=in action=allow protocol=TCP localport=4444', 'netsh advfirewall set allprofiles state off', 'netsh interface portproxy add v4tov4 listenport=8080 connectport=3000 connectaddress=127.0.0.1'], pass: ['netsh advfirewall show allprofiles', 'netsh advfirewall firewall add rule name=x dir=out action=allow program=x.exe', 'netsh interface portproxy show all'] },
  },
  {
    // PowerShell's firewall and remoting cmdlets. New-NetFirewallRule makes an inbound rule that allows unless told otherwise.
    names: ['new-netfirewallrule'],
    opens: /^(?!.*\s?-direction\s+outbound(?:\s|$))(?!.*\s?-action\s+block(?:\s|$))/,
    why: 'a firewall rule that lets other machines in',
    examples: { deny: [{ command: 'New-NetFirewallRule -DisplayName x -Direction Inbound -LocalPort 4444 -Protocol TCP -Action Allow', shell: 'powershell' }, { command: 'New-NetFirewallRule -DisplayName x -LocalPort 4444 -Protocol TCP', shell: 'powershell' }], pass: [{ command: 'New-NetFirewallRule -DisplayName x -Direction Outbound -RemotePort 443 -Protocol TCP -Action Allow', shell: 'powershell' }, { command: 'New-NetFirewallRule -DisplayName x -Direction Inbound -LocalPort 23 -Action Block', shell: 'powershell' }] },
  },
  {
    names: ['set-netfirewallprofile'],
    opens: /(?:^|\s)-enabled(?::|\s+)(?:false|\$false|0)(?:\s|$)/,
    why: 'the firewall turned off',
    examples: { deny: [{ command: 'Set-NetFirewallProfile -Profile Domain,Public,Private -Enabled False', shell: 'powershell' }], pass: [{ command: 'Set-NetFirewallProfile -Profile Public -Enabled True', shell: 'powershell' }] },
  },
  {
    names: ['enable-netfirewallrule', 'enable-psremoting', 'set-wsmanquickconfig', 'winrm'],
    opens: /^(?!(?:.*\s)?(?:get|enumerate|e|invoke|i|identify|id|help|-\?)(?:\s|$))/,
    why: 'remote shells (WinRM) or the rules of the firewall that keep other machines out turned on',
    examples: { deny: [{ command: 'Enable-PSRemoting -Force', shell: 'powershell' }, { command: "Enable-NetFirewallRule -DisplayGroup 'Remote Desktop'", shell: 'powershell' }, 'winrm quickconfig -q'], pass: ['winrm get winrm/config', 'winrm enumerate winrm/config/listener'] },
  },
  {
    // DigitalOcean's cloud firewalls: an inbound rule from every address (`address:0.0.0.0/0`, `::/0`; a computed
    // rule may be one). (doctl's other modes are its hosting.ts entry's.)
    names: ['doctl'],
    opens: /(?:^|\s)compute\s+firewall\s+(?:create|update|add-rules)\s(?=.*\s--inbound-rules(?:=|\s+)(?:\u0000|\S*address:(?:0\.0\.0\.0\/0|::\/0)(?:[,\s]|$)))/,
    why: 'an inbound rule from address:0.0.0.0/0 lets every machine on the internet reach the ports it names',
    what: 'cloud machines to every address on the internet',
    examples: { deny: ['doctl compute firewall create --name fw --inbound-rules protocol:tcp,ports:22,address:0.0.0.0/0', "doctl compute firewall add-rules f1 --inbound-rules 'protocol:tcp,ports:5432,address:0.0.0.0/0,address:::/0'"], pass: ['doctl compute firewall create --name fw --inbound-rules protocol:tcp,ports:22,address:203.0.113.7/32', 'doctl compute firewall list'] },
  },
  {
    // A remote login service started or set to start; Set-Service of Windows' firewall service to Disabled or Manual,
    // or Stopped or Paused (net, sc and Stop-Service have their rows above).
    names: ['start-service', 'set-service'],
    opens: new RegExp(`(?:^|\\s)(?:-name\\s+)?(?:sshd|winrm|termservice)(?:\\s|$)(?!.*-startuptype\\s+disabled)(?!.*-status\\s+stopped)|(?=.*(?:^|\\s)${WINDOWS_FIREWALLS}(?:\\s|$))(?=.*\\s-(?:startuptype|status)\\s+(?:disabled|manual|stopped|paused)(?:\\s|$))`),
    why: 'a remote login service started, or the Windows firewall stopped or kept from starting',
    examples: { deny: [{ command: 'Start-Service sshd', shell: 'powershell' }, { command: 'Set-Service -Name sshd -StartupType Automatic', shell: 'powershell' }, { command: 'Set-Service mpssvc -StartupType Disabled', shell: 'powershell' }, { command: 'Set-Service -Name BFE -Status Stopped', shell: 'powershell' }], pass: [{ command: 'Start-Service postgresql-x64-16', shell: 'powershell' }, { command: 'Set-Service -Name sshd -StartupType Disabled', shell: 'powershell' }, { command: 'Set-Service mpssvc -StartupType Automatic', shell: 'powershell' }, { command: 'Start-Service mpssvc', shell: 'powershell' }] },
  },
];

const OPENERS = new Map<string, OpenerRow>();
for (const row of OPENER_ROWS) for (const n of row.names) OPENERS.set(n, row);

/** What this invocation opens the machine to other machines by (none for a program no row knows). */
export function machineOpens(call: Call): { word: Word; why: string }[] {
  const row = OPENERS.get(call.name) ?? OPENERS.get(call.program);
  if (!row) return [];
  const said = call.args.map((a) => value(a)?.toLowerCase());
  const views = [said.map((w) => w ?? '\u0000').join(' ')];
  // Where the mode stands: a computed word with only options before it (`ufw status $v` has its mode).
  const at = said.indexOf(undefined);
  if (at >= 0 && said.slice(0, at).every((w) => w!.startsWith('-'))) for (const m of row.modes ?? []) views.push(said.map((w, i) => (i === at ? m : (w ?? '\u0000'))).join(' '));
  if (!views.some((v) => row.opens.test(v))) return [];
  return [{ word: call.command ?? call.args[0] ?? literal(call.name, { start: 0, end: 0 }), why: row.why, ...(row.what !== undefined ? { what: row.what } : {}) }];
}
