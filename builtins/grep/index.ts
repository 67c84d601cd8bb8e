import { makeGrep } from './grep.js';

export const grep = makeGrep('grep', 'print lines that match patterns');
export const egrep = makeGrep('egrep', 'print lines that match patterns (grep -E)');
export const fgrep = makeGrep('fgrep', 'print lines that match fixed strings (grep -F)');
