// rand() and srand() with gawk 5.2's sequences (builtin.c do_rand/do_srand over its own copy of
// BSD random(), support/random.c), reimplemented from their description:
//
// - the generator is an additive feedback generator over 63 words (gawk hands initstate() 256
//   bytes of state, which selects random()'s TYPE_4: x^63 + x + 1, separation 1), seeded by
//   srandom(seed): word 0 = seed, word i = 16807 × word(i-1) mod (2^31 - 1) (Park-Miller through
//   Schrage's method, 0 replaced by 123459876), then 630 outputs thrown away;
// - random() is not the raw generator: gawk's copy puts a 512-entry shuffle table in front of it
//   (refilled after every srandom: 512 raw draws, then one more for the selector);
// - rand() draws twice: (0.5 + (d1 / 2^31 + d2) / 2^31) - 0.5, again while that is 1.0;
// - without srand() the state is initstate(1); srand() returns the previous seed (gawk's
//   save_seed starts at 1); srand() with no argument seeds from the time of day, which the caller
//   passes in (whole seconds); the seed is (unsigned int) of (long) of the value.

const DEG = 63;
const SEP = 1;
const SHUFFLE_MAX = 512;

export class AwkRandom {
  private readonly state = new Uint32Array(DEG);
  private f = SEP;
  private r = 0;
  private readonly shuffle = new Float64Array(SHUFFLE_MAX);
  private sel = 0;
  private shuffleInit = true;
  private savedSeed = 1;
  private seeded = false;

  /**
   * srand(seed) (srand() when seed is undefined: `now` is the time of day in seconds); returns the
   * previous seed, as gawk.
   */
  srand(seed?: number, now = 0): number {
    const prev = this.savedSeed;
    const v = seed === undefined ? Math.trunc(now) : seed;
    this.savedSeed = toLong(v);
    this.seed(toUnsigned32(this.savedSeed));
    this.seeded = true;
    return prev;
  }

  /** rand(): uniform in [0, 1) */
  rand(): number {
    if (!this.seeded) {
      this.seed(1);
      this.seeded = true;
    }
    for (;;) {
      const d1 = this.random();
      const d2 = this.random();
      let t = 0.5 + (d1 / 2147483648 + d2) / 2147483648;
      t -= 0.5;
      if (t !== 1.0) return t;
    }
  }

  private seed(x: number): void {
    const s = this.state;
    s[0] = x;
    for (let i = 1; i < DEG; i++) s[i] = goodRand(s[i - 1]! | 0);
    this.f = SEP;
    this.r = 0;
    // srandom's discarded outputs already go through the shuffle table
    this.shuffleInit = true;
    for (let i = 0; i < 10 * DEG; i++) this.random();
  }

  /** random_old(): one step of the additive generator */
  private raw(): number {
    const s = this.state;
    const v = (s[this.f]! + s[this.r]!) >>> 0;
    s[this.f] = v;
    const out = (v >>> 1) & 0x7fffffff;
    if (++this.f >= DEG) {
      this.f = 0;
      ++this.r;
    } else if (++this.r >= DEG) {
      this.r = 0;
    }
    return out;
  }

  /** random(): the shuffled output */
  private random(): number {
    if (this.shuffleInit) {
      for (let k = 0; k < SHUFFLE_MAX; k++) this.shuffle[k] = this.raw();
      this.sel = this.raw();
      this.shuffleInit = false;
    }
    const next = this.raw();
    const k = this.sel & (SHUFFLE_MAX - 1);
    this.sel = this.shuffle[k]!;
    this.shuffle[k] = next;
    return this.sel;
  }
}

/** Park-Miller "minimal standard" step, Schrage's method, on a signed 32-bit value */
function goodRand(x: number): number {
  if (x === 0) x = 123459876;
  const hi = Math.trunc(x / 127773);
  const lo = x % 127773;
  let r = 16807 * lo - 2836 * hi;
  if (r < 0) r += 0x7fffffff;
  return r >>> 0;
}

/** (long) of a double on x86-64 (out of range: LONG_MIN) */
function toLong(x: number): number {
  if (x !== x || x >= 2 ** 63 || x < -(2 ** 63)) return -(2 ** 63);
  return Math.trunc(x);
}

/** (unsigned int) of a long: its low 32 bits */
function toUnsigned32(x: number): number {
  return Number(BigInt.asUintN(32, BigInt(x)));
}
