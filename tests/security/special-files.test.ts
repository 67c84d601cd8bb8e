// FIFOs and devices: nothing hangs, nothing is unbounded, exceptions are exact.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, deviceList, errorText } from '../../allowedpaths/index.js';
import { expectOutsideUntouched, expectRefused, makeWorld, readAll, type World } from './fixture.js';

let w: World;
afterEach(() => w?.cleanup());

/**
 * A process holding the FIFO open for writing (O_RDWR, so its own open does not block), which
 * writes `data` after `delayMs` and exits. Resolves once the FIFO is open.
 */
async function startWriter(fifo: string, delayMs: number, data: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', `
    const fs = require('fs'); const fd = fs.openSync(${JSON.stringify(fifo)}, 'r+');
    process.stdout.write('open\\n');
    setTimeout(() => { if (${JSON.stringify(data)}) fs.writeSync(fd, ${JSON.stringify(data)}); fs.closeSync(fd); }, ${delayMs});`]);
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return child;
}

function mkfifo(p: string): void {
  execFileSync('mkfifo', [p]);
}

describe('FIFOs', () => {
  it('a FIFO with no writer reads as EOF at once', async () => {
    w = makeWorld();
    mkfifo(path.join(w.root, 'fifo'));
    const t0 = Date.now();
    const r = w.fs.open('fifo');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.info.type).toBe('fifo');
    expect(await readAll(r.value)).toBe('');
    expect(Date.now() - t0).toBeLessThan(1000);
    const f = w.fs.readFile('fifo', 100);
    expect(f.ok && f.value.length).toBe(0);
  });

  it('a FIFO with a slow writer is read asynchronously, completely', async () => {
    w = makeWorld();
    const fifo = path.join(w.root, 'fifo');
    mkfifo(fifo);
    // the writer opens first so our non-blocking open sees a writer and waits for data
    const writer = await startWriter(fifo, 150, 'late data\n');
    const r = w.fs.open('fifo');
    if (!r.ok) throw new Error(r.error.message);
    const cpu0 = process.cpuUsage();
    const first = r.value.read();
    expect(first).toBeInstanceOf(Promise);
    const head = Buffer.from((await first) ?? new Uint8Array()).toString();
    expect(head + (await readAll(r.value))).toBe('late data\n');
    const cpu = process.cpuUsage(cpu0);
    expect(cpu.user + cpu.system).toBeLessThan(100_000); // polling on timers, not spinning
    writer.kill();
  });

  it('a pending FIFO read rejects when the signal aborts', async () => {
    w = makeWorld();
    const fifo = path.join(w.root, 'fifo');
    mkfifo(fifo);
    const writer = await startWriter(fifo, 5000, '');
    const ac = new AbortController();
    const r = w.fs.open('fifo', { signal: ac.signal });
    if (!r.ok) throw new Error(r.error.message);
    const pending = r.value.read();
    setTimeout(() => ac.abort(new Error('timed out')), 50);
    await expect(pending).rejects.toThrow('timed out');
    r.value.close();
    writer.kill();
  });

  it('closing a reader ends a pending read with EOF', async () => {
    w = makeWorld();
    const fifo = path.join(w.root, 'fifo');
    mkfifo(fifo);
    const writer = await startWriter(fifo, 5000, '');
    const r = w.fs.open('fifo');
    if (!r.ok) throw new Error(r.error.message);
    const pending = r.value.read();
    setTimeout(() => r.value.close(), 30);
    expect(await pending).toBe(null);
    writer.kill();
  });
});

describe('devices', () => {
  it('the exception list is exactly null, zero, random, urandom', () => {
    expect(deviceList().map((d) => `${d.path}:${d.writable ? 'rw' : 'r'}`)).toEqual([
      '/dev/null:rw', '/dev/zero:r', '/dev/random:r', '/dev/urandom:r',
    ]);
  });
  it.each(['/dev/zero', '/dev/urandom', '/dev/random'])('%s reads in bounded 64 KiB chunks', (dev) => {
    w = makeWorld();
    const r = w.fs.open(dev);
    if (!r.ok) throw new Error(r.error.message);
    let total = 0;
    for (let i = 0; i < 4; i++) {
      const c = r.value.read();
      expect(c).toBeInstanceOf(Uint8Array);
      expect((c as Uint8Array).length).toBeLessThanOrEqual(65536);
      total += (c as Uint8Array).length;
    }
    r.value.close();
    expect(total).toBeGreaterThan(0);
    const whole = w.fs.readFile(dev, 1000);
    expectRefused(whole, 'EINVAL');
  });
  it.each(['//dev//null', '/dev/./null'])('%s is /dev/null', (p) => {
    w = makeWorld();
    expect(w.fs.stat(p).ok).toBe(true);
  });
  it.each(['/dev/../dev/null', '/dev/full', '/dev/tty', '/dev/mem', '/dev/kmsg', '/dev/shm', '/dev/null/', '/dev'])('%s is not an exception', (p) => {
    w = makeWorld();
    expectRefused(w.fs.open(p));
    expectRefused(w.fs.stat(p));
  });
  it('a link inside a root to /dev/zero reads zeros, and stays read-only', () => {
    w = makeWorld();
    fs.symlinkSync('/dev/zero', path.join(w.root, 'z'));
    const r = w.fs.open('z');
    if (!r.ok) throw new Error(r.error.message);
    expect((r.value.read() as Uint8Array)[0]).toBe(0);
    r.value.close();
  });
  it('/dev/null stat is a char device; readdir is ENOTDIR', () => {
    w = makeWorld();
    const st = w.fs.stat('/dev/null');
    expect(st.ok && st.value.type).toBe('char');
    expectRefused(w.fs.readdir('/dev/null'), 'ENOTDIR');
    expect(w.fs.access('/dev/null', 'w')).toBe(true);
    expect(w.fs.access('/dev/zero', 'w')).toBe(false);
    expect(w.fs.access('/dev/zero', 'r')).toBe(true);
  });
  it('a regular file named like a device inside a root is just a file', () => {
    w = makeWorld();
    fs.mkdirSync(path.join(w.root, 'dev'));
    fs.writeFileSync(path.join(w.root, 'dev', 'null'), 'not a device\n');
    const r = w.fs.readFile('dev/null', 100);
    expect(r.ok && Buffer.from(r.value).toString()).toBe('not a device\n');
  });
  it('directories read as EISDIR', () => {
    w = makeWorld();
    for (const p of ['dir', '.', '..' + path.sep + 'root', w.root, `${w.root}/`]) {
      const r = w.fs.open(p);
      if (!r.ok) throw new Error(`${p}: ${r.error.message}`);
      expect(r.value.read()).toBe(null);
      expect(r.value.error && errorText(r.value.error)).toBe('Is a directory');
      r.value.close();
      expectRefused(w.fs.readFile(p, 100), 'EISDIR');
    }
    expectOutsideUntouched(w);
  });
  it('sockets inside a root do not open', async () => {
    w = makeWorld();
    const net = await import('node:net');
    const sock = path.join(w.root, 'sock');
    const server = net.createServer().listen(sock);
    await new Promise((r) => server.once('listening', r));
    const r = w.fs.open('sock');
    expectRefused(r, 'ENXIO');
    const st = w.fs.stat('sock');
    expect(st.ok && st.value.type).toBe('socket');
    server.close();
  });
});

describe('lifecycle', () => {
  it('a closed sandbox refuses everything and never reuses descriptors', () => {
    w = makeWorld();
    w.sandbox.close();
    // open some unrelated fds that may get the old root fd numbers
    const fds = [fs.openSync('/etc/passwd', 'r'), fs.openSync('/etc/hostname', 'r')];
    try {
      expectRefused(w.fs.open('hello.txt'));
      expectRefused(w.fs.open(`${w.root}/hello.txt`));
      expectRefused(w.fs.stat('.'));
      expect(w.sandbox.contains(w.root)).toBe(false);
    } finally {
      for (const fd of fds) fs.closeSync(fd);
    }
  });
  it('no roots: nothing is reachable', () => {
    w = makeWorld();
    const sb = createSandbox([]);
    const f = sb.at(w.root);
    expectRefused(f.open('hello.txt'));
    expectRefused(f.open(`${w.root}/hello.txt`));
    expectRefused(f.stat('/'));
    expect(f.readFile('/dev/null', 1).ok).toBe(true);
    sb.close();
  });
  it('contains() accepts roots and their subdirectories only', () => {
    w = makeWorld();
    expect(w.sandbox.contains(w.root)).toBe(true);
    expect(w.sandbox.contains(`${w.root}/dir/deep`)).toBe(true);
    expect(w.sandbox.contains(`${w.root}/hello.txt`)).toBe(false);
    expect(w.sandbox.contains(w.base)).toBe(false);
    expect(w.sandbox.contains(w.outside)).toBe(false);
    expect(w.sandbox.contains('/')).toBe(false);
  });
  it('a cwd that was removed and recreated is re-resolved', () => {
    w = makeWorld({ mode: 'remediation' });
    const sub = w.sandbox.at(`${w.root}/dir/deep`);
    expect(sub.readFile('x.txt', 100).ok).toBe(true);
    fs.rmSync(path.join(w.root, 'dir'), { recursive: true });
    expectRefused(sub.readFile('x.txt', 100), 'ENOENT');
    fs.mkdirSync(path.join(w.root, 'dir', 'deep'), { recursive: true });
    fs.writeFileSync(path.join(w.root, 'dir', 'deep', 'x.txt'), 'again\n');
    const again = sub.readFile('x.txt', 100);
    expect(again.ok && Buffer.from(again.value).toString()).toBe('again\n');
  });
  it('a cwd swapped for a link to outside is not followed', () => {
    w = makeWorld();
    addCanaryFile();
    const sub = w.sandbox.at(`${w.root}/dir`);
    expect(sub.readFile('file.txt', 100).ok).toBe(true);
    fs.renameSync(path.join(w.root, 'dir'), path.join(w.root, 'dir.old'));
    fs.symlinkSync(w.outside, path.join(w.root, 'dir'));
    expectRefused(sub.readFile('secret.txt', 100));
    expectOutsideUntouched(w);
  });
});

function addCanaryFile(): void {
  // secret.txt already exists outside; nothing to add
}
