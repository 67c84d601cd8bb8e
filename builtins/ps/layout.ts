// procps's column layout: one space between columns; a value wider than its column pushes the rest
// of the line right, and the following columns give the excess back out of their padding (that is
// how `ps aux` keeps TTY aligned after a 9-digit VSZ). The last column is never padded on the right.

import type { Field } from './fields.js';

export interface Column {
  field: Field;
  header: string;
  width: number;
}

function fitColumn(col: Column, text: string, last: boolean): string {
  if (last) return text;
  if (col.field.user === true && text.length > col.width) return text.slice(0, col.width - 1) + '+';
  // commands in a middle column are cut to the width, as procps does
  if (col.field.align === 'left' && col.width >= 8 && text.length > col.width && /COMMAND|CMD/.test(col.header)) {
    return text.slice(0, col.width);
  }
  return text;
}

/** one output line from each column's text */
export function layoutLine(cols: readonly Column[], texts: readonly string[]): string {
  let line = '';
  let debt = 0;
  for (let i = 0; i < cols.length; i++) {
    const col = cols[i]!;
    const last = i === cols.length - 1;
    const text = fitColumn(col, texts[i] ?? '', last);
    if (i > 0) line += ' ';
    let pad = col.width - text.length;
    if (pad < 0) {
      debt += -pad;
      pad = 0;
    } else {
      const give = Math.min(pad, debt);
      pad -= give;
      debt -= give;
    }
    if (col.field.align === 'right') line += ' '.repeat(pad) + text;
    else line += last ? text : text + ' '.repeat(pad);
  }
  return line + '\n';
}
