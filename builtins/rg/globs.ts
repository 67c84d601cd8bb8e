// Gitignore-style globs as ripgrep's `ignore` crate reads them: .gitignore/.ignore/.rgignore
// lines, -g/--iglob overrides (the same grammar, meaning inverted) and the file-type table's
// globs. `*` and `?` never cross `/`, `**` does, `{a,b}` alternates, `[…]`/`[!…]` are classes.
// A glob without a `/` (a trailing one aside) matches the base name at any depth; one with a
// leading or inner `/` is anchored at the ignore file's directory. The last matching line wins.

export interface GlobRule {
  re: RegExp;
  /** `!` in an ignore file: re-include; for overrides: exclude */
  negated: boolean;
  /** a trailing `/`: directories only */
  dirOnly: boolean;
}

/** glob text → RegExp source over a `/`-separated relative path (whole path) */
export function globSource(glob: string): string {
  let out = '';
  let i = 0;
  let braces = 0;
  while (i < glob.length) {
    const c = glob[i]!; // i < length
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const j = i + 2;
        if (atStart && (j === glob.length || glob[j] === '/')) {
          if (j === glob.length) out += '.*';
          else out += '(?:.*/)?';
          i = j === glob.length ? j : j + 1;
          continue;
        }
        out += '[^/]*';
        i += 2;
        continue;
      }
      out += '[^/]*';
      i++;
      continue;
    }
    if (c === '?') {
      out += '[^/]';
      i++;
      continue;
    }
    if (c === '[') {
      const close = classEnd(glob, i);
      if (close > 0) {
        let body = glob.slice(i + 1, close);
        let neg = '';
        if (body.startsWith('!') || body.startsWith('^')) {
          neg = '^';
          body = body.slice(1);
        }
        out += `[${neg}${body.replace(/[\\\]^[]/g, (m) => '\\' + m)}]`;
        i = close + 1;
        continue;
      }
    }
    if (c === '{') {
      braces++;
      out += '(?:';
      i++;
      continue;
    }
    if (c === '}' && braces > 0) {
      braces--;
      out += ')';
      i++;
      continue;
    }
    if (c === ',' && braces > 0) {
      out += '|';
      i++;
      continue;
    }
    if (c === '\\' && i + 1 < glob.length) {
      out += escapeRe(glob[i + 1]!); // i + 1 < length
      i += 2;
      continue;
    }
    out += escapeRe(c);
    i++;
  }
  while (braces-- > 0) out += ')';
  return out;
}

/** where a `[` class ends (its `]`, a first `]` or `!]` being literal), or -1 */
function classEnd(glob: string, open: number): number {
  let j = open + 1;
  if (glob[j] === '!' || glob[j] === '^') j++;
  if (glob[j] === ']') j++;
  const close = glob.indexOf(']', j);
  return close;
}

const escapeRe = (c: string): string => (/[\\^$.*+?()[\]{}|/]/.test(c) ? '\\' + c : c);

/** one gitignore line as a rule, or null for blank lines and comments */
export function parseGitignoreLine(raw: string, caseInsensitive: boolean): GlobRule | null {
  let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (line.startsWith('#')) return null;
  // trailing spaces are cut unless escaped
  line = line.replace(/(?<!\\) +$/, '');
  if (line === '') return null;
  let negated = false;
  if (line.startsWith('!')) {
    negated = true;
    line = line.slice(1);
  } else if (line.startsWith('\\!') || line.startsWith('\\#')) line = line.slice(1);
  let dirOnly = false;
  if (line.endsWith('/') && line.length > 1) {
    dirOnly = true;
    line = line.slice(0, -1);
  }
  let anchored = false;
  if (line.startsWith('/')) {
    anchored = true;
    line = line.slice(1);
  } else if (line.includes('/') && !line.startsWith('**/')) anchored = true;
  let source = globSource(line);
  if (!anchored && !line.startsWith('**/')) source = '(?:.*/)?' + source;
  // a match of a directory covers everything under it (`foo/**` style), but the walk prunes
  // ignored directories, so only the path itself is matched here
  try {
    return { re: new RegExp(`^(?:${source})$`, caseInsensitive ? 'si' : 's'), negated, dirOnly };
  } catch {
    return null;
  }
}

/** the rules of one ignore file's text */
export function parseIgnoreFile(text: string, caseInsensitive: boolean): GlobRule[] {
  const rules: GlobRule[] = [];
  for (const line of text.split('\n')) {
    const r = parseGitignoreLine(line, caseInsensitive);
    if (r !== null) rules.push(r);
  }
  return rules;
}

/** the last rule matching a path relative to the rules' directory: 'ignore' | 'whitelist' | null */
export function matchRules(rules: readonly GlobRule[], rel: string, isDir: boolean): 'ignore' | 'whitelist' | null {
  for (let k = rules.length - 1; k >= 0; k--) {
    const r = rules[k]!; // k in range
    if (r.dirOnly && !isDir) continue;
    if (r.re.test(rel)) return r.negated ? 'whitelist' : 'ignore';
  }
  return null;
}

/** a type-table glob (`*.rs`, `Makefile`): matched against the base name */
export function typeGlob(glob: string): RegExp {
  return new RegExp(`^(?:${globSource(glob)})$`, 's');
}
