// jq 1.7.1's libm builtins (src/libm.h): one-argument functions of `.`, and two/three-argument
// ones of their arguments (the input ignored), each with jq's "number required" error.

import { valueOnly, type Compiled, type Emit, type Env, type Native } from './compile.js';
import { isNum, typeError } from './ops.js';
import { numberOf, type Json } from './value.js';

const need = (v: Json): number => {
  if (!isNum(v)) throw typeError(v, 'number required');
  return numberOf(v);
};

function gamma(x: number): number {
  // Lanczos approximation (g = 7)
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
  const c = [0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.61571826816316, 12.507343278686905, -0.13857109526572012, 9.984369578019572e-06, 1.5056327351493116e-07];
  const z = x - 1;
  let a = c[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (z + i);
  return Math.sqrt(2 * Math.PI) * t ** (z + 0.5) * Math.exp(-t) * a;
}

function lgamma(x: number): number {
  if (x === 1 || x === 2) return 0;
  if (x <= 0 && Number.isInteger(x)) return Infinity;
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
  const c = [0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.61571826816316, 12.507343278686905, -0.13857109526572012, 9.984369578019572e-06, 1.5056327351493116e-07];
  const z = x - 1;
  let a = c[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

function erf(x: number): number {
  // Abramowitz-Stegun 7.1.26 refined by a series near 0
  if (Math.abs(x) < 0.5) {
    let sum = x;
    let term = x;
    for (let n = 1; n < 30; n++) {
      term *= (-x * x) / n;
      sum += term / (2 * n + 1);
    }
    return (2 / Math.sqrt(Math.PI)) * sum;
  }
  return 1 - erfc(x);
}

function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x < 0.5) return 1 - erf(x);
  // continued fraction
  let f = 0;
  for (let n = 60; n >= 1; n--) f = (n / 2) / (x + f);
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / (x + f);
}

function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let e = Math.max(-1073, Math.floor(Math.log2(Math.abs(x))) + 1);
  let m = x * 2 ** -e;
  while (Math.abs(m) < 0.5) {
    m *= 2;
    e--;
  }
  while (Math.abs(m) >= 1) {
    m /= 2;
    e++;
  }
  return [m, e];
}

function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

const ONE: Record<string, (x: number) => number> = {
  acos: Math.acos, acosh: Math.acosh, asin: Math.asin, asinh: Math.asinh, atan: Math.atan, atanh: Math.atanh,
  cbrt: Math.cbrt, ceil: Math.ceil, cos: Math.cos, cosh: Math.cosh, erf, erfc, exp: Math.exp,
  exp10: (x) => 10 ** x, exp2: (x) => 2 ** x, expm1: Math.expm1, fabs: Math.abs, floor: Math.floor,
  gamma: lgamma, lgamma, tgamma: gamma, log: Math.log, log10: Math.log10, log1p: Math.log1p, log2: Math.log2,
  logb: (x) => (x === 0 ? -Infinity : Number.isFinite(x) ? (frexp(x)[1] as number) - 1 : Math.abs(x)),
  nearbyint: roundHalfEven, rint: roundHalfEven, pow10: (x) => 10 ** x,
  round: (x) => (x < 0 ? -Math.round(-x) : Math.round(x)),
  significand: (x) => (x === 0 || !Number.isFinite(x) ? x : (frexp(x)[0] as number) * 2),
  sin: Math.sin, sinh: Math.sinh, sqrt: Math.sqrt, tan: Math.tan, tanh: Math.tanh, trunc: Math.trunc,
  j0: (x) => besselJ(0, x), j1: (x) => besselJ(1, x), y0: (x) => besselY(0, x), y1: (x) => besselY(1, x),
};

function besselJ(n: number, x: number): number {
  // integral representation, Simpson's rule
  const steps = 2000;
  let s = 0;
  for (let i = 0; i <= steps; i++) {
    const t = (Math.PI * i) / steps;
    const w = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
    s += w * Math.cos(n * t - x * Math.sin(t));
  }
  return (s * (Math.PI / steps)) / 3 / Math.PI;
}

function besselY(n: number, x: number): number {
  if (x <= 0) return x === 0 ? -Infinity : Number.NaN;
  const steps = 2000;
  let s = 0;
  for (let i = 0; i <= steps; i++) {
    const t = (Math.PI * i) / steps;
    const w = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
    s += w * Math.sin(x * Math.sin(t) - n * t);
  }
  const first = (s * (Math.PI / steps)) / 3 / Math.PI;
  let s2 = 0;
  const upper = 30;
  const h = upper / steps;
  for (let i = 0; i <= steps; i++) {
    const t = i * h;
    const w = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
    s2 += w * (Math.exp(n * t) + (n % 2 === 0 ? 1 : -1) * Math.exp(-n * t)) * Math.exp(-x * Math.sinh(t));
  }
  return first - (s2 * h) / 3 / Math.PI;
}

const TWO: Record<string, (a: number, b: number) => number> = {
  atan2: Math.atan2,
  copysign: (a, b) => (Math.sign(b) < 0 || Object.is(b, -0) ? -Math.abs(a) : Math.abs(a)),
  drem: (a, b) => a - b * roundHalfEven(a / b),
  remainder: (a, b) => a - b * roundHalfEven(a / b),
  fdim: (a, b) => (a > b ? a - b : 0),
  fmax: (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b)),
  fmin: (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b)),
  fmod: (a, b) => a % b,
  hypot: Math.hypot,
  ldexp: (a, b) => a * 2 ** Math.trunc(b),
  scalb: (a, b) => a * 2 ** b,
  scalbln: (a, b) => a * 2 ** Math.trunc(b),
  nextafter: nextafter,
  nexttoward: nextafter,
  pow: (a, b) => a ** b,
  jn: (n, x) => besselJ(Math.trunc(n), x),
  yn: (n, x) => besselY(Math.trunc(n), x),
};

function nextafter(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  if (a === b) return b;
  if (a === 0) return b > 0 ? 5e-324 : -5e-324;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, a);
  let bits = buf.getBigInt64(0);
  bits += (b > a) === (a > 0) ? 1n : -1n;
  buf.setBigInt64(0, bits);
  return buf.getFloat64(0);
}

/** the math natives, keyed name/arity */
export function math(): Record<string, Native> {
  const out: Record<string, Native> = {};
  for (const [name, f] of Object.entries(ONE)) out[`${name}/0`] = () => valueOnly((input, _e, emit) => emit(f(need(input))));
  for (const [name, f] of Object.entries(TWO)) {
    out[`${name}/2`] = ([a, b]) =>
      valueOnly((input: Json, env: Env, emit: Emit) =>
        (b as Compiled).run(input, env, (y) => (a as Compiled).run(input, env, (x) => emit(f(need(x), need(y))))),
      );
  }
  out['fma/3'] = ([a, b, c]) =>
    valueOnly((input, env, emit) =>
      (c as Compiled).run(input, env, (z) =>
        (b as Compiled).run(input, env, (y) => (a as Compiled).run(input, env, (x) => emit(need(x) * need(y) + need(z)))),
      ),
    );
  out['frexp/0'] = () => valueOnly((input, _e, emit) => emit(frexp(need(input))));
  out['modf/0'] = () =>
    valueOnly((input, _e, emit) => {
      const x = need(input);
      const i = Number.isFinite(x) ? Math.trunc(x) : x;
      emit([Number.isFinite(x) ? x - i : 0 * Math.sign(x), i]);
    });
  out['lgamma_r/0'] = () =>
    valueOnly((input, _e, emit) => {
      const x = need(input);
      const g = gamma(x);
      emit([lgamma(x), g < 0 ? -1 : 1]);
    });
  return out;
}
