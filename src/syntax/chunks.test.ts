import { describe, expect, it } from 'vitest';
import { commandsBefore, completeness } from './chunks.js';
import { parse, ParseError } from './index.js';

/** the prefix for the script's own syntax error */
function runsFirst(script: string, budget?: number): string | null {
  try {
    parse(script, { heredocsToEOF: true });
  } catch (e) {
    if (e instanceof ParseError) return commandsBefore(script, e, budget);
    throw e;
  }
  throw new Error('the script parses');
}

describe('commandsBefore: what bash has run when it meets a syntax error', () => {
  it.each([
    ['echo a\necho b; fi\n', 'echo a\n'],
    ['fi\necho b\n', ''],
    ['echo a\necho b; case x in\n fi\nesac\n', 'echo a\n'],
    ['echo a\nif true; then\n echo b\n', 'echo a\n'],
    ['echo a\necho "open\nmore\n', 'echo a\n'],
    ['cat <<EOF\nbody\nEOF\necho x; done\n', 'cat <<EOF\nbody\nEOF\n'],
    ['echo a \\\n b; fi\n', ''],
    ['echo a # see \\\necho b; fi\n', 'echo a # see \\\n'],
    ['echo a |\n\nfi\n', ''],
    ['f() {\n echo in\n}\nf; done\n', 'f() {\n echo in\n}\n'],
  ])('%j runs %j first', (script, prefix) => {
    expect(runsFirst(script)).toBe(prefix);
  });

  it('gives up (null) past its budget: an unfinished command is parsed again at each line', () => {
    // (an unclosed `if` is reported where it opens; an error inside it, at the error)
    const script = 'echo a\nif true; then\n' + 'echo x\n'.repeat(2000) + 'done\nfi\n';
    expect(runsFirst(script)).toBe('echo a\n');
    expect(runsFirst(script, 10_000)).toBeNull();
  });
});

describe('completeness', () => {
  it('a backslash ending a comment does not continue the line; one ending a command does', () => {
    expect(completeness('echo a # note \\').kind).toBe('complete');
    expect(completeness('echo a \\').kind).toBe('incomplete');
    expect(completeness('echo a \\\\').kind).toBe('complete');
    expect(completeness("echo 'a \\").kind).toBe('incomplete');
  });
});

describe("commandsBefore starts from bash's error line", () => {
  it("is bash's line, not mvdan/sh's earlier stop at a construct bash takes", () => {
    const script = 'echo a\necho ${x~~}\necho b\necho c; fi\n';
    let err: ParseError | undefined;
    try {
      parse(script, { heredocsToEOF: true });
    } catch (e) {
      err = e as ParseError;
    }
    expect(err?.line).toBe(2);
    expect(commandsBefore(script, err!)).toBe('echo a\necho ${x~~}\necho b\n');
  });
});

describe('a construct bash takes and mvdan/sh refuses does not hide an unfinished command', () => {
  it('the REPL waits for more; commandsBefore steps back past it', () => {
    expect(completeness('echo ${x~~}; if true; then').kind).toBe('incomplete');
    const script = 'echo a\necho ${x~~}\ns=$(case x in\n*) echo ;;\n[fb]*) case $(( u=-5 ); echo) in \\*) echo c0 ;; "a b")) echo c3 ;& esac ;&\nesac)\n';
    expect(runsFirst(script)).toBe('echo a\necho ${x~~}\n');
  });
});
