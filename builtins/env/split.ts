// env -S STRING: GNU env's split of one string into arguments (shebang lines), with its escapes,
// quotes, `#` comments and `${NAME}` expansion from the environment env started with.

export type SplitResult = { ok: true; args: string[] } | { ok: false; message: string };

const CONTROL: Readonly<Record<string, string>> = { f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

export function splitString(text: string, getEnv: (name: string) => string | undefined): SplitResult {
  const args: string[] = [];
  let cur = '';
  /** an argument is open (quotes make one even when empty) */
  let open = false;
  let sq = false;
  let dq = false;
  const end = (): void => {
    if (open) args.push(cur);
    cur = '';
    open = false;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (sq) {
      if (c === "'") sq = false;
      else if (c === '\\' && (text[i + 1] === '\\' || text[i + 1] === "'")) cur += text[++i];
      else cur += c;
      i++;
      continue;
    }
    if (!dq && (c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r')) {
      end();
      i++;
      continue;
    }
    if (c === "'" && !dq) {
      sq = true;
      open = true;
      i++;
      continue;
    }
    if (c === '"') {
      dq = !dq;
      open = true;
      i++;
      continue;
    }
    if (c === '#' && !dq && !open) break; // a comment to the end
    if (c === '\\') {
      const e = text[i + 1];
      if (e === undefined) return { ok: false, message: 'invalid backslash at end of string in -S' };
      i += 2;
      if (e === '"' || e === '#' || e === '$' || e === "'" || e === '\\') cur += e;
      else if (e === '_') {
        if (dq) cur += ' ';
        else {
          end();
          continue;
        }
      } else if (e === 'c') {
        if (dq) return { ok: false, message: "'\\c' must not appear in double-quoted -S string" };
        end();
        return { ok: true, args };
      } else if (CONTROL[e] !== undefined) cur += CONTROL[e];
      else return { ok: false, message: `invalid sequence '\\${e}' in -S` };
      open = true;
      continue;
    }
    if (c === '$') {
      const m = text[i + 1] === '{' ? NAME.exec(text.slice(i + 2)) : null;
      if (m === null || text[i + 2 + m[0].length] !== '}') {
        return { ok: false, message: `only \${VARNAME} expansion is supported, error at: ${text.slice(i)}` };
      }
      cur += getEnv(m[0]) ?? '';
      open = true;
      i += 3 + m[0].length;
      continue;
    }
    cur += c;
    open = true;
    i++;
  }
  if (sq || dq) return { ok: false, message: 'no terminating quote in -S string' };
  end();
  return { ok: true, args };
}
