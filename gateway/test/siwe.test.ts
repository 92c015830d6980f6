/** Sign-In with Ethereum checks with real keys and real signatures: each refusal named, each nonce single-use. */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { memoryNonces } from '../src/auth/nonces.ts';
import { decodeSession, encodeSession } from '../src/auth/session.ts';
import { verifySiwe } from '../src/auth/siwe.ts';

const account = privateKeyToAccount(generatePrivateKey());
const other = privateKeyToAccount(generatePrivateKey());
const domains = ['localhost:3000'];

async function signed(
  nonce: string,
  fields: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  signer = account,
) {
  const message = createSiweMessage({
    address: account.address,
    chainId: 5611,
    domain: 'localhost:3000',
    nonce,
    uri: 'http://localhost:3000/login',
    version: '1',
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 60_000),
    ...fields,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

describe('verifySiwe', () => {
  it('accepts a fresh, correctly signed message once', async () => {
    const nonces = memoryNonces();
    const { message, signature } = await signed(await nonces.issue());
    const check = { domains, chainId: 5611, nonces };
    await expect(verifySiwe(message, signature, check)).resolves.toEqual({
      address: account.address.toLowerCase(),
    });
    await expect(verifySiwe(message, signature, check)).rejects.toThrow(/already used/);
  });

  it('refuses a signature by another key', async () => {
    const nonces = memoryNonces();
    const { message, signature } = await signed(await nonces.issue(), {}, other);
    await expect(verifySiwe(message, signature, { domains, nonces })).rejects.toThrow(/signature/);
  });

  it('refuses a bad signature without spending the nonce', async () => {
    const nonces = memoryNonces();
    const nonce = await nonces.issue();
    const { message } = await signed(nonce);
    await expect(verifySiwe(message, `0x${'11'.repeat(65)}`, { domains, nonces })).rejects.toThrow(
      /signature/,
    );
    expect(await nonces.consume(nonce)).toBe(true);
  });

  it('refuses another domain', async () => {
    const nonces = memoryNonces();
    const { message, signature } = await signed(await nonces.issue(), { domain: 'evil.example' });
    await expect(verifySiwe(message, signature, { domains, nonces })).rejects.toThrow(/evil\.example/);
  });

  it("refuses a message whose uri is another site's, and accepts this site's", async () => {
    const nonces = memoryNonces();
    const origins = ['http://localhost:3000'];
    for (const uri of ['https://evil.example/', 'https://localhost:3000/login', 'http://localhost:3001/']) {
      const { message, signature } = await signed(await nonces.issue(), { uri });
      await expect(verifySiwe(message, signature, { domains, origins, nonces }), uri).rejects.toThrow(
        /not this site/,
      );
    }
    const ok = await signed(await nonces.issue(), { uri: 'http://localhost:3000/some/page' });
    await expect(verifySiwe(ok.message, ok.signature, { domains, origins, nonces })).resolves.toEqual({
      address: account.address.toLowerCase(),
    });
  });

  it('refuses another chain', async () => {
    const nonces = memoryNonces();
    const { message, signature } = await signed(await nonces.issue(), { chainId: 1 });
    await expect(verifySiwe(message, signature, { domains, chainId: 5611, nonces })).rejects.toThrow(
      /chain 1/,
    );
  });

  it('refuses an expired message and one issued too long ago', async () => {
    const nonces = memoryNonces();
    const expired = await signed(await nonces.issue(), {
      issuedAt: new Date(Date.now() - 120_000),
      expirationTime: new Date(Date.now() - 60_000),
    });
    await expect(verifySiwe(expired.message, expired.signature, { domains, nonces })).rejects.toThrow(
      /expired/,
    );
    const stale = await signed(await nonces.issue(), {
      issuedAt: new Date(Date.now() - 3_600_000),
      expirationTime: undefined,
    });
    await expect(verifySiwe(stale.message, stale.signature, { domains, nonces })).rejects.toThrow(/expired/);
  });

  it('refuses a nonce the gateway never issued', async () => {
    const nonces = memoryNonces();
    const { message, signature } = await signed('aaaaaaaaaaaaaaaa1');
    await expect(verifySiwe(message, signature, { domains, nonces })).rejects.toThrow(/nonce/);
  });

  it('refuses text that is not a sign-in message', async () => {
    const nonces = memoryNonces();
    const message = 'hello';
    await expect(
      verifySiwe(message, await account.signMessage({ message }), { domains, nonces }),
    ).rejects.toThrow(/missing/);
  });
});

describe('session cookie value', () => {
  it('round-trips and expires', () => {
    const address = account.address.toLowerCase();
    const future = Math.floor(Date.now() / 1000) + 60;
    const token = 'a'.repeat(43);
    expect(decodeSession(encodeSession(address, future, token))).toEqual({ address, token });
    expect(decodeSession(encodeSession(address, Math.floor(Date.now() / 1000) - 1, token))).toBeNull();
    expect(decodeSession('0xnope.1')).toBeNull();
    // a cookie of the earlier form (no token) names no record
    expect(decodeSession(`${address}.${future}`)).toBeNull();
  });
});
