// seq's formats: GNU's width/precision inference from the operands' spelling (scan_arg,
// get_default_format) and the validation of a user -f FORMAT (one floating directive).

import type { Conversion } from './longdouble.js';

export interface OperandShape {
  /** digits after the decimal point (adjusted for an exponent); undefined = "INT_MAX" (hex floats) */
  precision: number | undefined;
  /** printed width, 0 when unknown */
  width: number;
}

/** GNU scan_arg's precision and width for one operand (value already known to be valid) */
export function operandShape(text: string, finite: boolean): OperandShape {
  const arg = text.replace(/^[ \t\n\v\f\r+]*/, '');
  let precision: number | undefined;
  let width = 0;
  const dot = arg.indexOf('.');
  if (dot < 0 && !arg.includes('p')) precision = 0;
  if (!/[xX]/.test(arg) && finite) {
    let fractionLen = 0;
    width = arg.length;
    if (dot >= 0) {
      const afterDot = arg.slice(dot + 1);
      const eAt = afterDot.search(/[eE]/);
      fractionLen = eAt < 0 ? afterDot.length : eAt;
      precision = fractionLen;
      width += fractionLen === 0 ? -1 : dot === 0 || !/[0-9]/.test(arg[dot - 1]!) ? 1 : 0;
    }
    let eAt = arg.indexOf('e');
    if (eAt < 0) eAt = arg.indexOf('E');
    if (eAt >= 0) {
      const exponentText = /^[+-]?\d+/.exec(arg.slice(eAt + 1));
      let exponent = exponentText === null ? 0 : Number(exponentText[0]);
      const prec = precision ?? 0;
      precision = prec + (exponent < 0 ? -exponent : -Math.min(prec, exponent));
      width -= arg.length - eAt;
      if (exponent < 0) {
        if (dot >= 0) {
          if (eAt === dot + 1) width++;
        } else {
          width++;
        }
        exponent = -exponent;
      } else {
        if (dot >= 0 && precision === 0 && fractionLen > 0) width--;
        // digits the exponent moves out of the fraction widen the integer part
        exponent -= Math.min(prec, exponent);
      }
      width += exponent;
    }
  }
  return { precision, width };
}

export interface Layout {
  prefix: string;
  suffix: string;
  conversion: Conversion;
}

/** GNU get_default_format: "%.PRECLf", "%0W.PRECLf" for -w, else "%Lg" */
export function defaultLayout(first: OperandShape, step: OperandShape, last: OperandShape, equalWidth: boolean): Layout {
  const make = (c: Partial<Conversion> & { conv: string }): Layout => ({
    prefix: '',
    suffix: '',
    conversion: { flags: c.flags ?? '', width: c.width, precision: c.precision, conv: c.conv },
  });
  if (first.precision !== undefined && step.precision !== undefined && last.precision !== undefined) {
    const prec = Math.max(first.precision, step.precision);
    if (equalWidth) {
      let firstWidth = first.width + (prec - first.precision);
      let lastWidth = last.width + (prec - last.precision);
      if (last.precision && prec === 0) lastWidth--;
      if (last.precision === 0 && prec) lastWidth++;
      if (first.precision === 0 && prec) firstWidth++;
      return make({ flags: '0', width: Math.max(firstWidth, lastWidth), precision: prec, conv: 'f' });
    }
    return make({ precision: prec, conv: 'f' });
  }
  return make({ conv: 'g' });
}

export type FormatCheck = { ok: true; layout: Layout } | { ok: false; message: string };

/** printf's "%%" in the literal parts */
function literal(s: string): string {
  return s.replace(/%%/g, '%');
}

/** GNU long_double_format: exactly one of %e %f %g %a (any case), with flags, width, precision */
export function parseUserFormat(fmt: string, quoted: string): FormatCheck {
  let i = 0;
  for (;;) {
    if (i >= fmt.length) return { ok: false, message: `format ${quoted} has no % directive` };
    if (fmt[i] === '%' && fmt[i + 1] !== '%') break;
    i += fmt[i] === '%' ? 2 : 1;
  }
  const prefix = fmt.slice(0, i);
  i++;
  // these patterns match every string (maybe with nothing)
  const flagsMatch = /^[-+#0 ']*/.exec(fmt.slice(i))![0];
  i += flagsMatch.length;
  const widthMatch = /^\d*/.exec(fmt.slice(i))![0];
  i += widthMatch.length;
  let precision: number | undefined;
  if (fmt[i] === '.') {
    i++;
    const p = /^\d*/.exec(fmt.slice(i))![0];
    i += p.length;
    precision = p === '' ? 0 : Number(p);
  }
  if (fmt[i] === 'L') i++;
  if (i >= fmt.length) return { ok: false, message: `format ${quoted} ends in %` };
  const conv = fmt[i]!;
  if (!'efgaEFGA'.includes(conv)) return { ok: false, message: `format ${quoted} has unknown %${conv} directive` };
  const rest = fmt.slice(i + 1);
  for (let k = 0; k < rest.length; k += rest[k] === '%' ? 2 : 1) {
    if (rest[k] === '%' && rest[k + 1] !== '%') return { ok: false, message: `format ${quoted} has too many % directives` };
  }
  return {
    ok: true,
    layout: {
      prefix: literal(prefix),
      suffix: literal(rest),
      conversion: {
        flags: flagsMatch.replace(/'/g, ''),
        width: widthMatch === '' ? undefined : Number(widthMatch),
        precision,
        conv,
      },
    },
  };
}
