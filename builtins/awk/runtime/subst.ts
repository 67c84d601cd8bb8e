// The replacement text of sub()/gsub() and gensub(), as gawk 5.2 expands it (builtin.c do_sub) in
// its default (non-POSIX) mode. The text is the replacement *string value* (after awk's string
// escapes: the program text "\\&" is the two characters \&).
//
// sub/gsub:  &     the matched text
//            \&    a literal &
//            \\&   a literal \ then the matched text
//            \\\&  a literal \&
//            \\\\  a literal \\ (gawk 4.1.2+: two backslashes)
//            \q    any other backslash stays, with q
// gensub:    & and \0  the matched text; \1..\9 that group (nothing if it did not take part or
//            does not exist); \q for any other q is q; a trailing lone \ gives a NUL byte (gawk
//            copies the string's terminator).

/** sub/gsub's expansion of `repl` for one match */
export function expandSubRepl(repl: string, match: string): string {
  if (repl.indexOf('&') < 0 && repl.indexOf('\\') < 0) return repl;
  let out = '';
  const n = repl.length;
  for (let i = 0; i < n; i++) {
    const c = repl[i]!;
    if (c === '&') {
      out += match;
    } else if (c === '\\') {
      if (repl.startsWith('\\\\\\&', i) || repl.startsWith('\\\\\\\\', i)) {
        out += '\\' + repl[i + 3];
        i += 3;
      } else if (repl.startsWith('\\\\&', i)) {
        out += '\\' + match;
        i += 2;
      } else if (repl[i + 1] === '&') {
        out += '&';
        i++;
      } else {
        out += '\\';
      }
    } else {
      out += c;
    }
  }
  return out;
}

/**
 * gensub's expansion of `repl` for one match: groups[k] is subexpression k's text, undefined when
 * it did not take part in the match or the regex has fewer groups (groups[0] is not read: \0 is
 * `match`).
 */
export function expandGensub(repl: string, match: string, groups: readonly (string | undefined)[]): string {
  if (repl.indexOf('&') < 0 && repl.indexOf('\\') < 0) return repl;
  let out = '';
  const n = repl.length;
  for (let i = 0; i < n; i++) {
    const c = repl[i]!;
    if (c === '&') {
      out += match;
    } else if (c === '\\') {
      const d = repl.charCodeAt(i + 1);
      if (d >= 48 && d <= 57) {
        out += d === 48 ? match : (groups[d - 48] ?? '');
        i++;
      } else {
        out += i + 1 < n ? repl[i + 1] : '\0';
        i++;
      }
    } else {
      out += c;
    }
  }
  return out;
}
