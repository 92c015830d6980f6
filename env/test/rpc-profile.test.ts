import { describe, expect, it } from 'vitest';
import { baseEnv, parseEnv } from '../src/index.ts';

describe('SKALD_RPC_PROFILE', () => {
  it('takes a profile the RPC proxy has', () => {
    expect(parseEnv('test', baseEnv, { SKALD_RPC_PROFILE: 'opbnb-public' })).toEqual({
      SKALD_RPC_PROFILE: 'opbnb-public',
    });
    expect(parseEnv('test', baseEnv, {})).toEqual({});
  });

  it('refuses any other value, listing the profiles', () => {
    expect(() => parseEnv('npm start', baseEnv, { SKALD_RPC_PROFILE: 'opbnb' })).toThrow(
      'invalid npm start environment:\n  SKALD_RPC_PROFILE: must be one of local, opbnb-public, opbnb-paid',
    );
  });
});
