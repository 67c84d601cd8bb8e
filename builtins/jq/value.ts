// The jq value model, shared by the language (parser, evaluator, builtins) and the JSON reader and
// writer (./json/). Objects are Maps because jq keeps keys in insertion order and a plain JS
// object would move integer-like keys ("1") to the front. A number literal that a double cannot
// hold exactly (jq 1.7.1 keeps the literal's canonical text until arithmetic touches it) is a
// LiteralNumber; every other number is a plain JS number.

/** a number read from JSON or the program whose text jq 1.7.1 prints back unchanged */
export class LiteralNumber {
  constructor(
    /** the double jq computes with */
    readonly value: number,
    /** the canonical text jq 1.7.1 prints while the number is untouched */
    readonly text: string,
  ) {}
}

export type JsonObject = Map<string, Json>;
export type Json = null | boolean | number | string | LiteralNumber | Json[] | JsonObject;

/** the double behind a number value */
export function numberOf(v: number | LiteralNumber): number {
  return typeof v === 'number' ? v : v.value;
}

/**
 * a jq error in flight (`error(v)`, a type error, a format's complaint): thrown by builtins and
 * caught by `try`, `?` and `//`; the top level prints `jq: error (at FILE:LINE): MESSAGE`
 */
export class JqError {
  constructor(readonly value: Json) {}
}
