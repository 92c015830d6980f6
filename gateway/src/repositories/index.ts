/** Every read the gateway makes, grouped by subject; routes and the live stream call these, never SQL. */
import type { SkaldDb } from '@skald/db';
import { activityRepository } from './activity.ts';
import { auditRepository } from './audit.ts';
import { battlesRepository } from './battles.ts';
import { clansRepository } from './clans.ts';
import { economyRepository } from './economy.ts';
import { playersRepository } from './players.ts';
import { rankingsRepository } from './rankings.ts';
import { searchRepository } from './search.ts';
import { statusRepository } from './status.ts';
import { verasRepository } from './veras.ts';

export function createRepositories(db: SkaldDb) {
  return {
    activity: activityRepository(db),
    battles: battlesRepository(db),
    audit: auditRepository(db),
    clans: clansRepository(db),
    economy: economyRepository(db),
    players: playersRepository(db),
    rankings: rankingsRepository(db),
    search: searchRepository(db),
    status: statusRepository(db),
    veras: verasRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
