import { ponder } from 'ponder:registry';
import { adminAction, roleChange, roleMember } from 'ponder:schema';
import { Role } from '@skald/game';
import { updateAccount } from '../lib/accounts.ts';
import { addr, at, type Db, recordActivity } from '../lib/activity.ts';
import { writeLookups } from '../lib/lookups.ts';

ponder.on('Roles:setup', async ({ context }) => {
  await writeLookups(context.db);
});

/** Highest role held, as IRoles.getPlayerRole answers (admin ranks above game). */
async function refreshRole(db: Db, account: `0x${string}`, block: bigint) {
  const isAdmin = (await db.find(roleMember, { account: addr(account), role: Role.admin })) !== null;
  const isGame = (await db.find(roleMember, { account: addr(account), role: Role.game })) !== null;
  await updateAccount(db, account, block, { isAdmin, role: isAdmin ? Role.admin : isGame ? Role.game : 0 });
}

ponder.on('Roles:RoleGranted', async ({ event, context }) => {
  const { account, role, admin } = event.args;
  await context.db
    .insert(roleMember)
    .values({ account: addr(account), role, grantedBy: addr(admin), grantedBlock: event.block.number })
    .onConflictDoNothing();
  await refreshRole(context.db, account, event.block.number);
  await context.db
    .insert(roleChange)
    .values({ id: event.id, account: addr(account), role, granted: true, admin: addr(admin), ...at(event) });
  await recordActivity(context.db, event, {
    type: 'role',
    event: 'RoleGranted',
    account,
    payload: { role, admin: addr(admin) },
  });
});

ponder.on('Roles:RoleRevoked', async ({ event, context }) => {
  const { account, role, admin } = event.args;
  await context.db.delete(roleMember, { account: addr(account), role });
  await refreshRole(context.db, account, event.block.number);
  await context.db
    .insert(roleChange)
    .values({ id: event.id, account: addr(account), role, granted: false, admin: addr(admin), ...at(event) });
  await recordActivity(context.db, event, {
    type: 'role',
    event: 'RoleRevoked',
    account,
    payload: { role, admin: addr(admin) },
  });
});

ponder.on('Roles:VersionUpdated', async ({ event, context }) => {
  const { version, admin } = event.args;
  await context.db
    .insert(adminAction)
    .values({ id: event.id, admin: addr(admin), action: 'version', detail: { version }, ...at(event) });
  await recordActivity(context.db, event, {
    type: 'admin',
    event: 'VersionUpdated',
    account: admin,
    payload: { version },
  });
});
