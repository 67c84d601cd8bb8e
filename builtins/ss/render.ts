// iproute2 ss's column renderer (misc/ss.c render_calc_width + render): every column is as wide as
// its widest token (plus its left delimiter when it is not the first shown column); right-aligned
// columns pad on the left, left-aligned ones on the right, including the last one.

export interface SsColumn {
  header: string;
  align: 'left' | 'right';
  /** printed before the token when the line has already started */
  delim: string;
  enabled: boolean;
}

/** ss's columns in order (a row's tokens follow it); Netid only when asked */
export function ssColumns(netid: boolean): SsColumn[] {
  return [
    { header: 'Netid', align: 'left', delim: '', enabled: netid },
    { header: 'State', align: 'left', delim: ' ', enabled: true },
    { header: 'Recv-Q', align: 'left', delim: ' ', enabled: true },
    { header: 'Send-Q', align: 'left', delim: ' ', enabled: true },
    { header: 'Local Address:', align: 'right', delim: ' ', enabled: true },
    { header: 'Port', align: 'left', delim: '', enabled: true },
    { header: 'Peer Address:', align: 'right', delim: ' ', enabled: true },
    { header: 'Port', align: 'left', delim: '', enabled: true },
    { header: 'Process', align: 'left', delim: '', enabled: true },
  ];
}

/** rows hold one token per column (disabled columns' tokens are ignored) */
export function render(cols: SsColumn[], rows: string[][], header: boolean): string {
  const all = header ? [cols.map((c) => c.header), ...rows] : rows;
  const shown = cols.map((c, i) => ({ c, i })).filter((x) => x.c.enabled);
  const widths = new Map<number, number>();
  let first = true;
  for (const { c, i } of shown) {
    let max = 0;
    for (const r of all) max = Math.max(max, (r[i] ?? '').length);
    const w = !first && max > 0 ? max + c.delim.length : max;
    widths.set(i, w);
    if (w > 0) first = false;
  }
  let out = '';
  for (const r of all) {
    let line = '';
    let started = false;
    for (const { c, i } of shown) {
      const width = widths.get(i) ?? 0;
      const token = r[i] ?? '';
      let printed = 0;
      if (started) {
        line += c.delim;
        printed = c.delim.length;
      }
      started = true;
      if (width > 0 && c.align === 'right') {
        const s = width - token.length - printed;
        if (s > 0) { line += ' '.repeat(s); printed += s; }
      }
      line += token;
      printed += token.length;
      if (width > 0 && c.align === 'left' && width - printed > 0) line += ' '.repeat(width - printed);
    }
    out += line + '\n';
  }
  return out;
}
