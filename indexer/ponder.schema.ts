// Ponder reads the tables from this file; they live in schema/ by subject, described in @skald/db.

import * as audit from './schema/audit.ts';
import * as battles from './schema/battles.ts';
import * as clans from './schema/clans.ts';
import { describeTables } from './schema/describe.ts';
import * as economy from './schema/economy.ts';
import * as players from './schema/players.ts';
import * as veras from './schema/veras.ts';

describeTables({ ...audit, ...battles, ...clans, ...economy, ...players, ...veras });

export * from './schema/audit.ts';
export * from './schema/battles.ts';
export * from './schema/clans.ts';
export * from './schema/economy.ts';
export * from './schema/players.ts';
export * from './schema/relations.ts';
export * from './schema/veras.ts';
