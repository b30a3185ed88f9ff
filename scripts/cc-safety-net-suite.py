# Extracts cc-safety-net's assertBlocked/assertAllowed/assertStrictBlocked cases from its test files into
# corpus/cc-safety-net/suite.jsonl: data only, never executed. Usage: python3 scripts/cc-safety-net-suite.py REPO
# where REPO is a clone of https://github.com/kenryu42/cc-safety-net (MIT). The cases' directories are mapped onto
# vouch's corpus layout (a project at /home/dev/project, home /home/dev); the original expression is kept.
import json, os, re, subprocess, sys
REPO = sys.argv[1] if len(sys.argv) > 1 else '/work/.mirror/kenryu42+cc-safety-net/repo'
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'corpus', 'cc-safety-net', 'suite.jsonl')
PROJECT = '/home/dev/project'
# Temporary directories the tests make stand for a plain project directory; a linked worktree for one.
CWD_EXPRS = {'tmpDir': PROJECT, 'tempDir': PROJECT, 'cwd': PROJECT, 'projectDir': PROJECT, 'repo': PROJECT, 'symlinkedCwd': PROJECT, 'undefined': PROJECT, 'fixture.mainWorktree': PROJECT, 'fixture.linkedWorktree': '/home/dev/project-wt'}
COMMIT = subprocess.check_output(['git', '-C', REPO, 'rev-parse', 'HEAD'], text=True).strip()
FILES = ['tests/analyzer/rules-rm.test.ts', 'tests/analyzer/git.test.ts', 'tests/analyzer/edge-cases.test.ts', 'tests/analyzer/find.test.ts',
         'tests/analyzer/device.test.ts', 'tests/analyzer/deferred-assignment.test.ts', 'tests/analyzer/parsing-helpers.test.ts']

def js_string(src, i):
    """Parses a JS string literal at src[i]; returns (value, end) or None."""
    q = src[i]
    if q not in '\'"`': return None
    out = []; j = i + 1
    esc = {'n': '\n', 't': '\t', 'r': '\r', '\\': '\\', "'": "'", '"': '"', '`': '`', '$': '$', '0': '\0', 'b': '\b', 'f': '\f', 'v': '\v'}
    while j < len(src):
        c = src[j]
        if c == '\\':
            n = src[j + 1]
            if n == 'x': out.append(chr(int(src[j + 2:j + 4], 16))); j += 4; continue
            if n == 'u':
                if src[j + 2] == '{':
                    k = src.index('}', j); out.append(chr(int(src[j + 3:k], 16))); j = k + 1; continue
                out.append(chr(int(src[j + 2:j + 6], 16))); j += 6; continue
            if n == '\n': j += 2; continue
            out.append(esc.get(n, n)); j += 2; continue
        if q == '`' and c == '$' and src[j + 1] == '{': return None  # interpolated: not data
        if c == q: return ''.join(out), j + 1
        out.append(c); j += 1
    return None

def args_at(src, i):
    """Splits the call arguments starting after '(' at i: list of (kind, text/value)."""
    out = []; j = i
    while True:
        while src[j] in ' \n\t\r': j += 1
        if src[j] == ')': return out, j
        s = js_string(src, j)
        if s:
            out.append(('str', s[0])); j = s[1]
        else:
            depth = 0; k = j
            while True:
                c = src[k]
                if c in '([{': depth += 1
                elif c in ')]}':
                    if depth == 0: break
                    depth -= 1
                elif c == ',' and depth == 0: break
                elif c in '\'"`':
                    s2 = js_string(src, k)
                    if s2: k = s2[1]; continue
                    if c == '`': k = src.index('`', k + 1) + 1; continue
                k += 1
            out.append(('expr', src[j:k].strip())); j = k
        while src[j] in ' \n\t\r': j += 1
        if src[j] == ',': j += 1
        elif src[j] != ')': return out, j

cases = []
for f in FILES:
    src = subprocess.check_output(['git', '-C', REPO, 'show', f'HEAD:{f}'], text=True)
    consts = {}
    for m in re.finditer(r'const (\w+) =\s*', src):
        s = js_string(src, m.end())
        if s: consts.setdefault(m.group(1), []).append((m.start(), s[0]))
    for m in re.finditer(r'\b(assertBlocked|assertAllowed|assertStrictBlocked)\(', src):
        fn = m.group(1)
        args, _ = args_at(src, m.end())
        line = src.count('\n', 0, m.start()) + 1
        if not args: continue
        kind, cmd = args[0]
        if kind == 'expr':
            # A const holding a literal, declared before the call in the same file.
            before = [v for (pos, v) in consts.get(cmd, []) if pos < m.start()]
            if not before or not re.fullmatch(r'\w+', cmd): continue
            cmd = before[-1]
        rest = args[1:]
        if fn != 'assertAllowed': reason, rest = (rest[0][1] if rest else ''), rest[1:]
        else: reason = None
        cwd = rest[0] if rest else None
        envarg = rest[1] if len(rest) > 1 else None
        case = {'source': f'{f}:{line}', 'command': cmd, 'expected': 'pass' if fn == 'assertAllowed' else 'deny', 'mode': 'strict' if fn == 'assertStrictBlocked' else 'standard'}
        if reason is not None: case['reason'] = reason
        if cwd is not None:
            if cwd[0] == 'str': case['cwd'] = cwd[1]
            else: case['cwdExpr'] = cwd[1]
        if envarg is not None: case['environment'] = envarg[1]
        # The test around the call may set cc-safety-net's own switches (withEnv({ SAFETY_NET_…: '1' })).
        start = max(src.rfind('\n  test(', 0, m.start()), src.rfind('\n  it(', 0, m.start()), src.rfind('\n    test(', 0, m.start()), src.rfind('\n    it(', 0, m.start()))
        around = src[start:m.start()]
        if 'SAFETY_NET_PARANOID' in around: case['mode'] = 'paranoid'
        elif 'SAFETY_NET_STRICT' in around and case['mode'] == 'standard': case['mode'] = 'strict'
        if 'SAFETY_NET_WORKTREE' in around: case['worktreeMode'] = True
        cases.append(case)
with open(OUT, 'w') as out:
    for n, c in enumerate(cases, 1):
        row = {'id': f'ccsn-{n:04d}', 'source': c['source'], 'commit': COMMIT[:12], 'command': c['command'], 'expected': c['expected'], 'mode': c['mode']}
        if 'reason' in c: row['reason'] = c['reason']
        if 'cwd' in c and c['cwd'] == '': row['context'] = 'cwd unknown (the test passes an empty string)'
        elif 'cwd' in c: row['cwd'] = c['cwd']
        elif 'cwdExpr' in c:
            row['cwd'] = CWD_EXPRS.get(c['cwdExpr'], PROJECT)
            row['cwdExpr'] = c['cwdExpr']
            if c['cwdExpr'] == 'fixture.linkedWorktree': row['worktree'] = 'linked'
            if c.get('worktreeMode'):
                row['allowGitDiscardsInWorktree'] = True
                if c['cwdExpr'] in ('symlinkedCwd', 'nestedWorktree'): row['cwd'] = '/home/dev/project-wt'; row['worktree'] = 'linked'
            if c['cwdExpr'] not in CWD_EXPRS: row['context'] = f"cwd {c['cwdExpr']} is made by the test"
        else: row['cwd'] = PROJECT
        row['home'] = '/home/dev'
        if 'environment' in c:
            row['environment'] = c['environment']
            home = re.search(r'HOME: (\w+)', c['environment'])
            if home and home.group(1) == c.get('cwdExpr'):
                # HOME is the directory the command runs in.
                row['home'] = row['cwd']
                row['context'] = 'the cwd is the home directory'
            else:
                row['context'] = 'the test sets its own environment'
        out.write(json.dumps(row, ensure_ascii=False, separators=(',', ':')) + '\n')
print(json.dumps({'commit': COMMIT, 'count': len(cases)}), file=sys.stderr)
