/** Sign-In with Ethereum: the nonce and the session the gateway's cookie stands for. */
import { type Static, Type } from 'typebox';

/** A signed-in wallet: `/api/auth/verify` and `/api/auth/session`, and what the page handler is given. */
export const Session = Type.Object({
  address: Type.Unsafe<`0x${string}`>(Type.String()),
  isAdmin: Type.Boolean(),
  characterId: Type.Optional(Type.String()),
});
export type Session = Static<typeof Session>;

export const Nonce = Type.Object({ nonce: Type.String() });
export type Nonce = Static<typeof Nonce>;

/** `POST /api/auth/verify`: an EIP-4361 message and the wallet's signature of it. */
export const SignInRequest = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 4096 }),
  signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130,}$', maxLength: 4096 }),
});
export type SignInRequest = Static<typeof SignInRequest>;
