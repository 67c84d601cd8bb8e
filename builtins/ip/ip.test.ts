import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ip } from './index.js';
import { addressLines, briefLink, linkHeader, routeLine } from './format.js';
import { runWithProc } from '../internal/proc/testing.js';
import { hasTool } from '../../tests/harness/proc-oracle.js';

const run = (args: string[]) => runWithProc(ip, args, '/proc');

describe('ip refusals and errors (Go rshell wording)', () => {
  const cases: Array<[string[], string, number]> = [
    [['route', 'restore', '10.0.0.0/8'], 'ip: route: restore: write operations are not permitted\n', 1],
    [['route', 'add', '10.0.0.0/8', 'via', '192.168.1.1'], 'ip: route: add: write operations are not permitted\n', 1],
    [['route', 'GET'], 'Command "GET" is unknown, try "ip route help".\n', 255],
    [['addr', 'show', 'dev', 'nonexistent-iface-xyz'], 'ip: cannot find device "nonexistent-iface-xyz"\n', 1],
    [['route', 'get', '8.8.8.8', 'from', '10.0.0.5'], 'ip: route get: unsupported argument "from"\n', 1],
    [['route', 'get', '192.168.010.1'], 'ip: route get: invalid address "192.168.010.1"\n', 1],
    [['foobar'], 'ip: object "foobar" is not supported\nSupported objects: addr, link, route\n', 1],
    [['addr', 'add', '10.0.0.1/24', 'dev', 'lo'], "ip: 'ip addr add' is not supported (write operations are blocked for safety)\n", 1],
    [['link', 'set', 'lo', 'down'], "ip: 'ip link set' is not supported (write operations are blocked for safety)\n", 1],
    [['addr', 'show', 'dev'], "ip: 'dev' requires an interface name argument\n", 1],
    [['-o', 'route', 'show'], 'ip: route: -o/--oneline and --brief flags are not supported for route output\n', 1],
    [['--force', 'addr', 'show'], 'ip: unknown flag: --force\n', 1],
    [['netns', 'exec', 'x', 'sh'], "ip: 'netns' subcommand is blocked (shell escape vector via 'ip netns exec')\n", 1],
    [['-b', '/tmp/cmds', 'addr'], "ip: unknown shorthand flag: 'b' in -b\n", 1],
    [['-n', 'ns', 'addr'], "ip: unknown shorthand flag: 'n' in -n\n", 1],
    [['addr', 'show', 'type', 'x'], 'ip: unknown token "type" after \'ip addr show\'\n', 1],
  ];
  for (const [args, stderr, code] of cases) {
    it(`ip ${args.join(' ')}`, async () => {
      expect(await run(args)).toMatchObject({ stdout: '', stderr, code });
    });
  }
  it("a lone '-' is a prefix of -help, as iproute2 reads it: the usage on stderr, status 255", async () => {
    const r = await run(['-']);
    expect(r).toMatchObject({ stdout: '', code: 255 });
    expect(r.stderr).toMatch(/^Usage: ip /);
  });
  it('--help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: ip');
  });
});

describe('ip layouts', () => {
  const lo = {
    index: 1, name: 'lo', flags: 0x9, mtu: 65536, operstate: 'UNKNOWN', address: '00:00:00:00:00:00',
    broadcast: '00:00:00:00:00:00', txqlen: 1000, type: 772, carrier: true, linkMode: 0, group: 0, qdisc: 'noqueue',
  };
  const eth = { ...lo, index: 2, name: 'eth0', flags: 0x1003, mtu: 1500, operstate: 'UP', address: '52:54:00:12:34:56',
    broadcast: 'ff:ff:ff:ff:ff:ff', type: 1, carrier: false, qdisc: 'fq_codel' };
  it('link headers and flags (NO-CARRIER when up without carrier)', () => {
    expect(linkHeader(lo, true)).toBe('1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000');
    expect(linkHeader(eth, false)).toBe('2: eth0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 qdisc fq_codel state UP group default qlen 1000');
    expect(briefLink(eth)).toBe('eth0             UP             52:54:00:12:34:56 <NO-CARRIER,BROADCAST,MULTICAST,UP> \n');
  });
  it('address lines', () => {
    expect(addressLines({ family: 4, ifname: 'eth0', address: '10.1.2.3', prefix: 20, scope: 'global', flags: 0x80 }, eth)[0])
      .toBe('    inet 10.1.2.3/20 brd 10.1.15.255 scope global eth0');
    expect(addressLines({ family: 6, ifname: 'eth0', address: '2001:db8::5', prefix: 64, scope: 'global', flags: 0x00 }, eth)[0])
      .toBe('    inet6 2001:db8::5/64 scope global dynamic ');
    expect(addressLines({ family: 6, ifname: 'eth0', address: 'fe80::1', prefix: 64, scope: 'link', flags: 0xc0 }, eth)[0])
      .toBe('    inet6 fe80::1/64 scope link tentative ');
  });
  it('route lines', () => {
    expect(routeLine({ ifname: 'eth0', destination: '0.0.0.0', gateway: '10.0.0.1', flags: 3, metric: 100, prefix: 0, src: undefined }))
      .toBe('default via 10.0.0.1 dev eth0 metric 100 \n');
    expect(routeLine({ ifname: 'eth0', destination: '10.0.0.0', gateway: '0.0.0.0', flags: 1, metric: 0, prefix: 8, src: '10.0.0.5' }))
      .toBe('10.0.0.0/8 dev eth0 proto kernel scope link src 10.0.0.5 \n');
    expect(routeLine({ ifname: 'tun0', destination: '10.9.9.9', gateway: '0.0.0.0', flags: 5, metric: 0, prefix: 32, src: undefined }))
      .toBe('10.9.9.9 dev tun0 scope link \n');
  });
});

/** live parity with iproute2 (stable output: addresses, links, routes) */
describe.skipIf(process.platform !== 'linux' || !hasTool('ip'))('ip against iproute2 on the live host', () => {
  for (const args of [['addr'], ['link'], ['route'], ['-br', 'addr'], ['-br', 'link'], ['-o', 'addr'], ['-o', 'link'],
    ['-4', 'addr'], ['-6', 'addr'], ['-j', 'addr'], ['-j', 'link'], ['-j', 'route'], ['-j', '-br', 'addr'],
    ['addr', 'show', 'dev', 'lo'], ['link', 'show', 'lo'], ['a'], ['r'], ['-j', '-4', 'addr'], ['route', 'get', '127.0.0.1'],
    ['route', 'get', '8.8.8.8']]) {
    it(`ip ${args.join(' ')}`, async () => {
      const real = spawnSync('ip', args, { env: { LANG: 'C', PATH: '/usr/sbin:/usr/bin:/sbin:/bin' } });
      const ours = await run(args);
      expect({ out: ours.stdout, code: ours.code }).toEqual({ out: real.stdout.toString(), code: real.status });
    });
  }
});
