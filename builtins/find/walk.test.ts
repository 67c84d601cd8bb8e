// The walk through open directories (DirHandle): order, depth past the held-directory limit,
// names that are not UTF-8, output batched around -exec and errors — each against GNU find.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'vitest';
import { expectSameAsGnu } from '../../tests/harness/gnu-tools.js';
import { find } from './index.js';

const setup = (dir: string): void => {
  // 300 levels: deeper than the walk holds directories open (256), so it switches to paths
  let deep = path.join(dir, 'deep');
  for (let i = 0; i < 300; i++) deep = path.join(deep, 'd');
  fs.mkdirSync(deep, { recursive: true });
  fs.writeFileSync(path.join(deep, 'bottom.log'), '');
  // a wide directory, listed in readdir order
  fs.mkdirSync(path.join(dir, 'wide'));
  for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(dir, 'wide', `f${i}${i % 3 === 0 ? '.log' : '.txt'}`), '');
  // names that are not UTF-8
  fs.mkdirSync(Buffer.from(`${dir}/raw\xfedir`, 'latin1'));
  fs.writeFileSync(Buffer.from(`${dir}/raw\xfedir/in\xff.log`, 'latin1'), '');
  fs.symlinkSync('wide', path.join(dir, 'wlink'));
  for (const n of ['.log', 'x.LOG', 'log', 'a.log.txt', 'b..log']) fs.writeFileSync(path.join(dir, n), '');
};

const same = (args: string[]) => expectSameAsGnu(find, args, { setup });

describe('find walks open directories like GNU', () => {
  it.each([
    [['.', '-name', '*.log']],
    [['.', '-maxdepth', '1', '-name', '*log', '-o', '-path', '*.txt', '-o', '-iname', '*.LOG']],
    [['.', '-type', 'f', '-name', 'f1*']],
    [['deep', '-name', 'bottom.log']],
    [['deep', '-mindepth', '299', '-maxdepth', '301']],
    [['.', '-depth', '-name', 'raw*']],
    [['.', '-path', './raw*', '-print']],
    [['wide', '-name', 'f1?.log', '-print', '-printf', 'x %p %d\\n']],
    [['.', '-name', 'wide', '-prune', '-o', '-name', '*.log', '-print']],
    [['.', '-size', '-1', '-name', 'f69*']],
    [['wlink', 'wlink/', '-name', 'f5.txt']],
    [['-L', '.', '-name', 'f6*.txt']],
    [['.', 'nosuch', '-name', 'f7.txt']],
  ])('find %j', async (args) => {
    await same(args);
  });
});
