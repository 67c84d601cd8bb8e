import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ss } from './index.js';
import { fixtureProc, runWithProc } from '../internal/proc/testing.js';
import { hasTool } from '../../tests/harness/proc-oracle.js';

const NET = fixtureProc('net');
const run = (args: string[]) => runWithProc(ss, args, NET);

describe('ss on the hand-made socket tables', () => {
  it("ss", async () => {
    const r = await run([]);
    expect(r.stdout).toBe("Netid State      Recv-Q Send-Q              Local Address:Port         Peer Address:Port  Process\nu_str ESTAB      0      0                               * 4002                    * 0            \nu_seq ESTAB      0      0      @abstract name with spaces 4004                    * 0            \nudp   ESTAB      0      0                       10.0.2.15:bootpc           10.0.2.2:bootps       \ntcp   ESTAB      0      36                      10.0.2.15:ssh              10.0.2.2:54321        \ntcp   CLOSE-WAIT 1      0                       10.0.2.15:50001       34.216.184.93:https        \ntcp   ESTAB      0      0              [::ffff:127.0.0.1]:3306   [::ffff:127.0.0.1]:40000        \ntcp   ESTAB      0      0                   [2001:db8::1]:https       [2001:db8::2]:57344        \n");
    expect(r.code).toBe(0);
  });
  it("ss -tln", async () => {
    const r = await run(["-tln"]);
    expect(r.stdout).toBe("State  Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\nLISTEN 0      0            0.0.0.0:22        0.0.0.0:*          \nLISTEN 3      0          127.0.0.1:5432      0.0.0.0:*          \nLISTEN 0      0                  *:80              *:*          \n");
    expect(r.code).toBe(0);
  });
  it("ss -tl", async () => {
    const r = await run(["-tl"]);
    expect(r.stdout).toBe("State  Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\nLISTEN 0      0            0.0.0.0:ssh       0.0.0.0:*          \nLISTEN 3      0          127.0.0.1:5432      0.0.0.0:*          \nLISTEN 0      0                  *:http            *:*          \n");
    expect(r.code).toBe(0);
  });
  it("ss -tuna", async () => {
    const r = await run(["-tuna"]);
    expect(r.stdout).toBe("Netid State      Recv-Q Send-Q      Local Address:Port        Peer Address:Port Process\nudp   UNCONN     0      0              127.0.0.53:53               0.0.0.0:*           \nudp   ESTAB      0      0               10.0.2.15:68              10.0.2.2:67          \ntcp   LISTEN     0      0                 0.0.0.0:22               0.0.0.0:*           \ntcp   LISTEN     3      0               127.0.0.1:5432             0.0.0.0:*           \ntcp   ESTAB      0      36              10.0.2.15:22              10.0.2.2:54321       \ntcp   TIME-WAIT  0      0               10.0.2.15:50000      34.216.184.93:443         \ntcp   CLOSE-WAIT 1      0               10.0.2.15:50001      34.216.184.93:443         \ntcp   LISTEN     0      0                       *:80                     *:*           \ntcp   ESTAB      0      0      [::ffff:127.0.0.1]:3306  [::ffff:127.0.0.1]:40000       \ntcp   ESTAB      0      0           [2001:db8::1]:443        [2001:db8::2]:57344       \n");
    expect(r.code).toBe(0);
  });
  it("ss -xa", async () => {
    const r = await run(["-xa"]);
    expect(r.stdout).toBe("Netid State  Recv-Q Send-Q              Local Address:Port Peer Address:PortProcess\nu_str LISTEN 0      0            /run/systemd/private 4001            * 0          \nu_str ESTAB  0      0                               * 4002            * 0          \nu_dgr UNCONN 0      0             /run/systemd/notify 4003            * 0          \nu_seq ESTAB  0      0      @abstract name with spaces 4004            * 0          \n");
    expect(r.code).toBe(0);
  });
  it("ss -xl -e", async () => {
    const r = await run(["-xl","-e"]);
    expect(r.stdout).toBe("Netid State  Recv-Q Send-Q        Local Address:Port Peer Address:PortProcess  \nu_str LISTEN 0      0      /run/systemd/private 4001            * 0    ino:4001\nu_dgr UNCONN 0      0       /run/systemd/notify 4003            * 0    ino:4003\n");
    expect(r.code).toBe(0);
  });
  it("ss -tan -o", async () => {
    const r = await run(["-tan","-o"]);
    expect(r.stdout).toBe("State      Recv-Q Send-Q      Local Address:Port        Peer Address:Port Process                   \nLISTEN     0      0                 0.0.0.0:22               0.0.0.0:*                              \nLISTEN     3      0               127.0.0.1:5432             0.0.0.0:*                              \nESTAB      0      36              10.0.2.15:22              10.0.2.2:54321 timer:(keepalive,15min,0)\nTIME-WAIT  0      0               10.0.2.15:50000      34.216.184.93:443   timer:(timewait,30sec,0) \nCLOSE-WAIT 1      0               10.0.2.15:50001      34.216.184.93:443   timer:(on,3sec,2)        \nLISTEN     0      0                       *:80                     *:*                              \nESTAB      0      0      [::ffff:127.0.0.1]:3306  [::ffff:127.0.0.1]:40000                          \nESTAB      0      0           [2001:db8::1]:443        [2001:db8::2]:57344                          \n");
    expect(r.code).toBe(0);
  });
  it("ss -tan6", async () => {
    const r = await run(["-tan6"]);
    expect(r.stdout).toBe("State  Recv-Q Send-Q      Local Address:Port       Peer Address:Port Process\nLISTEN 0      0                       *:80                    *:*           \nESTAB  0      0      [::ffff:127.0.0.1]:3306 [::ffff:127.0.0.1]:40000       \nESTAB  0      0           [2001:db8::1]:443       [2001:db8::2]:57344       \n");
    expect(r.code).toBe(0);
  });
  it("ss -tlH4", async () => {
    const r = await run(["-tlH4"]);
    expect(r.stdout).toBe("LISTEN 0      0        0.0.0.0:ssh  0.0.0.0:*\nLISTEN 3      0      127.0.0.1:5432 0.0.0.0:*\n");
    expect(r.code).toBe(0);
  });
  it("ss -ulnH", async () => {
    const r = await run(["-ulnH"]);
    expect(r.stdout).toBe("UNCONN 0      0      127.0.0.53:53 0.0.0.0:*\n");
    expect(r.code).toBe(0);
  });
  it("ss -s", async () => {
    const r = await run(["-s"]);
    expect(r.stdout).toBe("Total: 42\nTCP:   7 (estab 3, closed 0, orphaned 1, timewait 1)\n\nTransport Total     IP        IPv6\nRAW\t  1         1         0        \nUDP\t  2         2         0        \nTCP\t  8         5         3        \nINET\t  11        8         3        \nFRAG\t  0         0         0        \n\n");
    expect(r.code).toBe(0);
  });
  it("ss -tlne", async () => {
    const r = await run(["-tlne"]);
    expect(r.stdout).toBe("State  Recv-Q Send-Q Local Address:Port Peer Address:PortProcess                               \nLISTEN 0      0            0.0.0.0:22        0.0.0.0:*    ino:1001 sk:ffff888003fba5bb8        \nLISTEN 3      0          127.0.0.1:5432      0.0.0.0:*    uid:105 ino:1002 sk:ffff888003fba0000\nLISTEN 0      0                  *:80              *:*    uid:33 ino:2001 sk:ffff888004000000  \n");
    expect(r.code).toBe(0);
  });
  it('refuses what it cannot or must not do, with the reason', async () => {
    expect(await run(['-p'])).toMatchObject({ stderr: "ss: -p/--processes is refused: it would read every process's open file descriptors\n", code: 1 });
    expect(await run(['-K'])).toMatchObject({ stderr: 'ss: -K/--kill is refused: rshell does not close sockets\n', code: 1 });
    expect(await run(['-F', 'f'])).toMatchObject({ stderr: 'ss: -F/--filter is refused: it reads a file named on the command line\n', code: 1 });
    expect(await run(['-E'])).toMatchObject({ code: 1 });
    expect(await run(['-N', 'x'])).toMatchObject({ code: 1 });
    expect(await run(['-b'])).toMatchObject({ code: 1 });
    expect(await run(['-r'])).toMatchObject({ code: 1 });
    expect(await run(['-m'])).toMatchObject({ code: 1 });
    expect(await run(['-Z'])).toMatchObject({ code: 1 });
    expect(await run(['-w'])).toMatchObject({ stderr: 'ss: -w is not supported by rshell (supported: -t -u -x -l -a -n -4 -6 -s -H -o -e)\n', code: 1 });
    expect(await run(['state', 'established'])).toMatchObject({
      stderr: 'ss: filter expressions are not supported by rshell (pipe the output to grep instead)\n', code: 1,
    });
  });
  it('unknown options: getopt wording, usage, status 255', async () => {
    const r = await run(['-q']);
    expect(r.code).toBe(255);
    expect(r.stderr.startsWith("ss: invalid option -- 'q'\nUsage: ss [ OPTIONS ]\n")).toBe(true);
    expect((await run(['--bogus'])).stderr.startsWith("ss: unrecognized option '--bogus'\n")).toBe(true);
  });
  it('reads at most 100,000 sockets per table', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rshell-ss-'));
    try {
      fs.mkdirSync(path.join(root, 'net'));
      const line = '0000000000000000: 00000002 00000000 00000000 0001 01 4001 /run/x\n';
      fs.writeFileSync(path.join(root, 'net', 'unix'), 'Num       RefCount Protocol Flags    Type St Inode Path\n' + line.repeat(100_010));
      const r = await runWithProc(ss, ['-xaH'], root);
      expect(r.stdout.split('\n').length - 1).toBe(100_000);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
  it('an empty proc root lists no sockets', async () => {
    expect(await runWithProc(ss, ['-tln'], fixtureProc('empty'))).toMatchObject({
      stdout: 'State Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\n', code: 0,
    });
  });
});

/** live: the same sockets, columns and layout as iproute2 (which reads netlink); a listening
 * socket's Send-Q (backlog) is not in /proc, so that column is compared blanked */
describe.skipIf(process.platform !== 'linux' || !hasTool('ss'))('ss against iproute2 on the live host', () => {
  const blankSendQ = (s: string): string[] =>
    s.split('\n').map((l) => l.replace(/^((?:\S+ +)?LISTEN +\S+ +)(\S+)( *)/, (_m, a: string, q: string, sp: string) => a + ' '.repeat(q.length + sp.length)));
  for (const args of [['-tln'], ['-tlnH'], ['-ltn4'], ['-ltn6'], ['-tlnH4']]) {
    it(`ss ${args.join(' ')}`, async () => {
      const real = spawnSync('ss', args, { env: { LANG: 'C', PATH: '/usr/bin:/bin:/usr/sbin:/sbin' } }).stdout.toString();
      const ours = (await runWithProc(ss, args, '/proc')).stdout;
      expect(blankSendQ(ours).map((l) => l.replace(/ +$/, ''))).toEqual(blankSendQ(real).map((l) => l.replace(/ +$/, '')));
    });
  }
});
