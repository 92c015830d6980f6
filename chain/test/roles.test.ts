import { parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RolesAbi } from '../generated/abis.ts';
import { ROLE_ADMIN, ROLE_GAME } from '../src/deploy.ts';
import { eventOf, expectRevert, type Game, setupGame } from './fixtures.ts';

let game: Game;
const admin = () => game.as(0);
const address = (index: number) => game.wallet(index).account.address;

beforeAll(async () => {
  game = await setupGame();
});

afterAll(async () => {
  await game.stop();
});

describe('deployment', () => {
  it('grants ROLE_ADMIN to the initial admin in the constructor, with its event', async () => {
    const receipt = await game.publicClient.getLogs({
      address: game.deployment.contracts.Roles,
      fromBlock: BigInt(game.deployment.startBlock),
      toBlock: BigInt(game.deployment.startBlock),
    });
    const [granted] = parseEventLogs({ abi: RolesAbi, logs: receipt, eventName: 'RoleGranted' });
    expect(granted?.args).toEqual({ account: address(0), role: ROLE_ADMIN, admin: address(0) });
    expect(await admin().roles.read.hasRole([address(0), ROLE_ADMIN])).toBe(true);
    expect(await admin().roles.read.getPlayerRole([address(0)])).toBe(ROLE_ADMIN);
  });

  it('gives the game contracts ROLE_GAME and nothing else', async () => {
    const { Veras, Battles, Bank, Shop, Characters } = game.deployment.contracts;
    for (const contract of [Veras, Battles, Bank, Shop]) {
      expect(await admin().roles.read.getPlayerRole([contract])).toBe(ROLE_GAME);
      expect(await admin().roles.read.hasRole([contract, ROLE_ADMIN])).toBe(false);
    }
    expect(await admin().roles.read.getPlayerRole([Characters])).toBe(0);
  });

  it('starts at version 1.0.0', async () => {
    expect(await admin().roles.read.version()).toBe('1.0.0');
  });
});

describe('grantRole', () => {
  it('grants a role and emits RoleGranted with the granting admin', async () => {
    const { logs } = await game.events(admin().roles.write.grantRole([address(1), ROLE_ADMIN]));
    expect(eventOf(logs, 'RoleGranted')).toEqual({
      account: address(1),
      role: ROLE_ADMIN,
      admin: address(0),
    });
    expect(await admin().roles.read.hasRole([address(1), ROLE_ADMIN])).toBe(true);
  });

  it('lets a newly granted admin grant in turn', async () => {
    const { logs } = await game.events(game.as(1).roles.write.grantRole([address(2), ROLE_GAME]));
    expect(eventOf(logs, 'RoleGranted')).toEqual({ account: address(2), role: ROLE_GAME, admin: address(1) });
    expect(await admin().roles.read.hasRole([address(2), ROLE_GAME])).toBe(true);
  });

  it('reports the highest held role', async () => {
    expect(await admin().roles.read.getPlayerRole([address(2)])).toBe(ROLE_GAME);
    await game.events(admin().roles.write.grantRole([address(2), ROLE_ADMIN]));
    expect(await admin().roles.read.getPlayerRole([address(2)])).toBe(ROLE_GAME);
    expect(await admin().roles.read.getPlayerRole([address(9)])).toBe(0);
  });

  it('reverts InvalidRole for role 0 and roles above 2', async () => {
    await expectRevert(admin().roles.write.grantRole([address(3), 0]), 'InvalidRole');
    await expectRevert(admin().roles.write.grantRole([address(3), 3]), 'InvalidRole');
    expect(await admin().roles.read.hasRole([address(3), 3])).toBe(false);
  });

  it('reverts World_ResourceAlreadyExists for a role the account holds', async () => {
    await expectRevert(
      admin().roles.write.grantRole([address(1), ROLE_ADMIN]),
      'World_ResourceAlreadyExists',
    );
  });

  it('reverts World_AccessDenied for a non-admin, even one holding ROLE_GAME', async () => {
    await expectRevert(game.as(4).roles.write.grantRole([address(4), ROLE_ADMIN]), 'World_AccessDenied');
    await game.events(admin().roles.write.grantRole([address(5), ROLE_GAME]));
    await expectRevert(game.as(5).roles.write.grantRole([address(6), ROLE_GAME]), 'World_AccessDenied');
    expect(await admin().roles.read.hasRole([address(4), ROLE_ADMIN])).toBe(false);
  });
});

describe('revokeRole', () => {
  it('revokes a role and emits RoleRevoked with the revoking admin', async () => {
    const { logs } = await game.events(admin().roles.write.revokeRole([address(5), ROLE_GAME]));
    expect(eventOf(logs, 'RoleRevoked')).toEqual({ account: address(5), role: ROLE_GAME, admin: address(0) });
    expect(await admin().roles.read.hasRole([address(5), ROLE_GAME])).toBe(false);
    expect(await admin().roles.read.getPlayerRole([address(5)])).toBe(0);
  });

  it('takes admin rights away from a revoked admin', async () => {
    await game.events(admin().roles.write.revokeRole([address(1), ROLE_ADMIN]));
    await expectRevert(game.as(1).roles.write.grantRole([address(7), ROLE_GAME]), 'World_AccessDenied');
  });

  it('reverts World_ResourceNotFound for a role the account does not hold', async () => {
    await expectRevert(admin().roles.write.revokeRole([address(5), ROLE_GAME]), 'World_ResourceNotFound');
  });

  it('reverts InvalidRole for role 0 and roles above 2', async () => {
    await expectRevert(admin().roles.write.revokeRole([address(2), 0]), 'InvalidRole');
    await expectRevert(admin().roles.write.revokeRole([address(2), 7]), 'InvalidRole');
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(game.as(4).roles.write.revokeRole([address(0), ROLE_ADMIN]), 'World_AccessDenied');
    expect(await admin().roles.read.hasRole([address(0), ROLE_ADMIN])).toBe(true);
  });
});

describe('setVersion', () => {
  it('updates the version and emits VersionUpdated', async () => {
    const { logs } = await game.events(admin().roles.write.setVersion(['1.1.0']));
    expect(eventOf(logs, 'VersionUpdated')).toEqual({ version: '1.1.0', admin: address(0) });
    expect(await admin().roles.read.version()).toBe('1.1.0');
  });

  it('reverts World_AccessDenied for a non-admin', async () => {
    await expectRevert(game.as(4).roles.write.setVersion(['9.9.9']), 'World_AccessDenied');
    expect(await admin().roles.read.version()).toBe('1.1.0');
  });
});
