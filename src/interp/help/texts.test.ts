import { describe, expect, it } from 'vitest';
import { CollectingWriter } from '../../../lib/io/pipe.js';
import { decode } from '../../../lib/io/encoding.js';
import { SHELL_BUILTINS } from '../builtins/index.js';
import { helpForm } from './forms.js';
import { helpTopicNames, writeBuiltinHelp } from './texts-index.js';
import { HELP_TEXTS, IMPLEMENTATION } from './texts.js';

const helpTopic = (n: string, flag: '' | 'd' | 'm' | 's') => helpForm(n, HELP_TEXTS.get(n)!, flag, IMPLEMENTATION);

const CONTINUE = `continue: continue [n]
    Resume for, while, or until loops.
    
    Resumes the next iteration of the enclosing FOR, WHILE or UNTIL loop.
    If N is specified, resumes the Nth enclosing loop.
    
    Exit Status:
    The exit status is 0 unless N is not greater than or equal to 1.
`;

describe('builtin help texts', () => {
  it('has bash help for every builtin the interpreter runs, and for dirs/pushd/popd', async () => {
    const names = new Set(await helpTopicNames());
    for (const n of [...SHELL_BUILTINS.keys(), 'dirs', 'pushd', 'popd']) expect(names.has(n), n).toBe(true);
  });

  it('stores `help NAME` texts: `NAME: synopsis` then the description indented by four spaces', () => {
    for (const [name, text] of HELP_TEXTS) {
      expect(text.startsWith(`${name}: `), name).toBe(true);
      expect(text.endsWith('\n'), name).toBe(true);
      for (const line of text.split('\n').slice(1, -1)) expect(line.startsWith('    '), `${name}: ${line}`).toBe(true);
    }
    expect(HELP_TEXTS.get('continue')).toBe(CONTINUE);
  });

  it('writes NAME --help and resolves to status 2', async () => {
    const w = new CollectingWriter();
    expect(await writeBuiltinHelp(w, 'continue')).toBe(2);
    expect(decode(w.bytes())).toBe(CONTINUE);
  });

  it('derives the -s, -d and -m forms', () => {
    expect(helpTopic('continue', 's')).toBe('continue: continue [n]\n');
    expect(helpTopic('continue', 'd')).toBe('continue - Resume for, while, or until loops.\n');
    expect(helpTopic('continue', '')).toBe(CONTINUE);
    const man = helpTopic('true', 'm');
    expect(man).toMatch(/^NAME\n {4}true - Return a successful result\.\n\nSYNOPSIS\n {4}true\n\nDESCRIPTION\n {4}Return a successful result\.\n/);
    expect(man).toMatch(/\nSEE ALSO\n {4}bash\(1\)\n\nIMPLEMENTATION\n {4}GNU bash, version 5\.2[^\n]*\n[\s\S]*\n\n$/);
  });
});
