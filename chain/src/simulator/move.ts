/** One move of the simulated world: a contract call signed by a bot or the admin. */
import type { ContractName } from '../deployment.ts';
import type { Bot } from './world.ts';

export type Move = {
  kind: string;
  /** the bot that signs, or 'admin' */
  by: Bot | 'admin';
  contract: ContractName;
  functionName: string;
  args: readonly unknown[];
  /** set on deliberately bad moves: the custom error the chain must answer with */
  expectError?: string;
};
