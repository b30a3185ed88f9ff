// PowerShell command names: the built-in alias table and the canonical, lower-cased program name.

/**
 * Built-in aliases of Windows PowerShell 5.1 and PowerShell 7, lower-cased. `curl` and `wget` are left out on
 * purpose: they are Invoke-WebRequest in 5.1 and the real programs in 7, network clients either way, and the
 * rules know them by those names.
 */
export const BUILTIN_ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '%': 'foreach-object',
    '?': 'where-object',
    ac: 'add-content',
    asnp: 'add-pssnapin',
    cat: 'get-content',
    cd: 'set-location',
    chdir: 'set-location',
    clc: 'clear-content',
    clear: 'clear-host',
    clhy: 'clear-history',
    cli: 'clear-item',
    clp: 'clear-itemproperty',
    cls: 'clear-host',
    clv: 'clear-variable',
    cnsn: 'connect-pssession',
    compare: 'compare-object',
    copy: 'copy-item',
    cp: 'copy-item',
    cpi: 'copy-item',
    cpp: 'copy-itemproperty',
    cvpa: 'convert-path',
    dbp: 'disable-psbreakpoint',
    del: 'remove-item',
    diff: 'compare-object',
    dir: 'get-childitem',
    dnsn: 'disconnect-pssession',
    ebp: 'enable-psbreakpoint',
    echo: 'write-output',
    epal: 'export-alias',
    epcsv: 'export-csv',
    epsn: 'export-pssession',
    erase: 'remove-item',
    etsn: 'enter-pssession',
    exsn: 'exit-pssession',
    fc: 'format-custom',
    fhx: 'format-hex',
    fl: 'format-list',
    foreach: 'foreach-object',
    ft: 'format-table',
    fw: 'format-wide',
    gal: 'get-alias',
    gbp: 'get-psbreakpoint',
    gc: 'get-content',
    gcb: 'get-clipboard',
    gci: 'get-childitem',
    gcim: 'get-ciminstance',
    gcls: 'get-cimclass',
    gcm: 'get-command',
    gcms: 'get-cimsession',
    gcs: 'get-pscallstack',
    gdr: 'get-psdrive',
    ghy: 'get-history',
    gi: 'get-item',
    gin: 'get-computerinfo',
    gjb: 'get-job',
    gl: 'get-location',
    gm: 'get-member',
    gmo: 'get-module',
    gp: 'get-itemproperty',
    gps: 'get-process',
    gpv: 'get-itempropertyvalue',
    group: 'group-object',
    gsn: 'get-pssession',
    gsnp: 'get-pssnapin',
    gsv: 'get-service',
    gtz: 'get-timezone',
    gu: 'get-unique',
    gv: 'get-variable',
    gwmi: 'get-wmiobject',
    h: 'get-history',
    history: 'get-history',
    icim: 'invoke-cimmethod',
    icm: 'invoke-command',
    iex: 'invoke-expression',
    ihy: 'invoke-history',
    ii: 'invoke-item',
    ipal: 'import-alias',
    ipcsv: 'import-csv',
    ipmo: 'import-module',
    ipsn: 'import-pssession',
    irm: 'invoke-restmethod',
    ise: 'powershell_ise',
    iwmi: 'invoke-wmimethod',
    iwr: 'invoke-webrequest',
    kill: 'stop-process',
    lp: 'out-printer',
    ls: 'get-childitem',
    man: 'help',
    md: 'mkdir',
    measure: 'measure-object',
    mi: 'move-item',
    mount: 'new-psdrive',
    move: 'move-item',
    mp: 'move-itemproperty',
    mv: 'move-item',
    nal: 'new-alias',
    ncim: 'new-ciminstance',
    ncms: 'new-cimsession',
    ndr: 'new-psdrive',
    ni: 'new-item',
    nmo: 'new-module',
    npssc: 'new-pssessionconfigurationfile',
    nsn: 'new-pssession',
    nv: 'new-variable',
    ogv: 'out-gridview',
    oh: 'out-host',
    popd: 'pop-location',
    ps: 'get-process',
    pushd: 'push-location',
    pwd: 'get-location',
    r: 'invoke-history',
    rbp: 'remove-psbreakpoint',
    rcim: 'remove-ciminstance',
    rcjb: 'receive-job',
    rcms: 'remove-cimsession',
    rcsn: 'receive-pssession',
    rd: 'remove-item',
    rdr: 'remove-psdrive',
    ren: 'rename-item',
    ri: 'remove-item',
    rjb: 'remove-job',
    rm: 'remove-item',
    rmdir: 'remove-item',
    rmo: 'remove-module',
    rni: 'rename-item',
    rnp: 'rename-itemproperty',
    rp: 'remove-itemproperty',
    rsn: 'remove-pssession',
    rsnp: 'remove-pssnapin',
    rujb: 'resume-job',
    rv: 'remove-variable',
    rvpa: 'resolve-path',
    rwmi: 'remove-wmiobject',
    sajb: 'start-job',
    sal: 'set-alias',
    saps: 'start-process',
    sasv: 'start-service',
    sbp: 'set-psbreakpoint',
    sc: 'set-content',
    scb: 'set-clipboard',
    scim: 'set-ciminstance',
    select: 'select-object',
    set: 'set-variable',
    shcm: 'show-command',
    si: 'set-item',
    sl: 'set-location',
    sleep: 'start-sleep',
    sls: 'select-string',
    sort: 'sort-object',
    sp: 'set-itemproperty',
    spjb: 'stop-job',
    spps: 'stop-process',
    spsv: 'stop-service',
    start: 'start-process',
    stz: 'set-timezone',
    sujb: 'suspend-job',
    sv: 'set-variable',
    swmi: 'set-wmiinstance',
    tee: 'tee-object',
    tnc: 'test-netconnection',
    trcm: 'trace-command',
    type: 'get-content',
    where: 'where-object',
    wjb: 'wait-job',
    write: 'write-output',
  }),
);

/**
 * Cmdlets with no registry entry that change no item they are given: they read it, show it or print their words.
 * The registry's own say so by ProgramEntry.leavesRead (Get-ChildItem, Test-Path).
 */
export const LEAVES_ITEMS: ReadonlySet<string> = new Set(['get-content', 'select-string', 'get-filehash', 'write-output', 'write-host']);

/** Marks a name whose meaning is unknown (assigned in a branch that may or may not run). */
export const UNKNOWN = '\u0000unknown';

/** The key of a user-defined alias in `ResolveContext.vars`, as PowerShell's own `$alias:` drive names it. */
export function aliasKey(name: string): string {
  return `alias:${name.toLowerCase()}`;
}

const EXTENSION = /\.(exe|cmd|bat|com)$/;

export interface ProgramName {
  /** Canonical lower-cased name, or null when a user alias made it unknown. */
  program: string | null;
  /** True when the name was written with a directory (`C:\…\curl.exe`, `./x`). */
  hasDir: boolean;
}

/**
 * The program a command word names: basename, lower-cased, `.exe`/`.cmd`/`.bat`/`.com` stripped; a bare name is
 * looked up in the user's aliases first (`Set-Alias`), then the built-in table. In cmd, no alias applies.
 */
export function canonicalName(value: string, vars: Map<string, string> | null): ProgramName {
  const cut = Math.max(value.lastIndexOf('/'), value.lastIndexOf('\\'));
  // Windows drops trailing dots and spaces from a file name, and `::$DATA` names the file's own content.
  const base = (cut >= 0 ? value.slice(cut + 1) : value)
    .toLowerCase()
    .replace(/::\$data$/, '')
    .replace(/[. ]+$/, '');
  const hasDir = cut >= 0;
  const stripped = base.replace(EXTENSION, '');
  if (hasDir || stripped !== base || !vars || base === '') return { program: stripped, hasDir };
  const user = vars.get(aliasKey(base));
  if (user === UNKNOWN) return { program: null, hasDir };
  // Set-Alias stores the target already resolved, so chains of aliases resolve once.
  if (user !== undefined) return { program: user, hasDir };
  return { program: BUILTIN_ALIASES.get(base) ?? base, hasDir };
}

/** cmd's own commands: they are not programs on the path, so the registry is not asked about them. */
export const CMD_INTERNAL = new Set(
  'assoc break call cd chdir cls color copy date del dir echo endlocal erase exit for ftype goto if md mkdir mklink move path pause popd prompt pushd rd rem ren rename rmdir set setlocal shift start time title type ver verify vol'.split(' '),
);

/** PowerShell's own commands (Verb-Noun): one the registry does not know is no unknown program. */
export const CMDLET = /^[a-z]+-[a-z][a-z0-9]*$/;
