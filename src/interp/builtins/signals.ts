// Linux's signals as bash's trap names them: `trap CMD INT`, `trap -p`, `trap -l`. rshell
// delivers no signal to a script (there is no process to signal, and a terminal's Ctrl-C cancels
// the whole run), so a signal trap is set, listed and reset as in bash and never runs.

import { legalNumber } from '../../../lib/text/legal-number.js';

const NAMES = [
  'HUP', 'INT', 'QUIT', 'ILL', 'TRAP', 'ABRT', 'BUS', 'FPE', 'KILL', 'USR1', 'SEGV', 'USR2', 'PIPE',
  'ALRM', 'TERM', 'STKFLT', 'CHLD', 'CONT', 'STOP', 'TSTP', 'TTIN', 'TTOU', 'URG', 'XCPU', 'XFSZ',
  'VTALRM', 'PROF', 'WINCH', 'IO', 'PWR', 'SYS',
];
const RTMIN = 34;
const RTMAX = 64;

/** SIGINT, SIGRTMIN+2, SIGRTMAX-1… for signals 1-64 (32 and 33 have no name) */
export function signalName(n: number): string | null {
  if (n >= 1 && n <= NAMES.length) return 'SIG' + NAMES[n - 1]!;
  if (n === RTMIN) return 'SIGRTMIN';
  if (n === RTMAX) return 'SIGRTMAX';
  if (n > RTMIN && n <= RTMIN + 15) return `SIGRTMIN+${n - RTMIN}`;
  if (n > RTMIN + 15 && n < RTMAX) return `SIGRTMAX-${RTMAX - n}`;
  return null;
}

/** the signal a trap operand names (`INT`, `sigint`, `2`, `RTMIN+2`), or null */
export function signalNumber(spec: string): number | null {
  // a number as bash's legal_number reads it (`+2`, ` 2`)
  const v = legalNumber(spec);
  if (v !== null) {
    const n = Number(v);
    return v >= 1n && v <= 64n && signalName(n) !== null ? n : null;
  }
  let u = spec.toUpperCase();
  if (u.startsWith('SIG')) u = u.slice(3);
  const i = NAMES.indexOf(u);
  if (i >= 0) return i + 1;
  const rt = /^RTM(IN|AX)(?:([+-])([0-9]+))?$/.exec(u);
  if (!rt) return null;
  const off = rt[3] === undefined ? 0 : Number(rt[3]) * (rt[2] === '-' ? -1 : 1);
  const n = (rt[1] === 'IN' ? RTMIN : RTMAX) + off;
  return n >= RTMIN && n <= RTMAX ? n : null;
}

/** `trap -l` (and `kill -l`): bash's table, five to a line */
export function signalListing(): string {
  const cells: string[] = [];
  for (let n = 1; n <= RTMAX; n++) {
    const name = signalName(n);
    if (name !== null) cells.push(`${String(n).padStart(2)}) ${name}`);
  }
  let out = '';
  for (let i = 0; i < cells.length; i += 5) out += cells.slice(i, i + 5).join('\t') + (i + 5 >= cells.length ? '\t' : '') + '\n';
  return out;
}
