// Function definitions printed the way bash prints them (`declare -f`, `type`): one command per
// line, four-space indentation, `;` after every command but the last of a list, `elif` shown as a
// nested if, redirections normalised (`>&2` → `1>&2`). Leaf text (words, [[ ]], (( ))) is the
// source text as written, which is what bash keeps too.

import type {
  CaseClause, Command, ForClause, FuncDecl, IfClause, Redirect, Stmt, TestExpr, WhileClause,
} from '../../syntax/ast.js';
import { info } from './source-info.js';

const IND = '    ';

export function printFunction(fn: FuncDecl): string {
  return `${fn.Name.Value} () \n${printBody(fn.Body, '')}`;
}

/** a function body: bash always shows it as a { … } group */
function printBody(st: Stmt, ind: string): string {
  const cmd = st.Cmd;
  if (cmd && cmd.type === 'Block' && !st.Negated) {
    // `f() { …; } > file`: the redirections follow the closing brace
    const { redirs } = printRedirects(st.Redirs);
    return `${ind}{ \n${printList(cmd.Stmts, ind + IND)}\n${ind}}${redirs ? ' ' + redirs : ''}`;
  }
  return `${ind}{ \n${printList([st], ind + IND)}\n${ind}}`;
}

/** `terminateLast`: bodies of if/while/for end every command with `;`, groups not the last */
function printList(stmts: readonly Stmt[], ind: string, terminateLast = false): string {
  const out: string[] = [];
  // bash's printer drops the `;` of the command after one that printed a here-document
  let afterHeredoc = false;
  stmts.forEach((st, i) => {
    const last = i === stmts.length - 1 && !terminateLast;
    const { text, heredocs } = printStmt(st, ind);
    if (heredocs) out.push(ind + text + '\n' + heredocs);
    else out.push(ind + text + (last || afterHeredoc ? '' : ';'));
    afterHeredoc = heredocs !== '';
  });
  return out.join('\n');
}

function printStmt(st: Stmt, ind: string): { text: string; heredocs: string } {
  let text = st.Cmd ? printCommand(st.Cmd, ind) : '';
  const { redirs, heredocs } = printRedirects(st.Redirs);
  if (redirs) text = text ? `${text} ${redirs}` : redirs;
  if (st.Negated) text = `! ${text}`;
  return { text, heredocs };
}

export function printRedirects(rs: readonly Redirect[]): { redirs: string; heredocs: string } {
  const parts: string[] = [];
  let heredocs = '';
  for (const r of rs) {
    const word = info.textOf(r.Word);
    if (r.Op === '<<' || r.Op === '<<-') {
      parts.push(`${r.N ? r.N.Value : ''}${r.Op}${word}`);
      const delim = word.replace(/['"\\]/g, '');
      let body = r.Hdoc ? info.heredocText(r.Hdoc) || info.textOf(r.Hdoc) : '';
      // the parser keeps the closing line in the body's last part; bash stores `<<-` untabbed
      if (r.Op === '<<-') body = body.replace(/^\t+/gm, '');
      if (body === delim) body = '';
      else if (body.endsWith('\n' + delim)) body = body.slice(0, body.length - delim.length);
      heredocs += `${body}${delim}\n`;
      continue;
    }
    let n = r.N ? r.N.Value : '';
    if (!n && (r.Op === '>&' || r.Op === '>' || r.Op === '>>' || r.Op === '>|') && /^[0-9-]+$/.test(word)) n = '1';
    if (!n && r.Op === '<&' && /^[0-9-]+$/.test(word)) n = '0';
    const dup = r.Op === '>&' || r.Op === '<&';
    // bash prints a close either way as `N>&-`
    const op = r.Op === '<&' && word === '-' ? '>&' : r.Op;
    parts.push(dup ? `${n}${op}${word}` : `${n}${op} ${word}`);
  }
  return { redirs: parts.join(' '), heredocs };
}

function printCommand(cmd: Command, ind: string): string {
  switch (cmd.type) {
    case 'CallExpr':
      return [...cmd.Assigns.map((a) => info.textOf(a) || assignText(a)), ...cmd.Args.map((w) => info.textOf(w))].join(' ');
    case 'BinaryCmd': {
      const x = printStmt(cmd.X, ind).text;
      const y = printStmt(cmd.Y, ind).text;
      return cmd.Op === '|&' ? `${x} 2>&1 | ${y}` : `${x} ${cmd.Op} ${y}`;
    }
    case 'Block':
      return `{ \n${printList(cmd.Stmts, ind + IND)}\n${ind}}`;
    case 'Subshell':
      return `( ${cmd.Stmts.map((s) => printStmt(s, ind).text).join(`;\n${ind}`)} )`;
    case 'IfClause':
      return printIf(cmd, ind);
    case 'WhileClause':
      return printWhile(cmd, ind);
    case 'ForClause':
      return printFor(cmd, ind);
    case 'CaseClause':
      return printCase(cmd, ind);
    case 'FuncDecl':
      // a definition inside a function body is shown with the keyword
      return 'function ' + printFunction(cmd).split('\n').join('\n' + ind);
    case 'TestClause':
      return `[[ ${printTest(cmd.X)} ]]`;
    case 'TimeClause':
      return `time ${cmd.Stmt ? printStmt(cmd.Stmt, ind).text : ''}`;
    default:
      return info.textOf(cmd);
  }
}

function assignText(a: { Name: { Value: string } | null }): string {
  return a.Name?.Value ?? '';
}

function inlineList(stmts: readonly Stmt[], ind: string): string {
  return stmts.map((s) => printStmt(s, ind).text).join('; ');
}

function printIf(c: IfClause, ind: string): string {
  let s = `if ${inlineList(c.Cond, ind)}; then\n${printList(c.Then, ind + IND, true)}\n`;
  const e = c.Else;
  if (e) {
    if (e.Cond.length) s += `${ind}else\n${ind + IND}${printIf(e, ind + IND)};\n`;
    else s += `${ind}else\n${printList(e.Then, ind + IND, true)}\n`;
  }
  return s + `${ind}fi`;
}

function printWhile(c: WhileClause, ind: string): string {
  const kw = c.Until ? 'until' : 'while';
  return `${kw} ${inlineList(c.Cond, ind)}; do\n${printList(c.Do, ind + IND, true)}\n${ind}done`;
}

function printFor(c: ForClause, ind: string): string {
  const l = c.Loop;
  let head: string;
  if (l.type === 'CStyleLoop') {
    // an empty part of `for ((;;))` is shown as bash stores it: 1
    const t = (x: unknown): string => (x ? info.textOf(x as object).trim() : '') || '1';
    head = `for ((${t(l.Init)}; ${t(l.Cond)}; ${t(l.Post)}))`;
  } else {
    head = l.InPos < 0 ? `for ${l.Name.Value} in "$@";` : `for ${l.Name.Value} in ${l.Items.map((w) => info.textOf(w)).join(' ')};`;
  }
  return `${head}\n${ind}do\n${printList(c.Do, ind + IND, true)}\n${ind}done`;
}

function printCase(c: CaseClause, ind: string): string {
  let s = `case ${info.textOf(c.Word)} in \n`;
  for (const it of c.Items) {
    s += `${ind + IND}${it.Patterns.map((p) => info.textOf(p)).join(' | ')})\n`;
    s += it.Stmts.length ? printList(it.Stmts, ind + IND + IND) + '\n' : '\n';
    s += `${ind + IND}${it.Op}\n`;
  }
  return s + `${ind}esac`;
}

/** `[[ … ]]` as bash prints it: a lone word is the `-n` test it means, operators spaced */
function printTest(x: TestExpr): string {
  switch (x.type) {
    case 'BinaryTest': {
      const logical = x.Op === '&&' || x.Op === '||';
      return logical ? `${printTest(x.X)} ${x.Op} ${printTest(x.Y)}` : `${info.textOf(x.X)} ${x.Op} ${info.textOf(x.Y)}`;
    }
    case 'UnaryTest':
      return `${x.Op} ${x.Op === '!' ? printTest(x.X) : info.textOf(x.X)}`;
    case 'ParenTest':
      return `( ${printTest(x.X)} )`;
    default:
      return `-n ${info.textOf(x)}`;
  }
}
