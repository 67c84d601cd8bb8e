// printf-style number formatting as glibc does it, for the procps/iproute2 outputs.

/** printf("%.Nf", x): exact binary value, ties to even (JS toFixed breaks ties upward) */
export function fixed(x: number, digits: number): string {
  const scale = 10 ** digits;
  const scaled = x * scale;
  const floor = Math.floor(scaled);
  // an exact tie can only happen when x*scale is exactly representable and ends in .5
  if (scaled - floor === 0.5 && Number.isFinite(scaled) && scaled / scale === x) {
    const even = floor % 2 === 0 ? floor : floor + 1;
    return (even / scale).toFixed(digits);
  }
  return x.toFixed(digits);
}
