// awk's lexer: the program text becomes one array of tokens up front. The one ambiguity of awk's
// lexical grammar, `/` as division or as the start of a regex literal, is decided by the token
// before it (an operand ends before a division), which is what every awk program in practice
// relies on. A backslash-newline joins lines; `#` starts a comment; newlines are tokens, dropped
// after the tokens that gawk lets a line continue after (`{ && || , do else`).

export enum T {
  EOF,
  NEWLINE,
  NUMBER,
  STRING,
  ERE,
  NAME,
  FUNC_NAME, // a name followed directly by `(`
  BUILTIN, // length, substr… (gawk's builtin function names)
  KEYWORD,
  PUNCT,
}

export interface Token {
  t: T;
  /** the operator, keyword or name; a string literal's value; a regex's source */
  s: string;
  /** a number's value */
  n: number;
  /** offset of the token's first character in the program text */
  pos: number;
}

export const KEYWORDS = new Set([
  'BEGIN', 'END', 'BEGINFILE', 'ENDFILE', 'function', 'func', 'if', 'else', 'while', 'for', 'do', 'break',
  'continue', 'next', 'nextfile', 'exit', 'return', 'delete', 'getline', 'print', 'printf', 'in',
]);

export const BUILTINS = new Set([
  'length', 'substr', 'index', 'split', 'sub', 'gsub', 'match', 'sprintf', 'sin', 'cos', 'atan2', 'exp',
  'log', 'sqrt', 'int', 'rand', 'srand', 'tolower', 'toupper', 'system', 'close', 'fflush', 'gensub',
  'patsplit', 'asort', 'asorti', 'strtonum', 'and', 'or', 'xor', 'lshift', 'rshift', 'compl', 'systime',
  'strftime', 'mktime', 'typeof', 'isarray', 'mkbool',
]);

// longest first within each leading character
const PUNCTS = [
  '**=', '...', '&&', '||', '==', '<=', '>=', '!=', '!~', '++', '--', '+=', '-=', '*=', '/=', '%=', '^=', '**',
  '>>', '{', '}', '(', ')', '[', ']', ';', ',', '+', '-', '*', '/', '%', '^', '!', '>', '<', '|', '?', ':', '~',
  '$', '=',
];

/** tokens after which a newline is not a terminator */
const NL_SKIP_AFTER = new Set(['{', '&&', '||', ',', 'do', 'else']);

/** tokens after which `/` divides */
function endsOperand(tok: Token | undefined): boolean {
  if (tok === undefined) return false;
  switch (tok.t) {
    case T.NUMBER:
    case T.STRING:
    case T.ERE:
    case T.NAME:
    case T.BUILTIN:
      return true;
    case T.PUNCT:
      return tok.s === ')' || tok.s === ']' || tok.s === '++' || tok.s === '--' || tok.s === '$';
    case T.KEYWORD:
      return tok.s === 'getline';
    default:
      return false;
  }
}

export class LexError {
  constructor(
    readonly message: string,
    readonly pos: number,
  ) {}
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isNameStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isNameChar = (c: number): boolean => isNameStart(c) || isDigit(c);

/** the value of an escape after a backslash in a string literal: [value, chars consumed] */
function stringEscape(src: string, i: number): [string, number] {
  const c = src[i];
  switch (c) {
    case 'n': return ['\n', 1];
    case 't': return ['\t', 1];
    case 'r': return ['\r', 1];
    case '\\': return ['\\', 1];
    case '"': return ['"', 1];
    case 'a': return ['\x07', 1];
    case 'b': return ['\b', 1];
    case 'f': return ['\f', 1];
    case 'v': return ['\v', 1];
    case undefined: return ['\\', 0];
    default:
      break;
  }
  if (c >= '0' && c <= '7') {
    let v = 0;
    let k = 0;
    while (k < 3 && i + k < src.length && src[i + k]! >= '0' && src[i + k]! <= '7') {
      v = v * 8 + (src.charCodeAt(i + k) - 48);
      k++;
    }
    return [String.fromCharCode(v & 0xff), k];
  }
  if (c === 'x') {
    let v = 0;
    let k = 1;
    while (k < 3 && i + k < src.length && /[0-9a-fA-F]/.test(src[i + k]!)) {
      v = v * 16 + parseInt(src[i + k]!, 16);
      k++;
    }
    if (k === 1) return ['\\x', 1];
    return [String.fromCharCode(v & 0xff), k];
  }
  // gawk keeps the character and warns (lint); the backslash is dropped
  return [c, 1];
}

/** `warnings`: gawk's lint-free warnings (unknown escapes), with their positions */
export function tokenize(src: string, warnings?: { pos: number; message: string }[]): Token[] | LexError {
  const out: Token[] = [];
  const n = src.length;
  let i = 0;
  const push = (t: T, s: string, pos: number, num = 0): void => {
    out.push({ t, s, n: num, pos });
  };
  while (i < n) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13) {
      i++;
      continue;
    }
    if (c === 92 /* \ */ && (src[i + 1] === '\n' || (src[i + 1] === '\r' && src[i + 2] === '\n'))) {
      i += src[i + 1] === '\n' ? 2 : 3;
      continue;
    }
    if (c === 35 /* # */) {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === 10) {
      const last = out[out.length - 1];
      const skip = last !== undefined && (last.t === T.PUNCT || last.t === T.KEYWORD) && NL_SKIP_AFTER.has(last.s);
      if (!skip) push(T.NEWLINE, '\n', i);
      i++;
      continue;
    }
    if (c === 34 /* " */) {
      const start = i;
      i++;
      let s = '';
      for (;;) {
        if (i >= n || src[i] === '\n') return new LexError('unterminated string', start);
        const ch = src[i]!;
        if (ch === '"') {
          i++;
          break;
        }
        if (ch === '\\') {
          if (src[i + 1] === '\n') {
            i += 2;
            continue;
          }
          const [v, k] = stringEscape(src, i + 1);
          if (k === 1 && v === src[i + 1] && !'\\"'.includes(v)) {
            warnings?.push({ pos: i, message: `escape sequence \`\\${v}' treated as plain \`${v}'` });
          }
          s += v;
          i += 1 + k;
          continue;
        }
        s += ch;
        i++;
      }
      push(T.STRING, s, start);
      continue;
    }
    if (c === 47 /* / */ && !endsOperand(out[out.length - 1])) {
      const start = i;
      i++;
      let s = '';
      let inBracket = false;
      for (;;) {
        if (i >= n || src[i] === '\n') return new LexError('unterminated regexp', start + 1);
        const ch = src[i]!;
        if (ch === '\\' && i + 1 < n) {
          if (src[i + 1] === '/' ) {
            s += '/';
            i += 2;
            continue;
          }
          if (src[i + 1] === '\n') {
            i += 2;
            continue;
          }
          s += ch + src[i + 1];
          i += 2;
          continue;
        }
        if (inBracket) {
          if (ch === '[' && (src[i + 1] === ':' || src[i + 1] === '.' || src[i + 1] === '=')) {
            // a class [:alpha:] inside the bracket: its `]` does not close the bracket
            const close = src.indexOf(`${src[i + 1]}]`, i + 2);
            if (close > 0 && src.slice(i, close).indexOf('\n') < 0) {
              s += src.slice(i, close + 2);
              i = close + 2;
              continue;
            }
          }
          if (ch === ']' && !bracketJustOpened(s)) inBracket = false;
        } else if (ch === '[') {
          inBracket = true;
        } else if (ch === '/') {
          i++;
          break;
        }
        s += ch;
        i++;
      }
      push(T.ERE, s, start);
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(i + 1)))) {
      const start = i;
      const m = /^(?:0[xX][0-9a-fA-F]+|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)/.exec(src.slice(i, i + 400));
      const text = m === null ? src[i]! : m[0];
      i += text.length;
      const num = /^0[xX]/.test(text) ? parseInt(text.slice(2), 16) : /^0[0-7]+$/.test(text) ? parseInt(text, 8) : Number(text);
      push(T.NUMBER, text, start, num);
      continue;
    }
    if (isNameStart(c)) {
      const start = i;
      while (i < n && isNameChar(src.charCodeAt(i))) i++;
      const word = src.slice(start, i);
      if (KEYWORDS.has(word)) push(T.KEYWORD, word === 'func' ? 'function' : word, start);
      else if (BUILTINS.has(word)) push(T.BUILTIN, word, start);
      else if (src[i] === '(') push(T.FUNC_NAME, word, start);
      else push(T.NAME, word, start);
      continue;
    }
    let matched: string | undefined;
    for (const p of PUNCTS) {
      if (src.startsWith(p, i)) {
        matched = p;
        break;
      }
    }
    if (matched === undefined) return new LexError(`invalid char '${src[i]}' in expression`, i);
    push(T.PUNCT, matched, i);
    i += matched.length;
  }
  push(T.EOF, '', n);
  return out;
}

/** inside a bracket expression, a `]` right after `[` or `[^` is a member, not the end */
function bracketJustOpened(s: string): boolean {
  return s.endsWith('[') || s.endsWith('[^');
}
