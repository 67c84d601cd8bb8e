// -t/-T file types: ripgrep 13's default table (type-table.ts) changed by --type-clear and
// --type-add (`name:glob`, `name:include:a,b`), matched on the file's base name. A -T type
// excludes; with any -t, a file of none of those types is skipped. `all` selects every type.

import { typeGlob } from './globs.js';
import { DEFAULT_TYPES } from './type-table.js';

export interface TypeMatcher {
  matched(name: string): 'ignore' | 'whitelist' | null;
}

export function typeDefinitions(adds: readonly string[], clears: readonly string[]): Map<string, string[]> | string {
  const defs = new Map<string, string[]>(DEFAULT_TYPES.map(([n, g]) => [n, [...g]]));
  // rg applies the clears, then the adds, each in order
  for (const c of clears) defs.delete(c);
  for (const a of adds) {
    const parts = a.split(':');
    const name = parts[0] ?? '';
    if (parts.length === 3 && parts[1] === 'include') {
      const globs = defs.get(name) ?? [];
      for (const other of (parts[2] ?? '').split(',')) {
        const g = defs.get(other);
        if (g === undefined) return `unrecognized file type: ${other}\n`;
        globs.push(...g);
      }
      defs.set(name, globs);
      continue;
    }
    if (parts.length !== 2 || name === '' || !/^[A-Za-z0-9_-]+$/.test(name)) return 'invalid definition (format is type:glob, e.g., html:*.html)\n';
    const globs = defs.get(name) ?? [];
    globs.push(parts[1] ?? '');
    defs.set(name, globs);
  }
  return defs;
}

/** `rg --type-list`: each type and its globs, sorted by name */
export function typeList(defs: Map<string, string[]>): string {
  return [...defs.keys()].sort().map((n) => `${n}: ${[...new Set(defs.get(n) ?? [])].sort().join(', ')}\n`).join('');
}

export function typeMatcher(defs: Map<string, string[]>, select: readonly string[], negate: readonly string[]): TypeMatcher | string {
  const compile = (names: readonly string[]): RegExp[] | string => {
    const res: RegExp[] = [];
    for (const n of names) {
      const list = n === 'all' ? [...defs.values()].flat() : defs.get(n);
      if (list === undefined) return `unrecognized file type: ${n}\n`;
      for (const g of list) res.push(typeGlob(g));
    }
    return res;
  };
  const yes = compile(select);
  if (typeof yes === 'string') return yes;
  const no = compile(negate);
  if (typeof no === 'string') return no;
  return {
    matched(name: string) {
      if (no.some((r) => r.test(name))) return 'ignore';
      if (yes.length === 0 && select.length === 0) return null;
      return yes.some((r) => r.test(name)) ? 'whitelist' : 'ignore';
    },
  };
}
