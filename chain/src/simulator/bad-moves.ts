/**
 * Deliberately bad moves: each names the custom error the chain must answer with, so a run checks the
 * contracts' validation as it plays.
 */
import type { Move } from './move.ts';
import type { Rng } from './rng.ts';
import type { Bot, World } from './world.ts';

/** A deliberately bad move and the named error it must revert with. */
export function chooseBadMove(world: World, bot: Bot, rng: Rng): Move | undefined {
  if (bot.characterId === undefined || !bot.onboarded) return undefined;
  const b = bot;
  const freeLock = [0, 1, 2].find((i) => !b.locks.has(i));
  const options: (Move | undefined)[] = [
    {
      kind: 'bad:lockZero',
      by: b,
      contract: 'Bank',
      functionName: 'lockRunix',
      args: [freeLock ?? 0, 0n],
      expectError: freeLock === undefined ? 'World_ResourceAlreadyExists' : 'Player_ZeroAmount',
    },
    {
      kind: 'bad:playerGrants',
      by: b,
      contract: 'Inventory',
      functionName: 'admin_grantRunix',
      args: [b.characterId, 1000n],
      expectError: 'World_AccessDenied',
    },
    {
      kind: 'bad:encounterArea0',
      by: b,
      contract: 'Veras',
      functionName: 'encounter',
      args: [0],
      expectError: 'World_ResourceNotFound',
    },
    {
      kind: 'bad:emptyShopTrade',
      by: b,
      contract: 'Shop',
      functionName: 'transactWithShop',
      args: [1, [], []],
      expectError: 'Player_ZeroAmount',
    },
    {
      kind: 'bad:grantUnknownSpecies',
      by: 'admin',
      contract: 'Veras',
      functionName: 'admin_grantVera',
      args: [b.characterId, 99, 1, 1, 1, 1, false],
      expectError: 'AdminGrant_InvalidVera',
    },
    {
      kind: 'bad:amuletRarity',
      by: 'admin',
      contract: 'Inventory',
      functionName: 'admin_grantAmulet',
      args: [b.characterId, 9, 1, false],
      expectError: 'AdminGrant_InvalidAmuletRarity',
    },
    {
      kind: 'bad:invalidRole',
      by: 'admin',
      contract: 'Roles',
      functionName: 'grantRole',
      args: [b.account.address, 7],
      expectError: 'InvalidRole',
    },
    {
      kind: 'bad:shortName',
      by: b,
      contract: 'Characters',
      functionName: 'setCharacterName',
      args: [b.characterId, 'x'],
      expectError: 'Player_InvalidName',
    },
    freeLock !== undefined
      ? {
          kind: 'bad:unlockEmpty',
          by: b,
          contract: 'Bank',
          functionName: 'unlockRunix',
          args: [freeLock],
          expectError: 'World_ResourceNotFound',
        }
      : undefined,
    world.veras.size > 0 && b.veras.length > 0
      ? {
          kind: 'bad:allocateNothing',
          by: b,
          contract: 'Veras',
          functionName: 'allocateVeraStats',
          args: [b.veras[0], [0, 0, 0, 0, 0, 0]],
          expectError: 'Player_ZeroAmount',
        }
      : undefined,
  ];
  const valid = options.filter((m): m is Move => m !== undefined);
  return valid.length > 0 ? rng.choice(valid) : undefined;
}
