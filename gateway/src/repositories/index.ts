/** Every read the gateway makes, grouped by subject; routes and the live stream call these, never SQL. */
import type { SkaldDb } from '@skald/db';
import { activityRepository } from './activity.ts';
import { battlesRepository } from './battles.ts';
import { clansRepository } from './clans.ts';
import { economyRepository } from './economy.ts';
import { grantsRepository } from './grants.ts';
import { playersRepository } from './players.ts';
import { rankingsRepository } from './rankings.ts';
import { statusRepository } from './status.ts';
import { verasRepository } from './veras.ts';

export function createRepositories(db: SkaldDb) {
  return {
    activity: activityRepository(db),
    battles: battlesRepository(db),
    clans: clansRepository(db),
    economy: economyRepository(db),
    grants: grantsRepository(db),
    players: playersRepository(db),
    rankings: rankingsRepository(db),
    status: statusRepository(db),
    veras: verasRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
