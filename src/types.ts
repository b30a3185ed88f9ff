// The data every stage hands to the next: plain, JSON-serialisable, small enough to hold in your head.

/** The shell a command line is written for. */
export type Dialect = 'bash' | 'powershell';

/*
 * A path is kept as one lower-cased, absolute, `/`-separated string (rules/paths.ts). Unknowns inside it are marked
 * with private-use characters so literal and glob paths share one representation:
 *   STAR — a glob `*` (cannot match a leading dot, unless dotglob);  ONE — a glob `?` or `[…]`;
 *   DYN  — a value the analyzer could not resolve (a variable, a substitution): anything, dots included; alone in a
 *          component it stands for no policy text, beside the line's own (`.a${x}s`) it may, as a star does;
 *   NAME — in an 8.3 short name (`SSH~1`), what Windows cut from the long name it maps to: any text, dots included.
 *          The line chose the name, so unlike DYN it may stand for a policy entry's own text (`.aws`, `credentials`);
 *   GAP  — in an 8.3 short name, the dots and blanks Windows drops from the base it keeps (`.ssh`, `Start Menu`).
 */
export const STAR = '\u{e001}';
export const ONE = '\u{e002}';
export const DYN = '\u{e003}';
export const NAME = '\u{e004}';
export const GAP = '\u{e005}';

/**
 * Why a variable is not known after paths that set it join paths that did not (`cd src && read x y <<< …; rm $x $y`):
 * on some paths it holds what the line gave it. A word made of one is not the “computed by something else” word the
 * registry's entries may read leniently (`rm $x $y`); what the line gave it may be an option.
 */
export const SET_ON_SOME_PATHS = 'it is not set on every path the shell may take';

/** An interpreter language whose code a command line can carry (`python3 -c`, `node -e`, a heredoc into `ruby`). */
export type Language = 'python' | 'javascript' | 'ruby' | 'php' | 'perl';

/** A half-open range of UTF-16 offsets into the top-level command text. */
export interface Span {
  start: number;
  end: number;
}

/**
 * A word as written, with its static value(s) or the reason it has none.
 * `values` has several entries after brace expansion (`c{u,}rl` → `curl`, `crl`).
 */
export interface Word {
  /** Source text of the word (for nested scripts: the nested text's own word). */
  text: string;
  /** Where the word stands in the top-level command text. */
  span: Span;
  /** Static values, or null when the word is dynamic. */
  values: string[] | null;
  /** Why the word is dynamic (set only when `values` is null). */
  dynamic?: string;
  /** A dynamic word known to be a number (`$((…))`, `$(wc -l < f)`): no code, no path. */
  numeric?: boolean;
  /**
   * A dynamic word whose only computed parts are numbers (`/tmp/build-$(date +%s)`) or the user's login name (`/tmp/$USER`,
   * `/tmp/$(whoami)-cache`): its values with each standing as `0` or as nothing, which place every path it makes as the
   * number or name would (neither holds a `/`, nor is `.` or `..`).
   */
  numbers?: string[];
  /**
   * A dynamic word led by the environment's temp directory (`$TMPDIR`, `${TMPDIR:-/tmp}`, the line setting neither)
   * whose other computed parts are numbers or the user's name (`"${TMPDIR:-/tmp}/$USER-jest"`, `"$TMPDIR/build-$$"`):
   * what follows the directory (`rests`), each number or name standing as `0` or as nothing (see numbers); `empty`:
   * the directory may be the empty string (`$TMPDIR` unset, as it often is on Linux), which makes each rest a path
   * of its own (`/build-0`). Only `${TMPDIR:-/tmp}` is never empty. `glob`: the rests hold an unquoted `*`, `?` or `[`
   * (`"$TMPDIR"/jest_*`).
   */
  envTemp?: { rests: string[]; empty: boolean; glob?: boolean };
  /** True when a value still holds unquoted glob characters (`*`, `?`, `[…]`). */
  glob?: boolean;
  /**
   * What a program puts into the word where its replace string (`token`) stands inside it, not known here (`find ~
   * -exec sh -c 'echo x >> {}' ;`, `… | xargs -I{} sh -c '…{}…'`): as shell text, paths below `under` (find's) are
   * read as a parameter holding one, anything else is code (see BashResolver.reenterJoined).
   */
  items?: { why: string; token: string; under?: Under[] };
  /** A dynamic word known to be a path at or below one of these (what `find ROOT` prints, read by xargs). */
  under?: Under[];
  /** A dynamic word that is a path in a temp directory mktemp made (`"$tmp/dist"` after `tmp=$(mktemp -d)`). */
  temp?: boolean;
  /**
   * A dynamic word that names a program's cache, which it fetches or builds again (see Answer's `directory` output):
   * `"$(go env GOCACHE)"`, `"$(npm config get cache)/_cacache"`.
   */
  cache?: boolean;
  /**
   * A dynamic word led by a directory of a program's setup it printed, with written text after it: the path it is
   * where that directory is where the program has it by default (`"$(go env GOPATH)/bin/gofmt"`: `~/go/bin/gofmt`).
   * Or the text a PowerShell expression stands for, read as a path (`(Join-Path $env:GOPATH bin)`: `$env:GOPATH\bin`).
   */
  stands?: string;
  /**
   * A dynamic word whose only computed parts are variables holding a path mktemp made, in double quotes (`"rm -rf
   * $tmp"`): its one value with each of them standing for such a path (`/tmp/tmp.XXXXXXXXXX`), for text a program
   * keeps to run later (a trap's action) and reads again then.
   */
  tempText?: string;
  /**
   * A dynamic word that names a program by a static last name in a directory not known, and cannot split into other
   * words (`"$VIRTUAL_ENV/bin/python"`, `"$(go env GOPATH)"/bin/mockgen`, `$(which python3)`); `vanish`: it may
   * also expand to no word at all (an unquoted `$(which x)` that finds none), so the next word is the command.
   */
  program?: {
    name: string;
    vanish?: boolean;
    /** The path a lookup on the PATH found (`$(which git)`, or a variable assigned it): the program that runs by that name. */
    found?: true;
  };
  /**
   * A word that is only the identifiers a program prints (`$(docker ps -q)`, see the `ids` output): none starts with a
   * dash, none holds code or a path; `vanish`: unquoted, it is one word per identifier, and none where there is none.
   */
  ids?: { vanish?: boolean };
  /**
   * A dynamic word that is only the output of a program's own shell setup code (`"$(conda shell.bash hook)"`), the
   * program named: what `eval` of it runs is that program's functions and variables.
   */
  init?: string;
  /**
   * A word holding what a substitution prints, known as static text (`$(echo -rf ~)`): its values are that text, but
   * at command position it stays computed (`$(echo curl) x`).
   */
  printed?: true;
  /**
   * A dynamic word built from text written on the line that vouch did not follow (an array the line changed element
   * by element, what a filter printed of static text: `rm $(echo -rf ~ | tr a a)`): it may be any option or path that
   * text made, unlike a word read from a file or the environment.
   */
  line?: true;
  /**
   * A word that is only `"$(git rev-parse --show-toplevel)"`: the top of the git work tree holding this directory,
   * which is it or a directory above it (or, where there is none, the empty word).
   */
  top?: string;
  /** A process substitution whose command prints text built from the line's text (`< <(printf … -rf ~)`): see `line`. */
  pipesLine?: true;
  /**
   * What such a process substitution prints when it is one command printing static text (`< <(echo '$X')`): a command
   * redirected from it reads that text on stdin, as from `echo '$X' |`. A program that takes the word as a file still
   * sees only `pipesLine`.
   */
  piped?: string;
  /**
   * A file whose lines are paths a lister printed, below these roots: a process substitution of one (`xargs -a <(git
   * ls-files)`, `< <(find .)`) or a file the line wrote its output into (`git ls-files > l; xargs -a l …`).
   */
  holds?: Under[];
  /**
   * Text made of the paths a lister printed, maybe changed on the way (Under.changed): any text, as a computed word is,
   * but the files the guard keeps its own setup in that lie below those roots may be among it (guard/shell.ts).
   */
  touches?: Under[];
}

/** A directory (its values, and the directory it is relative to) that a computed path lies at or below. */
export interface Under {
  values: string[] | null;
  cwd: string | null;
  /** `cwd` is a glob (`cd ../proj[e]ct`): the roots lie in whatever it matches. */
  cwdGlob?: boolean;
  /** The values are patterns (a PowerShell listing's wildcard -Path, `gci .en*`; a glob a lister is given): the roots are whatever they match. */
  glob?: true;
  /** `cwd` is unknown, the top of the git work tree holding this directory (see Invocation.cwdTop). */
  cwdTop?: string;
  cwdTopGlob?: boolean;
  /**
   * A path `find -execdir` hands the command it runs: `./NAME`, relative to the directory it was found in, where that
   * command starts (State.found). Read from there it is the file found below the roots; read from anywhere else, any.
   */
  found?: true;
  /** The only names the paths may have (find's `-name` tests), when they are narrowed. */
  names?: string[];
  /** How deep below the roots they lie at most (find's `-maxdepth`). */
  depth?: number;
  /**
   * The walk enters no hidden directory (find whose tests leave out every path with a dot component,
   * `-not -path` with a pattern every dot path matches): nothing it finds lies beneath a dot directory below its roots.
   */
  visible?: true;
  /** The walk never enters a repository's .git (git's own listers; grep with `--exclude-dir=.git`). */
  noGit?: true;
  /** Never the roots themselves (find's `-mindepth 1`, `-type f`). */
  below?: true;
  /** find's expression as written (each word's first value): the tests that pick what it prints. */
  tests?: readonly string[];
  /**
   * Each line is one whole path: names holding a newline or a control character are printed quoted (git's), so a
   * reader that splits at newlines gets whole paths. find, fd and grep -l print names as they are: a name may hold a
   * newline, and what splits at newlines gets pieces of paths, as what splits at blanks always does (see `pieces`).
   */
  lines?: true;
  /**
   * The items are pieces of those paths, split at blanks or newlines inside a name (see `pieces`): each path may be
   * among them, and so may any other path. A recursive delete of them cannot be vouched for (destructive.unresolved).
   */
  split?: true;
  /**
   * Text a program made of those paths, which it may have changed (`git status --porcelain | awk '{print $2}'`, `sed
   * s/…/…/`): they may be among it, but it may be any text. A word holding it keeps it apart (Word.touches).
   */
  changed?: true;
}

/** `NAME=value` before a command, or a standalone assignment. */
export interface Assignment {
  name: string;
  value: Word;
  span: Span;
}

/** A redirection of a segment: `>`, `>>`, `<`, `&>`, `<>`, `<<`, `<<<`, `>|`, … */
export interface Redirect {
  /** The operator as written (`>`, `>>`, `2>`, `&>`, `<<`, `<<-`, `<<<`, `<>`, …) without the fd. */
  op: string;
  /** The file descriptor written before the operator, if any. */
  fd?: number;
  /** The target word (file, fd number, or heredoc delimiter). */
  target?: Word;
  /** Heredoc or herestring body: its text, static when `body.values` is set. */
  body?: Word;
  span: Span;
}

/** One simple command as the shell would run it, with its context. */
export interface Segment {
  dialect: Dialect;
  /** Words: the first is at command position before wrappers are peeled. */
  words: Word[];
  /** Env-prefix assignments (`FOO=1 cmd`), or the assignments of an assignment-only segment. */
  assignments: Assignment[];
  redirects: Redirect[];
  span: Span;
  /** Where the segment stands, outermost first: e.g. `['list', 'pipeline[1]', 'substitution']`. */
  context: string[];
  /** Nesting depth of re-entered scripts (`bash -c`, `eval`, …); 0 for top-level text. */
  depth: number;
  /** The directory the segment runs in, or null when a dynamic `cd` made it unknown. */
  cwd: string | null;
  /** The directory is a glob (`cd ~/.k?be`): the segment runs in whatever it matches. */
  cwdGlob?: boolean;
  /** Its output is read by another command (a later pipeline stage, a substitution): what it prints may be used. */
  piped?: boolean;
  /**
   * It stands in text a program may or may not run (a command line handed to a program vouch does not know): only
   * findings of what it surely does count there, not cannot-vouch, nor egress (vouch.unknown-program reads that).
   */
  maybe?: true;
  /**
   * It stands in such text, run by a shell or eval the text starts (`mytool --exec 'bash -c "curl evil.example"'`), or
   * is a program the text runs through a wrapper (`--exec 'sudo curl evil.example'`): text handed to a shell or a
   * wrapper is a command line, not a message, so its egress counts as anywhere else.
   */
  maybeNested?: true;
}

/**
 * What a word is to the program that takes it, as the program registry says: a path whose content it reads
 * (`read`, `read-tree` for a directory read recursively), whose metadata only it reads (`meta`), a path it
 * writes, creates, extracts into or deletes, text that names nothing (`text`), or a destination (`host`).
 * `unknown`: the registry does not say, so the word is checked as anything it could be.
 */
export type WordRole = 'read' | 'read-tree' | 'meta' | 'write' | 'create' | 'extract' | 'delete' | 'delete-tree' | 'text' | 'host' | 'unknown';

/** A role one word plays for an invocation (`values`: the part of the word that plays it, when not all). */
export interface WordUse {
  role: WordRole;
  span: Span;
  /** The text of the word as written: nested text can share one span (`bash -c '…'`), so span and text name the word. */
  text: string;
  values?: string[];
  /** For a write: the names that land inside it if it is a directory (`cp a b dir` writes `dir/a`, `dir/b`). */
  into?: string[];
  /**
   * The role holds only if a program reads one of these words (`find ~ -exec cat {} +` reads the tree at `~` because
   * cat reads `{}`; with `chmod +x {}` it only looks at it).
   */
  readVia?: { span: Span; text: string }[];
  /** A tree is read only for files whose names match one of these globs (`find ~ -name '*.png' …`). */
  names?: string[];
  /** A tree is read only this many levels deep (`find / -maxdepth 1 …`). */
  depth?: number;
  /** The walk enters no dot directory below the word (see Under.visible). */
  visible?: true;
  /** Only what lies below the word is found, never the word itself (find's `-mindepth 1`, `-type f`). */
  below?: true;
  /**
   * A tree is deleted only where it holds nothing: empty files and directories (find's `-empty`, `-type d -delete`);
   * on a tree find reads, only those are what it prints (`find . -type f -empty | xargs rm`).
   */
  empty?: true;
  /** The word is moved away from where it was (`mv SRC DEST`, `Move-Item`, `robocopy /MOVE`). */
  moved?: true;
  /** A write that only lays the file out again, keeping what it says (see the registry's Use.reformats). */
  reformats?: true;
  /** Only for files with these extensions (see the registry's Use.reformatsOnly). */
  reformatsOnly?: readonly string[];
  /** Its mode, owner, flags or times are changed (interpreter code's `os.chmod`, `File.chown`, `os.utime`): `meta` to the rules, a change to the guard. */
  modes?: true;
  /**
   * The text is the program's code, piped in (`echo '…' | python3`): it is read where it is re-entered, so the
   * program that printed it hands on code, not names another program may open.
   */
  code?: true;
  /** The text is the program's stdin, which it reads as data (`… | grep x`, `cat > f <<EOF`): see `Answer.stdin`. */
  stdin?: true;
  /** The program prints nothing of the text (see the registry's Use.unprinted): piped on, it is still text. */
  unprinted?: true;
  /** The program matches the word as a glob of its own (see the registry's Use.matches). */
  matches?: true;
  /** Extracted into under names no static reading lists: an archive's members (see the registry's Use.unlisted). */
  unlisted?: true;
  /**
   * Shell text the program hands to a shell it starts (`cmd /c type f`): text to it, read where it is re-entered.
   * Where that text shares the word's span (nested text that cannot be mapped, `powershell -enc`), it is the re-entered
   * program's word the role is not for.
   */
  handed?: true;
}

/** One place a client connects to, at the word that names it: a canonical host, or why it cannot be told. */
export interface DestinationRecord {
  span: Span;
  text: string;
  host?: string;
  why?: string;
}

/** A resolved program at command position, with its arguments and the wrappers that led to it. */
export interface Invocation {
  dialect: Dialect;
  /** The program as the shell names it: basename, lower-cased for PowerShell, `.exe` stripped. */
  program: string;
  /** The command word's static value as written (`/usr/bin/curl`, `c"ur"l` → `curl`). */
  path: string;
  /** Arguments after the program, wrappers peeled. */
  args: Word[];
  /** Wrappers peeled on the way, outermost first (`sudo`, `env`, `xargs`, …). */
  wrappers: string[];
  /**
   * True when this program is itself a wrapper that runs the next invocation (`sudo curl`, `env X=1 npm test`,
   * `find . -exec rm {} ;`): it is started, but what it runs is reported separately. `env` with nothing to run
   * is not a wrapper invocation, which is how `env.dump` tells the two apart.
   */
  wraps?: boolean;
  /** The directory it runs in, or null when unknown. */
  cwd: string | null;
  /** The directory is a glob (`cd ~/.k?be`): it runs in whatever it matches. */
  cwdGlob?: boolean;
  /** Where `cwd` is unknown, having gone to the top of the git work tree that holds this directory: it or one above. */
  cwdTop?: string;
  /** `cwdTop` is a glob (git ran after `cd ../proj[e]ct`). */
  cwdTopGlob?: boolean;
  /** Span of the word at command position. */
  span: Span;
  /** Index into `Analysis.segments`. */
  segment: number;
  depth: number;
  /** False when the program registry does not know the program (its words could be anything to it). */
  known?: boolean;
  /** Its directory is known only at run time, its name is not (`"$VIRTUAL_ENV/bin/python"`): see Word.program. */
  dirComputed?: true;
  /** The roles its words play, as the registry answers (words it does not list are `unknown`). */
  uses?: WordUse[];
  /** The registry says its uses are all it does to files (see Answer.leavesRead). */
  leavesRead?: true;
  /** The registry says this invocation connects nowhere (`curl --version`, a local `rsync`): why. */
  offline?: string;
  /** Where it connects, as its registry entry reads its words: a canonical host, or why one cannot be told. Absent: anywhere. */
  destinations?: DestinationRecord[];
  /** Where a setting on the line re-aims it, a program that is no denied client (a proxy, a registry): see Answer.reroutes. */
  reroutes?: DestinationRecord[];
  /** Where it listens for other machines' connections, serving what it holds: see Answer.listens. */
  listens?: DestinationRecord[];
  /** What it opens this machine to other machines by: see Answer.opens. */
  opens?: { span: Span; text: string; why: string; what?: string }[];
  /**
   * The program that started it adds arguments the line does not show (`sort --compress-program=curl` runs `curl -d`,
   * `tcpdump -z prog` hands it a file name): its words are not all it is given.
   */
  argvOpen?: true;
  /** The registry says this invocation prints the whole environment: why. */
  dumps?: string;
  /** The registry says it prints the values of the variables these words name (see Answer.printsVariables). */
  printsVariables?: Word[];
  /** The registry says nothing it reads on stdin comes back out (see Answer.keepsStdin). */
  keepsStdin?: true;
  /** The registry says it puts what it is given on the clipboard (see Answer.clipboard). */
  clipboard?: true;
  /** It reads its program from stdin (`bash`, `python3 -`): what it is given there is code, judged where it runs. */
  stdinCode?: true;
  /** An interpreter's words that its code is given as its own arguments (see Answer.codeArgs). */
  codeArgs?: Word[];
  /** The registry says this invocation installs something that runs later: where, and why. */
  persists?: { span: Span; why: string }[];
  /**
   * What it destroys that no path names (uncommitted work, shared history, a disk), as its registry entry says.
   * `word`: for `modes`, the target whose modes go (re-entered text gives several words one span).
   */
  destroys?: { span: Span; what: 'discard' | 'history' | 'disk' | 'data' | 'modes'; why: string; local?: boolean; word?: Word; tree?: true }[];
  /**
   * It only shows what it would do, or prints its help, as its registry entry reads it (`-WhatIf`, `--dry-run`,
   * `--help`): why. Its entry's answer then names no destroy and no file it changes; the guard takes it as a look.
   */
  previews?: string;
}

/**
 * PowerShell: a .NET type constructed or used through a static member — `[Net.WebClient]::new()`,
 * `New-Object System.Net.WebClient`, `[Environment]::GetEnvironmentVariables()`.
 */
export interface TypeUse {
  /** The type name as resolved, lower-cased, without a leading `system.` (`net.webclient`). */
  type: string;
  /** The member used (`new`, `getenvironmentvariables`), lower-cased; absent for `New-Object`. */
  member?: string;
  span: Span;
  segment?: number;
  /** A location on another machine the member was given to load (`$xml.Load('http://…')`). */
  remote?: string;
  /**
   * A SQL Server connection built from a static connection string (`[Data.SqlClient.SqlConnection]::new('Server=.;…')`):
   * the hosts its Server, Data Source, Address and Failover Partner keys name (`.`, `(local)`, `(localdb)` are localhost).
   */
  servers?: string[];
}

/**
 * What interpreter code on the line (`python3 -c`, `node -e`, a heredoc into ruby) does that a rule looks at, as its
 * language module reads it: the code itself, a network API it calls, the whole environment it reads.
 */
export interface CodeUse {
  language: Language;
  /**
   * `code`: interpreter code runs here; `network`: it calls an API that connects; `environment`: it reads the whole
   * environment; `variable`: it reads the one variable `name` (its segment is then the interpreter's, whose output
   * says whether the value is printed).
   */
  what: 'code' | 'network' | 'environment' | 'variable';
  /** For `variable`: the environment variable's name, however the code spelled or computed it. */
  name?: string;
  /** For `network`: the host of the one literal URL the call is given (`requests.get("http://localhost:8000")`). */
  host?: string;
  /** The API as the language names it (`urllib.request.urlopen`, `process.env`); for `code`, the interpreter (`python3`). */
  api: string;
  span: Span;
  segment?: number;
}

export type FindingKind = 'egress' | 'env-dump' | 'secret' | 'write' | 'destructive' | 'cannot-vouch' | 'info';

/** A rule's observation. `info` findings never deny. */
export interface Finding {
  rule: string;
  kind: FindingKind;
  message: string;
  span: Span;
  /** Index into `Analysis.segments`, when the finding belongs to one. */
  segment?: number;
}

/** A command line to analyse. `cwd` and `home` are absolute. */
export interface CommandLine {
  command: string;
  shell?: Dialect;
  cwd?: string;
  home?: string;
  /**
   * What the line's stdin holds when it is text typed in later that no one checks (an agent's session it can write
   * to): a program reading its code from there cannot be vouched for. Absent: the terminal, a person at it.
   */
  stdin?: string;
  /**
   * The host's reader of a file on disk that a program applies as instructions naming other files: a patch (`git apply
   * fix.diff`, `patch -i fix.diff`), whose named files it writes. Given an absolute path, the file's text, or undefined
   * when it cannot say (absent, too large, unreadable). The analyzer reads no filesystem itself; without a reader such
   * a file's names are not known (an extraction beneath the directory it applies in).
   */
  readText?: (path: string) => string | undefined;
  /**
   * The host's reader of an archive a program extracts (`tar xzf x.tgz`, `unzip x.zip`): the names of its members,
   * or undefined when it cannot say (absent, a format it does not read, a link among the members). With it, what an
   * extraction puts where an agent's setup lies is judged by those names; without it they are not known, and such an
   * extraction cannot be vouched for there (Use.unlisted).
   */
  listArchive?: (path: string) => readonly string[] | undefined;
}

/** What the analyzer says of one command line. */
export interface Analysis {
  command: string;
  dialect: Dialect;
  cwd: string;
  home: string;
  segments: Segment[];
  invocations: Invocation[];
  /** PowerShell .NET type uses (empty for bash). */
  typeUses: TypeUse[];
  /**
   * PowerShell: where a .NET client built inside `within` and used once there connects, read from a static URI
   * (`(New-Object Net.WebClient).DownloadString('http://localhost:8080/')`, `[Net.WebRequest]::Create('…')`).
   */
  clientCalls?: { within: Span; destinations: DestinationRecord[] }[];
  /**
   * PowerShell: the line may aim a connection elsewhere after it is built: it names a ConnectionString member, reaches
   * an object's members through psobject or reflection, or names a member by a computed value (TypeUse.servers then
   * says nothing of where it connects).
   */
  retargets?: boolean;
  /**
   * PowerShell: statements that are only an expression, whose value goes to the output (`$env:GITHUB_TOKEN`); `into`:
   * the command, as written, an expression first in its pipeline hands its value to instead (`$env:X | Set-Clipboard`).
   */
  outputs?: { text: string; span: Span; into?: string }[];
  /** What interpreter code on the line does (empty when it carries none). */
  codeUses: CodeUse[];
  findings: Finding[];
}
