/** The admin's password generator (SPEC.md §9 pool); its length rule is in lib/validation.ts. */
import { generatedLengthProblem } from '../../lib/validation';

export const LOWERS = 'abcdefghijklmnopqrstuvwxyz';
export const UPPERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const DIGITS = '0123456789';
export const SYMBOLS = '!@#$%^&*()-_=+[]{};:,.?';
/** Letters, digits and symbols. */
export const PASSWORD_POOL = LOWERS + UPPERS + DIGITS + SYMBOLS;

type RandomSource = (array: Uint32Array) => Uint32Array;

const cryptoRandom: RandomSource = (array) => crypto.getRandomValues(array);

/** A uniform whole number in [0, n), without the bias of a plain modulo. */
function randomBelow(n: number, random: RandomSource): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    random(buf);
    if (buf[0] < limit) return buf[0] % n;
  }
}

/**
 * A random password of length characters from crypto.getRandomValues, with at least one
 * lowercase letter, uppercase letter, digit and symbol. Throws for a length outside 6-25.
 */
export function generatePassword(length: number, random: RandomSource = cryptoRandom): string {
  const problem = generatedLengthProblem(length);
  if (problem || !Number.isInteger(length)) throw new RangeError(problem ?? 'The length must be a whole number');
  const pick = (pool: string) => pool[randomBelow(pool.length, random)];
  const chars = [pick(LOWERS), pick(UPPERS), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(PASSWORD_POOL));
  // Fisher-Yates, so the guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, random);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
