/**
 * The event ABIs the indexer (Ponder) and the gateway's fast lane decode with: each contract's frozen interface (chain/contracts/interfaces), plus the
 * uniform AdminGranted audit event every contract may emit, plus the ERC-721 Transfer for the Vera collection.
 * Interfaces rather than compiled contracts, so the indexer depends only on what the contracts promise.
 */

import { parseAbi } from 'viem';
import {
  IAdminGrantsAbi,
  IBankAbi,
  IBattlesAbi,
  ICharactersAbi,
  IClansAbi,
  IInventoryAbi,
  IRolesAbi,
  IShopAbi,
  IVerasAbi,
} from '../../generated/abis.ts';

const erc721TransferAbi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
]);

export const gameEventAbis = {
  Roles: [...IRolesAbi],
  Characters: [...ICharactersAbi],
  Inventory: [...IInventoryAbi, ...IAdminGrantsAbi],
  Veras: [...IVerasAbi, ...IAdminGrantsAbi, ...erc721TransferAbi],
  Clans: [...IClansAbi, ...IAdminGrantsAbi],
  Battles: [...IBattlesAbi],
  Bank: [...IBankAbi],
  Shop: [...IShopAbi],
} as const;
