/** Exact rationals on bigints: the published RTPs are computed with these, not with floats. */
export class Fraction {
  readonly n: bigint;
  readonly d: bigint;

  constructor(n: bigint | number, d: bigint | number = 1n) {
    let num = BigInt(n);
    let den = BigInt(d);
    if (den === 0n) throw new RangeError("zero denominator");
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const g = gcd(num < 0n ? -num : num, den);
    this.n = g > 1n ? num / g : num;
    this.d = g > 1n ? den / g : den;
  }

  static readonly ZERO = new Fraction(0n);
  static readonly ONE = new Fraction(1n);

  add(other: Fraction) {
    return new Fraction(this.n * other.d + other.n * this.d, this.d * other.d);
  }
  sub(other: Fraction) {
    return new Fraction(this.n * other.d - other.n * this.d, this.d * other.d);
  }
  mul(other: Fraction | bigint | number) {
    const o = other instanceof Fraction ? other : new Fraction(other);
    return new Fraction(this.n * o.n, this.d * o.d);
  }
  div(other: Fraction | bigint | number) {
    const o = other instanceof Fraction ? other : new Fraction(other);
    return new Fraction(this.n * o.d, this.d * o.n);
  }
  toNumber() {
    return Number(this.n) / Number(this.d) || Number((this.n * 10n ** 30n) / this.d) / 1e30;
  }
  /** Decimal expansion truncated to `digits` places. */
  toDecimal(digits: number) {
    const scaled = (this.n * 10n ** BigInt(digits)) / this.d;
    const negative = scaled < 0n;
    const abs = negative ? -scaled : scaled;
    const text = abs.toString().padStart(digits + 1, "0");
    const body = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
    return negative ? `-${body}` : body;
  }
  toString() {
    return `${this.n}/${this.d}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
