/**
 * The ABIs of the contracts the app sends transactions to, by contract name. A runtime table: import it only
 * from code that is loaded on use (the sending half of a transaction, admin pages), never from a page's first
 * load; contracts.ts reads only its types.
 */
import {
  BankAbi,
  BattlesAbi,
  CharactersAbi,
  ClansAbi,
  InventoryAbi,
  RolesAbi,
  ShopAbi,
  VerasAbi,
} from '@skald/chain/abis';

export const ABIS = {
  Bank: BankAbi,
  Battles: BattlesAbi,
  Characters: CharactersAbi,
  Clans: ClansAbi,
  Inventory: InventoryAbi,
  Roles: RolesAbi,
  Shop: ShopAbi,
  Veras: VerasAbi,
} as const;
