// ${x:off:len} (param.ts's slicing): bytes of a scalar in the C locale, positions of "$@",
// indices of an indexed array, and an associative array's values in their order.

import type { ParamExp } from '../../syntax/ast.js';
import type { Shell } from '../state/shell.js';
import type { Fetched } from './param.js';
import { ExpansionError } from '../state/errors.js';
import { arithEval } from './arith-shell.js';
import { readVar } from './var-access.js';
import { farEntries, forEachElement, isArrayValue, isAssocValue, type VarValue } from '../state/vars.js';
import { info } from '../state/source-info.js';
import { isAscii as isAsciiText } from '../../../lib/text/bytes.js';
import { encode, decode } from '../../../lib/io/encoding.js';

// ---------------------------------------------------------------- byte semantics (C locale)

/** a char loop for short strings; the regex (bytes.ts) for long ones, e.g. `${#s}` of a string
 *  built by `s+=x` in a loop, which a char loop reads slowly before the string is flattened */
function isAscii(s: string): boolean {
  if (s.length > 64) return isAsciiText(s);
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

export function byteLength(s: string): number {
  return isAscii(s) ? s.length : encode(s).length;
}

function byteSlice(s: string, start: number, end: number): string {
  if (isAscii(s)) return s.slice(start, end);
  return decode(encode(s).subarray(start, end));
}

// ---------------------------------------------------------------- ${x:off:len}

/** how bash names the parameter in a slice's arithmetic error: `x: `, `a[@]: `, `m[k]: ` */
function sliceErrorPrefix(pe: ParamExp): string {
  return pe.Index === null ? `${pe.Param.Value}: ` : `${pe.Param.Value}[${info.textOf(pe.Index)}]: `;
}

export function slice(sh: Shell, pe: ParamExp, f: Fetched): string[] {
  const s = pe.Slice;
  if (s === null) return f.vals; // no `:off:len`: nothing to cut (param.ts calls this only with one)
  const name = f.source ?? pe.Param.Value;
  const positional = name === '@' || name === '*';
  // bash slices an unset variable (or an empty array) to nothing without evaluating the offset
  // and length (`${u:1/0}` is silent); `$@` with no parameters still evaluates them
  if (f.unset && f.vals.length === 0 && !(f.multi && positional)) return [];
  const prefix = sliceErrorPrefix(pe);
  const off = Number(arithEval(sh, s.Offset, undefined, prefix));
  const lenV = s.Length ? Number(arithEval(sh, s.Length, undefined, prefix)) : undefined;
  if (!f.multi) {
    if (!f.vals.length) return [];
    const str = f.vals[0]!;
    const n = byteLength(str);
    let start = off < 0 ? n + off : off;
    if (start < 0 || start > n) return [''];
    let end = n;
    if (lenV !== undefined) {
      if (lenV < 0) {
        end = n + lenV;
        if (end < start) throw new ExpansionError(`${lenV}: substring expression < 0`, 1);
      } else end = Math.min(n, start + lenV);
    }
    start = Math.max(0, start);
    return [byteSlice(str, start, end)];
  }
  const v: VarValue | undefined = positional ? undefined : readVar(sh, name);
  // an offset past the array's end slices to nothing before the length is checked, as in bash:
  // an indexed array's end is its highest index + 1 (from the end when negative), an associative
  // one's its count (offsets past it only); an empty or unset array is always empty
  if (!positional) {
    if (f.vals.length === 0) return [];
    if (isArrayValue(v)) {
      const first = off < 0 ? v.length + off : off;
      if (first < 0 || (first >= v.length && farEntries(v).length === 0)) return [];
    } else if (off > f.vals.length) return [];
  }
  if (lenV !== undefined && lenV < 0) throw new ExpansionError(`${lenV}: substring expression < 0`, 1);
  if (positional) {
    const all = [sh.arg0, ...sh.positional];
    let start = off < 0 ? all.length + off : off;
    if (start < 0) return [];
    const end = lenV === undefined ? all.length : start + lenV;
    if (off < 0 && start === 0) start = 0;
    return all.slice(start, end);
  }
  // arrays slice by index, not by position
  if (isArrayValue(v)) {
    const maxIdx = v.length;
    const start = off < 0 ? maxIdx + off : off;
    if (start < 0) return [];
    const out: string[] = [];
    forEachElement(v, (x, i) => {
      if (i >= start && (lenV === undefined || out.length < lenV)) out.push(x);
    });
    for (const [k, x] of farEntries(v)) {
      if (BigInt(k) >= BigInt(start) && (lenV === undefined || out.length < lenV)) out.push(x);
    }
    return out;
  }
  const vals = f.vals;
  // bash numbers an associative array's values from 1 here (offsets 0 and 1 both start at the first)
  const assocShift = isAssocValue(v) && off > 0 ? 1 : 0;
  const start = off < 0 ? vals.length + off : off - assocShift;
  if (start < 0) return [];
  return vals.slice(start, lenV === undefined ? undefined : start + lenV);
}
