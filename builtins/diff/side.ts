// -y/--side-by-side (GNU diffutils 3.8 src/side.c).

import type { Change, Text } from './analyze.js';
import type { FormatOptions, Out } from './format.js';

export interface SideOptions extends FormatOptions {
  width: number;
  leftColumn: boolean;
  suppressCommon: boolean;
}

export function printSideBySide(out: Out, o: SideOptions, t0: Text, t1: Text, script: Change[], checkAbort: () => void): void {
  void out; void o; void t0; void t1; void script; void checkAbort;
}
