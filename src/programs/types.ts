// The shape of program knowledge: an entry says, as data and pure functions over words, what a program does.
import type { CommandLine, Dialect, Language, Under, Word, WordRole } from '../types.js';
import type { Destination } from './hosts.js';

/**
 * A program's options as its argument parser reads them. Short options are letters; long options are names
 * without their dashes. A long option is matched as getopt_long matches it: exactly, or by an unambiguous
 * prefix (`--sig` is `--signal`).
 */
export interface OptionSpec {
  /** Short options that take no value: `'abc'`. */
  flags?: string;
  /** Short options that take a value, attached (`-uroot`) or in the next word (`-u root`). */
  valued?: string;
  /** Short options whose value is optional and can only be attached (`xargs -i{}`). */
  optional?: string;
  /** Long options that take no value. */
  long?: readonly string[];
  /** Long options that take a value (`--user=x` or `--user x`). */
  longValued?: readonly string[];
  /** Long options whose value is optional and can only follow `=` (`--replace[=R]`). */
  longOptional?: readonly string[];
  /** Long options that take two values (`bwrap --bind SRC DEST`). */
  longTwo?: readonly string[];
  /**
   * `posix`: options end at the first operand (wrappers, so the command's own options stay its own);
   * `gnu`: options may follow operands until `--` (getopt's permutation).
   */
  order?: 'posix' | 'gnu';
  /** `-NUM` is an option (`nice -10`, `head -5`). */
  numeric?: boolean;
  /** Long options are also spelt with one dash (`-name`, `-Command`); short letters are then not bundled. */
  singleDash?: boolean;
  /** The first argument may be a bundle of short options without a dash (`tar cIf prog x.tar`, `ps aux`). */
  oldStyle?: boolean;
  /** `+x` clusters are options too (`bash +o posix`, `declare +x`), with the same letters. */
  plus?: boolean;
}

/** One option as parsed: the short letter or the full long name, and its value when it takes one. */
export interface ParsedOption {
  /** The short letter (`u`) or the long name as the model spells it (`user`). */
  name: string;
  /** The option's value: the next word, or a word holding the attached part (`-uroot`, `--user=root`). */
  value?: Word;
  /** The second value of a two-valued option. */
  value2?: Word;
  /** The word the option is written in. */
  word: Word;
  /** Index of that word among the arguments. */
  index: number;
  /** The option is not in the model. */
  unknown?: boolean;
}

/** A program's arguments split by its option model. */
export interface ParsedArgs {
  options: ParsedOption[];
  /** Operands in order, with their indexes. */
  operands: { word: Word; index: number }[];
  /** Index of the first argument after the options (posix order): where a wrapper's command starts. */
  rest: number;
  /** A computed word where an option could stand: where options end cannot be told. */
  dynamic?: { word: Word; index: number };
}

/** What a program's stdin holds, as far as the analyzer knows. */
export type Input =
  /** Static text (a heredoc, a herestring, `echo … |`), and the word it came from. */
  | { kind: 'static'; text: string; word: Word }
  /**
   * Text only known at run time: paths find printed (`under`), or text the line built in a way not followed (`line`, see
   * Word.line); a number (`number`), identifiers of a program's own making (`ids`); `text` with `glob`: the names a glob
   * matched, as its pattern (`echo ~/.bashr[c] |`).
   */
  | { kind: 'stream'; why: string; under?: Under[]; line?: boolean; number?: boolean; ids?: boolean; text?: string; glob?: boolean }
  /**
   * A named file (`< script.sh`): its content is out of scope, like a script file. `word`: its name, where one static
   * word gives it (a patch program reads the file's names through Call.writtenText).
   */
  | { kind: 'file'; word?: Word };

/** Languages nested text can be in: the shells, and the interpreters' code. */
export type ScriptDialect = Dialect | 'cmd' | Language;

/** The cannot-vouch causes an entry can name (the floor's ids without the `vouch.` prefix). */
export type Opaque = 'dynamic-command' | 'dynamic-script' | 'stream-to-shell' | 'dynamic-code';

/**
 * Something an invocation starts, as the entry answers it; the resolver of each dialect acts on it. `more`: the program
 * that runs it hands it arguments the line does not show (`sort --compress-program=curl` runs `curl -d`; git runs
 * `core.sshCommand` with the remote host appended), so what its words say is not all it is given.
 */
export type Run =
  /** Runs a program with this argv (a wrapper's tail, `find -exec`, `xargs`), in `cwd` when it changes. */
  | {
      kind: 'argv';
      argv: Word[];
      via: string;
      cwd?: string | null;
      noStdin?: boolean;
      sameShell?: boolean;
      more?: boolean;
      /** A command the program may run or may take as words (see the `text` run's `maybe`). */
      maybe?: true;
      /**
       * It runs in a container with a network of its own (`docker run IMAGE CMD`): where its servers listen is the
       * container's, which other machines reach only through the ports the engine publishes (judged on the engine).
       */
      contained?: true;
    }
  /** Runs these words joined by spaces as shell text; a computed word is cannot-vouch. */
  | {
      kind: 'script';
      dialect: ScriptDialect;
      words: Word[];
      via: string;
      cwd?: string | null;
      delayed?: boolean;
      sameShell?: boolean;
      more?: boolean;
      /** The words the text is given as `$0`, `$1`… (`sh -c TEXT NAME ARG…`); absent: its positional parameters are not given. */
      args?: Word[];
    }
  /**
   * Runs text the entry derived from a word (an awk string, a sed `e` command), standing at that word. `maybe`: text
   * that may be run or may be a name or a message (a command line handed to a program vouch does not know): what it
   * surely does counts, what cannot be vouched for in it does not (see `maybeText`). Run in `cwd` when it changes.
   */
  | { kind: 'text'; dialect: ScriptDialect; text: string; word: Word; via: string; cwd?: string | null; more?: boolean; maybe?: true }
  /** Reads its program from stdin, in this dialect. */
  | { kind: 'stdin'; dialect: ScriptDialect; via: string; sameShell?: boolean }
  /**
   * Runs the code of the file this word names, in this dialect: out of scope, unless the line itself wrote it.
   * `loads`: the variable that names the file to a program that loads it before its own code (an interactive sh's
   * ENV): judged as that variable's load is (see `loadedCode`), not as a script the program is given.
   */
  | { kind: 'file'; dialect: ScriptDialect; word: Word; via: string; sameShell?: boolean; loads?: string }
  /**
   * Runs code of the project in the directory it starts in (`make` its makefile, `npm test` package.json's scripts,
   * `pytest` the test files): out of scope, unless the line wrote it. Each file the line wrote under `dir` (its working
   * directory when absent) whose path there matches `files` (or the one `file` names) stands for the runs `read` makes
   * of the text written. `unnamed: 'text'`: a file the line wrote to a name known only at run time is read by its text, when known, as one of
   * `files` (and passed by when not), where for other runs any such write may be their code (cannot-vouch).
   */
  | { kind: 'project'; dir?: Word; files: RegExp; file?: Word; read(text: string, word: Word, name: string): Run[]; word: Word; via: string; unnamed?: 'text' }
  /** What it runs cannot be read statically. */
  | { kind: 'opaque'; rule: Opaque; word: Word; why: string }
  /** Sets a variable in the environment of what it runs (`env X=1 cmd`, `sudo X=1 cmd`). */
  | { kind: 'assign'; name: string; value: Word };

/** A role a word (or part of it) plays for the program. */
export interface Use {
  word: Word;
  role: WordRole;
  /** The part of the word that plays it, when not the whole word (an option's attached value). */
  values?: string[];
  /** For a write: the names that land inside it if it is a directory (`cp a b dir` writes `dir/a`, `dir/b`). */
  into?: string[];
  /** The role holds only if a program reads one of these words (the `{}` find hands the programs it runs). */
  readVia?: Word[];
  /** A tree is read only for files whose names match one of these globs (`find ~ -name '*.png' …`). */
  names?: string[];
  /** A tree is read only this many levels deep (`find / -maxdepth 1 …`). */
  depth?: number;
  /** The walk enters no dot directory below the word (see Under.visible in src/types.ts). */
  visible?: true;
  /** Only what lies below the word is found, never the word itself (find's `-mindepth 1`, `-type f`). */
  below?: true;
  /**
   * A tree is deleted only where it holds nothing: empty files and directories (find's `-empty`, `-type d -delete`);
   * on a tree find reads, only those are what it prints (`find . -type f -empty | xargs rm`).
   */
  empty?: true;
  /** The word is moved away from where it was (`mv SRC DEST`, `Move-Item`, `robocopy /MOVE`): the destructive rules judge what leaves. */
  moved?: true;
  /**
   * A write that only lays the file out again, keeping what it says: a formatter that reads a file's language from its
   * name or its parse and leaves one it cannot parse as it was (`prettier --write`, `gofmt -w`, `eslint --fix`). To the
   * rules it is a write; to the guard, what it is handed is not changed (a setup reformatted is the same setup).
   */
  reformats?: true;
  /**
   * The rewrite keeps what a file says only for files of the formatter's language, named by these extensions (black's
   * `py`, `pyi`): one of another language it may lay out as its own (black formats any file it is named as Python).
   */
  reformatsOnly?: readonly string[];
  /**
   * The program prints nothing of this text (a search pattern under `grep -l`, `-c`, `-q`: it prints file names, counts
   * or nothing), so piped on it names nothing to the next program: it stays text.
   */
  unprinted?: true;
  /** The program matches the word as a glob of its own (unzip's member names): its `*`, `?` and `[…]` match as the shell's would. */
  matches?: true;
  /**
   * An extraction whose names no static reading lists: an archive's members (`tar xf x.tar`, `unzip x.zip`), a
   * directory's contents copied in (`cp -r /tmp/x/. .`). Any name may land beneath the word, at any depth: where an
   * agent's setup lies beneath it (the project, the home), the archive may be what replaces it.
   */
  unlisted?: true;
}

/**
 * Kinds of destruction no path names: uncommitted work discarded, shared history rewritten, a disk overwritten.
 * `modes`: a recursive change of modes or owners, which keeps no record of what they were (judged where it lands).
 */
export type DestroyKind = 'discard' | 'history' | 'disk' | 'data' | 'modes';

export interface Destroy {
  word: Word;
  what: DestroyKind;
  why: string;
  /** Only this checkout's uncommitted changes go (no commit moved, no submodule, no stash or other worktree). */
  local?: boolean;
  /** `modes`: everything below the word too (`chmod -R`); else only the word, or what find hands it. */
  tree?: true;
}

/** What a program does with one invocation's words, as its entry answers. */
export interface Answer {
  runs: Run[];
  uses: Use[];
  /** The invocation connects nowhere in this mode (`--version`, a local rsync), though the program can. */
  offline?: string;
  /**
   * Every place the invocation connects to, as the client reads its words (URLs, proxies, `--resolve` targets), or
   * why one cannot be told. Absent when the entry cannot name them all: the client is then judged as going anywhere.
   */
  destinations?: Destination[];
  /**
   * Where a setting on the line re-aims a program that is no denied client (a proxy, a package registry or index, a
   * rewrite of git's remote addresses: `git -c http.proxy=…`, `npm --registry …`, `GOPROXY=…`): each place must be a
   * host `allowedHosts` lists. The program's own public default (registry.npmjs.org, pypi.org) is no re-aiming.
   */
  reroutes?: Destination[];
  /**
   * Where it listens for connections from other machines, serving what it holds (a file server's directory, a
   * debugger's process): each address it binds (`0.0.0.0` or `::`, every interface, where it binds no one), or why
   * one cannot be told. Each must be a loopback address or a host `allowedHosts` lists.
   */
  listens?: Destination[];
  /**
   * What it changes so that other machines reach this one where they could not: a firewall opened or turned off, a
   * remote login or remote shell service started, a port forwarded from every interface. `why` says which. `what`: what
   * is opened, and to whom, when it is not this machine (`cloud machines to every address on the internet`, a security
   * group; `a repository to everyone`, made public).
   */
  opens?: { word: Word; why: string; what?: string }[];
  /**
   * What it does with its stdin when that is not its code: `data` — it reads it as text it prints, counts, filters or
   * stores (`cat`, `tee`, `grep`, `jq`), never as names of files or commands. Static text given it is then text.
   */
  stdin?: 'data';
  /** The invocation prints the whole environment: why. */
  dumps?: string;
  /**
   * Words naming variables whose values it prints (`printenv NAME`, `launchctl getenv NAME`): a secret one's name (or a
   * name the line computes, which may be one) prints the secret (env.secret-variable).
   */
  printsVariables?: Word[];
  /**
   * Its uses say all it does to files: a word it only reads (`read`, `meta`, `text`) it leaves as it was, and what it
   * writes, removes or moves is a use in that role (`sort -o`, `sed -i`, `gzip` without -c). Not given where code the
   * line does not show may write (`awk -f x.awk`, `sed -f x.sed`). The guard lets such a reader name its own setup
   * (`sort .claude/settings.json`, `gzip -c .mcp.json`) as it does cat.
   */
  leavesRead?: true;
  /**
   * What it reads on stdin does not come back out of it: it takes it as a secret and prints none of it (`docker login
   * --password-stdin`, `gh secret set X`), keeps it in a variable (`read`), or prints only a digest or a count of it
   * (`sha256sum`, `wc -c`). A secret variable handed to it there is used, not printed (env.secret-variable).
   */
  keepsStdin?: true;
  /** It puts what it is given, its words or its stdin, on the clipboard (`pbcopy`, `xclip`), where every program reads it. */
  clipboard?: true;
  /**
   * The words an interpreter hands the code it runs as that code's own arguments (`sys.argv[1:]`, `process.argv`,
   * `ARGV`, `@ARGV`, `$argv`): a path the code computes may be any of them.
   */
  codeArgs?: Word[];
  /** What it writes to stdout, when that is static text or its own stdin passed through. */
  output?:
    | { kind: 'static'; text: string; word: Word }
    | { kind: 'stdin' }
    | {
        kind: 'number';
        /**
         * It may print a number awk formats (`awk '{s+=$1} END {print s}'`): a fraction, or `inf` or `nan`, which
         * arithmetic reads as variables of those names.
         */
        float?: true;
      }
    /**
     * Paths at or below these words, one a line (`find ROOT`), relative to where it runs; `lines`: a name holding a
     * newline is printed quoted, so each line is one whole path (Under.lines).
     */
    | { kind: 'paths'; under: Word[]; names?: string[]; depth?: number; below?: true; tests?: readonly string[]; lines?: true; visible?: true; noGit?: true }
    /**
     * Some of its input's lines, unchanged (`grep PATTERN` reading stdin); `names`: only lines whose last component
     * matches one of these globs (`grep '\.orig$'` lets through paths that end in `.orig`).
     */
    | { kind: 'lines'; names?: string[] }
    /** Some of its input's characters, in order, none added (`head`, `cut -f1`, `tr -d ' '` reading stdin): a number stays one. */
    | { kind: 'subset' }
    /** The path of a file or directory it has just made in the temp directory (`mktemp -d`). */
    | { kind: 'temp' }
    /** The directory it runs in (`pwd`). */
    | { kind: 'cwd' }
    /** Static text holding globs bash expands as it runs (`echo ~/.bashr[c]`): each pattern any name it matches. */
    | { kind: 'globbed'; text: string }
    /** The path of the program it finds by this name, or nothing when there is none (`which python3`, `command -v node`). */
    | { kind: 'program'; name: string }
    /**
     * Identifiers of its own making, one a line, or none (`docker ps -q`: container ids): no blank inside one, none
     * starting with a dash, no code and no path.
     */
    | { kind: 'ids' }
    /**
     * The path of a directory of its own setup or of the project, on one line (`npm bin`, `go env GOPATH`): a path the
     * user's setup gives, as an environment variable's value (`$GOPATH`) is, so an unquoted `$(npm bin)/eslint` is
     * read as `"$GOPATH"/bin/x` is (see Word.program). Not where the line set a variable it reads.
     */
    | {
        kind: 'directory';
        /** It is the directory the program runs in or one holding it (`git rev-parse --show-toplevel`, a work tree's top). */
        holds?: true;
        /**
         * It is the program's cache, whose contents it fetches or builds again: `true`, the directory itself, which only
         * the user's setup names (`go env GOCACHE`: the environment and go's own env file, never the project); a list,
         * the names of the entries in it that are its cache, whatever directory it prints (`npm config get cache`, which
         * a project's .npmrc may set: `_cacache` is a directory of that name wherever it lies).
         */
        cache?: true | string[];
        /**
         * Where it is on most machines, the user's setup leaving it as the program has it (`go env GOPATH`: `~/go`,
         * `npm root -g`: `/usr/local/lib/node_modules`): a path below it is read as below that, as `$GOPATH` is.
         * (printsDirectory's table is keyed by the words, or by the name and the words: `pyenv root`.)
         */
        stands?: string;
      }
    /**
     * The login name of the user it runs as (`whoami`, `id -un`): one path component, no `/`, blank, glob character, `.`
     * or `..` (a name useradd takes), or nothing where it fails.
     */
    | { kind: 'user' }
    /**
     * One name of its own making on one line, or nothing: letters, digits, `_`, `-` and single dots, so no `/`, blank,
     * glob character, and never `.` or `..` (`uname -m`: x86_64, `git rev-parse --short HEAD`: an abbreviated hash).
     * A path component, placed as the user's name is (see Word.numbers).
     */
    | { kind: 'name' }
    /**
     * Shell setup code the program makes itself from its own install (`conda shell.bash hook`, `pyenv init -`,
     * `ssh-agent -s`): its functions and variables, for `eval "$(…)"`. Not network content, nor a file the line wrote.
     */
    | { kind: 'shell-init'; split?: boolean };
  /** Shell variables it sets to values not known statically (`read x`, `printf -v x`, `mapfile a`). */
  sets?: string[];
  /** Of those, the ones it sets to a value known statically (`printf -v v '%s=%s' A b`). */
  assigns?: { name: string; value: string }[];
  /**
   * How a line reader cuts what it reads into what it sets (see `pieces`): at NULs (`read -d ''`, `mapfile -d ''`), a
   * line each, or at blanks too (several names, an array, a count of characters, another delimiter).
   */
  items?: 'blanks' | 'lines' | 'nul';
  /**
   * A plain read's record end (a newline, -d's first character, a NUL for `-d ''`): in a loop over static text each read
   * gets the text to the next one. Absent under any other option (-a, -n, -N, -u, -t, -p, -i) or a word not known.
   */
  record?: string;
  /**
   * Shell variables it sets to what it reads from static input (`read a b <<< 'x y'`, `mapfile -t a <<< …`): a scalar's
   * value, or an array's elements. The resolver holds them only where that input is the command's own redirection
   * (a loop or a group reads on where the last read stopped).
   */
  reads?: { name: string; value?: string; elements?: string[] }[];
  /**
   * What it destroys that no path names (paths deleted are `delete` uses): uncommitted work (`git reset --hard`),
   * history others share (`git push --force`), a disk (`mkfs`); the word that says so, and why.
   */
  destroys?: Destroy[];
  /** What it installs to run later (`git config alias.x '!…'`, `crontab FILE`): the word and why. */
  persists?: { word: Word; why: string }[];
  /**
   * The invocation only shows what it would do, or prints its help, and changes nothing (`-WhatIf`, `git push
   * --dry-run`, `git reset --hard --help`, `terraform destroy -help`): why. Read by the entry as the program reads its
   * words (a value an option takes, a word after `--`, `-WhatIf:$false` are no preview). The registry then drops what
   * it would destroy, delete, write, move or install for every rule (see `answer`); what it reads, runs and connects to
   * stays judged.
   */
  previews?: string;
  /**
   * Settings it keeps in its own configuration, which later runs of the same program on the line read (`git remote
   * add NAME URL` keeps remote.NAME.url): the resolver holds them for the whole line (any repository, any scope) and
   * hands them to every later call of the program (Call.kept). A computed value is undefined.
   */
  keeps?: Kept[];
  /**
   * Files it makes as copies or links of others (`cp /usr/bin/curl ./ls`, `ln -s …`): what runs from `to` later on the
   * line is what `from` is. `dir`: `to` is a directory, each source lands in it under its own name.
   */
  copies?: { from: Word[]; to: Word; dir: boolean }[];
  /**
   * Directories it fills with files fetched from another machine (`git clone URL DIR`): a file below one that the line
   * runs later is code the line downloads and runs, which nothing on it shows (as `curl URL | sh`).
   */
  fetches?: Word[];
  /** Files it writes what it reads from its stdin into (`tee F`, `dd of=F`, `sponge F`, `cp /dev/stdin F`). */
  stdinTo?: Word[];
  /** Files it rewrites with text vouch does not follow (`npm pkg set` and package.json): code a later run reads. */
  rewrites?: Word[];
  /**
   * Programs it builds (`cc -o app x.c`): `to` holds code made from `from` (its stdin too, with `stdin`), so a build of
   * code the line wrote is code on the line, which vouch does not read, when it runs later on the line. `trees`:
   * directories it builds (`go build ./cmd/x`), each file the line wrote below one a source.
   */
  builds?: { from: Word[]; stdin: boolean; to: Word; trees?: Word[] }[];
}

/** What an entry's `analyze` is given: one invocation, its words already evaluated. */
export interface Call {
  /** The program's canonical name (the entry's first name when a versioned or aliased name was used). */
  program: string;
  /** The name as invoked (basename, `.exe` dropped). */
  name: string;
  args: Word[];
  dialect: Dialect;
  /** The command word, where a use no argument holds can stand (`Get-AzAccessToken` reads the login it keeps). */
  command?: Word;
  /** Its stdin, when the line gives it one. */
  stdin?: Input;
  /**
   * A variable of its environment: the value, null when it is set to something computed, undefined when unset.
   * Only what the line itself sets is known (a clean shell).
   */
  env(name: string): string | null | undefined;
  /** The program a variable set to something computed names (`CC=$(which gcc)`, as `$(which gcc)` is gcc), if one. */
  envProgram?(name: string): string | undefined;
  /** The names of the variables the line set that its environment may hold (for patterns: `CARGO_TARGET_*_RUNNER`). */
  envNames?(): string[];
  /**
   * The settings earlier commands of the line kept in this program's configuration (Answer.keeps), in order: what a
   * run of it reads besides the user's own configuration (a remote `git remote add` named, a context `docker context
   * use` chose).
   */
  kept?(): readonly Kept[];
  /**
   * The text of the file a word names, when it is known: what an earlier command of the line wrote there (`cat >
   * x.patch <<'EOF'` … then `git apply x.patch`), or, for a file the line does not write, what the host's reader
   * finds on disk (CommandLine.readText). Undefined when the line wrote what is not known here, or nothing says.
   */
  writtenText?(word: Word): string | undefined;
  /**
   * The member names of the archive a word names, as the host's reader finds it on disk (CommandLine.listArchive).
   * Undefined for an archive the line writes, a stream, or one nothing says of.
   */
  archiveMembers?(word: Word): readonly string[] | undefined;
}

/** A setting a program keeps in its configuration (see Answer.keeps): its key, its value (undefined: computed), where. */
export interface Kept {
  key: string;
  value: string | undefined;
  word: Word;
}

/** An example: a command (bash by default) with the finding rules it must raise, or none for a pass. */
export type ProgramExample = string | (CommandLine & { rules?: string[] });

export interface ProgramEntry {
  /** Names it answers to: basenames as the shell looks them up (`curl`; `curl.exe` is derived). */
  names: readonly string[];
  /** Versioned and suffixed names (`python3.12`, `vim.basic`). */
  patterns?: readonly RegExp[];
  /** Where the name means this program; default both (a native program, the same under bash and PowerShell). */
  dialects?: readonly Dialect[];
  /** One line: what it is, for the registry's listing. */
  summary: string;
  /** Its argument model; `analyze` reads it through `parse`. */
  options?: OptionSpec;
  /** The role of its operands when `analyze` does not say (`text` for echo, `meta` for stat); default `unknown`. */
  operands?: WordRole;
  /**
   * Every file it changes is a use in that role, for any words it is given (its writing options are modelled):
   * each invocation answers Answer.leavesRead. The guard lets such a program name its own setup as cat does.
   */
  leavesRead?: true;
  /** What one invocation does; absent when it starts nothing and its operands play `operands`. */
  analyze?(call: Call): Partial<Answer> | undefined;
  /**
   * One spelling of each option or mode word that changes what it destroys, deletes, reads or runs (`--hard`, `-r`,
   * `drop`): a word of its arguments computed when the line runs may be any of them, and the registry answers the
   * union of every reading (see everyMode). A mode that answers nothing more needs none.
   */
  modes?: readonly string[];
  /**
   * One spelling of each option that makes the next word code (`-c`, `-e`): a word computed when the line runs that
   * stands before that code may be such an option, so a word written out after it (or a command substitution's output)
   * is read as code too (see everyMode). One followed by a variable (`bash "$SCRIPT" "$ARG"`) or by nothing is left as
   * written: a script file.
   */
  codeModes?: readonly string[];
  /** It runs its command as another user, root unless told otherwise (sudo, doas, su): that command reads what root may. */
  elevates?: true;
  /** Commands that must raise a finding (deny) and commands that must raise none (pass), run through `analyze`. */
  examples: { deny: readonly ProgramExample[]; pass: readonly ProgramExample[] };
  /**
   * For a plain wrapper (its command follows its options and `before` operands): the model, so the fuzzers and the
   * oracle's sandbox can wrap lines in it and peel it as the program does.
   */
  peel?: { options: OptionSpec; before: number; assignments: boolean };
}
