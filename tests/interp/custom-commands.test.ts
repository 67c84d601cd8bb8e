// RunnerOptions.commands: the embedder's own commands get a builtin's context and nothing else,
// and go through the allow-list, the rules and the audit like any command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Runner, defineCommand, flag, type CommandEvent, type Command } from '../../src/index.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rshell-custom-'));
  writeFileSync(join(dir, 'README'), 'readme\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** a git-like proxy: subcommands, an async "API call", files through the sandbox only */
const pushes: string[] = [];
const git = defineCommand({
  name: 'git',
  summary: 'a git proxy',
  help: 'Usage: git [-C DIR] (status|log|push|show FILE)\n',
  flags: { dir: flag.value('-C', (v) => v) },
  stopAtFirstOperand: true,
  async run(ctx, { flags, operands }) {
    const [sub, ...rest] = operands;
    switch (sub) {
      case 'status':
        await ctx.stdout.writeString(`on branch main in ${flags.dir ?? ctx.cwd} (${ctx.getEnv('GIT_USER') ?? 'anon'})\n`);
        return 0;
      case 'push':
        await new Promise((ok) => setTimeout(ok, 5)); // the embedder's API
        pushes.push(rest.join(' '));
        await ctx.stdout.writeString('pushed\n');
        return 0;
      case 'show': {
        const r = ctx.fs.readFile(rest[0] ?? '', 1 << 20);
        if (!r.ok) {
          await ctx.stderr.writeString(`git: ${rest[0]}: ${r.error.message}\n`);
          return 128;
        }
        await ctx.stdout.write(r.value);
        return 0;
      }
      default:
        await ctx.stderr.writeString(`git: '${sub ?? ''}' is not a git command\n`);
        return 1;
    }
  },
});

const runner = (opts: ConstructorParameters<typeof Runner>[0] = {}) =>
  new Runner({ allowedPaths: [dir], cwd: dir, allowedCommands: 'all', commands: { git }, env: { GIT_USER: 'ann' }, ...opts });

describe('custom commands', () => {
  it('run with the builtin context: flags, env, cwd, async work, the sandbox', async () => {
    const r = await runner().run('git status; git -C /x status; git push origin main; git show README; git show /etc/passwd; echo $?');
    expect(r.stdout).toBe(`on branch main in ${dir} (ann)\non branch main in /x (ann)\npushed\nreadme\n128\n`);
    expect(r.stderr).toMatch(/^git: \/etc\/passwd: /);
    expect(pushes).toEqual(['origin main']);
  });

  it('--help comes from the framework; help and type list the command', async () => {
    const r = await runner().run('git --help; type git; help git | head -1');
    expect(r.stdout).toBe('Usage: git [-C DIR] (status|log|push|show FILE)\ngit is git\nUsage: git [-C DIR] (status|log|push|show FILE)\n');
  });

  it('is gated by the allowed-commands list', async () => {
    const r = await runner({ allowedCommands: ['rshell:echo'] }).run('git status');
    expect([r.stderr, r.exitCode]).toEqual(['git: command not allowed\n', 127]);
    const ok = await runner({ allowedCommands: ['rshell:git'] }).run('git status');
    expect(ok.exitCode).toBe(0);
  });

  it('goes through rules, the approver and the audit like any command', async () => {
    const events: CommandEvent[] = [];
    const asked: string[][] = [];
    const r = await runner({
      rules: [{ match: 'git push', action: 'ask', reason: 'pushes need approval' }, { match: 'git * --force', action: 'deny' }],
      approve: ({ argv }) => {
        asked.push(argv);
        return argv.includes('main');
      },
      onCommand: (e) => events.push(e),
    }).run('git status; git -C . push origin dev; git push origin main; f() { git push origin main --force; }; f');
    expect(r.stdout).toBe(`on branch main in ${dir} (ann)\npushed\n`);
    expect(r.stderr).toBe('git push: refused by policy (not approved)\ngit push --force: refused by policy\n');
    expect(asked).toEqual([['git', '-C', '.', 'push', 'origin', 'dev'], ['git', 'push', 'origin', 'main']]);
    expect(events.map((e) => [e.argv[0], e.kind, e.decision, e.exitCode])).toEqual([
      ['git', 'command', 'allowed', 0],
      ['git', 'command', 'not-approved', 126],
      ['git', 'command', 'approved', 0],
      ['git', 'command', 'denied', 126],
      ['f', 'function', 'allowed', 126],
    ]);
  });

  it('wrappers reach it too: xargs, find -exec, command', async () => {
    const r = await runner({ rules: [{ match: 'git push', action: 'deny' }] }).run('echo push | xargs git; find README -exec git push {} \\;; command git push');
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('git push: refused by policy\n'.repeat(3));
  });

  it.each([
    [{ 'a b': git }, 'Commands: "a b" is not a usable command name'],
    [{ if: git }, 'Commands: "if" is not a usable command name'],
    [{ cd: git }, 'Commands: "cd" is a shell builtin and cannot be replaced'],
    [{ x: { name: 'x' } as unknown as Command }, 'Commands: "x" must be a command (defineCommand(...), or { name, summary, usage, run })'],
  ])('bad commands are an error at construction: %#', (commands, message) => {
    expect(() => new Runner({ commands })).toThrow(message);
  });

  it('may replace one of rshell\'s commands under its own name', async () => {
    const cat: Command = { name: 'cat', summary: 'mine', usage: '', run: async (ctx) => {
      await ctx.stdout.writeString('mine\n');
      return 0;
    } };
    const r = await runner({ commands: { cat } }).run('cat README');
    expect(r.stdout).toBe('mine\n');
  });
});
