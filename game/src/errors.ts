/**
 * Typed errors, so callers can branch on `instanceof` (or `error.name` across bundles) instead of parsing
 * messages. Plain fields, no parameter properties: the package must stay erasable for Node's type stripping.
 */
export class GameError extends Error {
  override name = 'GameError';
}

/** A catalogue id (species, rune, ability...) that the game does not define. */
export class UnknownIdError extends GameError {
  override name = 'UnknownIdError';
  readonly kind: string;
  readonly id: unknown;

  constructor(kind: string, id: unknown) {
    super(`Unknown ${kind} id: ${String(id)}`);
    this.kind = kind;
    this.id = id;
  }
}

/** A number outside what the contract's integer type (or the rule) allows. */
export class OutOfRangeError extends GameError {
  override name = 'OutOfRangeError';
  readonly what: string;
  readonly value: unknown;

  constructor(what: string, value: unknown, expected: string) {
    super(`${what} must be ${expected}, got ${String(value)}`);
    this.what = what;
    this.value = value;
  }
}

/** Not a 0x-prefixed, 40-hex-digit account address. */
export class InvalidAddressError extends GameError {
  override name = 'InvalidAddressError';
  readonly value: unknown;

  constructor(value: unknown) {
    super(`Not an address: ${String(value)}`);
    this.value = value;
  }
}

/** An activity cursor that `decodeCursor` (or `encodeCursor`) refuses. */
export class InvalidCursorError extends GameError {
  override name = 'InvalidCursorError';
  readonly value: unknown;

  constructor(value: unknown, reason: string) {
    super(`Invalid cursor ${JSON.stringify(String(value))}: ${reason}`);
    this.value = value;
  }
}
