// --json: ripgrep 13's JSON Lines messages. A file with a match gets `begin`, its `match` and
// `context` messages, then `end` with its stats; the run ends with `summary`. Text that is valid
// UTF-8 is `{"text":…}`, other bytes `{"bytes":BASE64}`, as rg writes them. Elapsed times cannot
// be reproduced: rshell writes them as zero (`"secs":0,"nanos":0,"human":"0.000000s"`), and
// scenarios compare rg's output with its times set to zero the same way.

import type { Match } from './matcher.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** a latin1-style byte string as rg's JSON data object */
export function jsonText(bytes: string): string {
  const buf = Buffer.from(bytes, 'latin1');
  try {
    return `{"text":${JSON.stringify(utf8.decode(buf))}}`;
  } catch {
    return `{"bytes":"${buf.toString('base64')}"}`;
  }
}

const ZERO_TIME = '{"secs":0,"nanos":0,"human":"0.000000s"}';

interface Totals {
  searches: number;
  withMatch: number;
  bytesSearched: number;
  bytesPrinted: number;
  matchedLines: number;
  matches: number;
}

export class FileJson {
  private out = '';
  private printed = 0;
  private bytes = 0;
  private began = false;

  constructor(
    private readonly path: string,
    private readonly totals: Totals,
  ) {}

  searched(bytes: number): void {
    this.bytes = bytes;
  }

  private emit(line: string): void {
    this.out += line;
    this.printed += Buffer.byteLength(line, 'utf8');
  }

  message(type: 'match' | 'context', line: string, lineNo: number, offset: number, matches: readonly Match[]): void {
    const p = jsonText(this.path);
    if (!this.began) {
      this.began = true;
      this.emit(`{"type":"begin","data":{"path":${p}}}\n`);
    }
    const subs = matches.map((m) => `{"match":${jsonText(m.groups[0] ?? '')},"start":${m.start},"end":${m.end}}`).join(',');
    this.emit(`{"type":"${type}","data":{"path":${p},"lines":${jsonText(line + '\n')},"line_number":${lineNo},"absolute_offset":${offset},"submatches":[${subs}]}}\n`);
  }

  done(matchedLines: number, matches: number, binaryOffset: number | null): void {
    // rg's summary counts only the searches that printed something
    if (!this.began) return;
    const t = this.totals;
    t.searches++;
    t.bytesSearched += this.bytes;
    t.matchedLines += matchedLines;
    t.matches += matches;
    if (matchedLines > 0) t.withMatch++;
    t.bytesPrinted += this.printed;
    const stats = `{"elapsed":${ZERO_TIME},"searches":1,"searches_with_match":${matchedLines > 0 ? 1 : 0},"bytes_searched":${this.bytes},"bytes_printed":${this.printed},"matched_lines":${matchedLines},"matches":${matches}}`;
    this.out += `{"type":"end","data":{"path":${jsonText(this.path)},"binary_offset":${binaryOffset ?? 'null'},"stats":${stats}}}\n`;
  }

  take(): string {
    const s = this.out;
    this.out = '';
    return s;
  }
}

export class JsonStats {
  private readonly totals: Totals = { searches: 0, withMatch: 0, bytesSearched: 0, bytesPrinted: 0, matchedLines: 0, matches: 0 };

  file(path: string): FileJson {
    return new FileJson(path, this.totals);
  }

  summary(): string {
    const t = this.totals;
    const zero = '{"human":"0.000000s","nanos":0,"secs":0}';
    return `{"data":{"elapsed_total":${zero},"stats":{"bytes_printed":${t.bytesPrinted},"bytes_searched":${t.bytesSearched},"elapsed":${zero},"matched_lines":${t.matchedLines},"matches":${t.matches},"searches":${t.searches},"searches_with_match":${t.withMatch}}},"type":"summary"}\n`;
  }
}
