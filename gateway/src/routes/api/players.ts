/** The player record for a wallet, character profiles, and a character's inventory. */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { reject } from '../../plugins/app/errors.ts';
import { Address, clientErrors, FreeObject, Id, Nullable } from '../../schemas.ts';
import { VeraSummary } from './vera.ts';

export const PlayerRecord = Type.Object({
  address: Type.String(),
  characterId: Nullable(Type.String()),
  name: Type.String(),
  linkedAccounts: Type.Object({ accounts: Type.Array(Type.String()), isPending: Type.Array(Type.Boolean()) }),
  active: Type.String(),
  isAdmin: Type.Boolean(),
});

const Profile = Type.Object({
  characterId: Type.String(),
  name: Type.String(),
  account: Type.String(),
  state: Type.Integer(),
  registeredAt: Type.Integer(),
  lastLoginAt: Nullable(Type.Integer()),
  starter: Type.Object({ species: Type.Integer(), rune: Type.Integer() }),
  attributes: Type.Record(Type.String(), Type.Integer()),
  clan: Nullable(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      tag: Type.String(),
      rank: Type.Integer(),
      rankName: Type.String(),
      points: Type.String(),
    }),
  ),
  elo: Type.Array(
    Type.Object({
      battleType: Type.Integer(),
      battleTypeName: Type.String(),
      elo: Type.Integer(),
      battles: Type.Integer(),
    }),
  ),
  record: Type.Object({
    battles: Type.Integer(),
    wins: Type.Integer(),
    losses: Type.Integer(),
    ties: Type.Integer(),
  }),
  veras: Type.Object({ total: Type.Integer(), items: Type.Array(VeraSummary) }),
});

const Inventory = Type.Object({
  characterId: Type.String(),
  runix: Type.String(),
  onyx: Type.String(),
  slots: Type.Object({
    lootBox: Nullable(Type.Integer()),
    belt: Nullable(Type.Integer()),
    beltUsed: Type.Integer(),
  }),
  items: Type.Array(Type.Object({ itemId: Type.Integer(), quantity: Type.String() })),
  belt: Type.Array(Type.Object({ itemId: Type.Integer(), slots: Type.Integer() })),
  amulets: Type.Array(
    Type.Object({
      amuletId: Type.String(),
      rarity: Type.Integer(),
      runeType: Type.Integer(),
      isSoulbound: Type.Boolean(),
      veraId: Nullable(Type.String()),
    }),
  ),
  lootBoxes: Type.Array(
    Type.Object({
      lootBoxId: Type.String(),
      boxType: Type.Integer(),
      species: Type.Integer(),
      rune: Type.Integer(),
      isSoulbound: Type.Boolean(),
      status: Type.String(),
      slot: Nullable(Type.Integer()),
      endTimestamp: Nullable(Type.Integer()),
    }),
  ),
  bank: Type.Object({
    locks: Type.Array(FreeObject),
    progress: Nullable(
      Type.Object({
        milestoneId: Type.Integer(),
        earningsToDate: Type.String(),
        nextMilestoneThreshold: Type.String(),
      }),
    ),
  }),
  gems: Type.Array(FreeObject),
  veras: Type.Object({ total: Type.Integer(), items: Type.Array(VeraSummary) }),
  lastUpdatedBlock: Nullable(Type.String()),
});

const players: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/viking/data',
    {
      schema: {
        querystring: Type.Object({ address: Address }),
        response: { 200: PlayerRecord, ...clientErrors },
      },
    },
    async (request, reply) => {
      const record = await app.repos.players.byAddress(request.query.address);
      if (!record) return reject(reply, 404, `no player with address ${request.query.address}`);
      return record;
    },
  );

  app.get(
    '/viking/:characterId',
    { schema: { params: Type.Object({ characterId: Id }), response: { 200: Profile, ...clientErrors } } },
    async (request, reply) => {
      const profile = await app.repos.players.profile(request.params.characterId);
      if (!profile) return reject(reply, 404, `no viking ${request.params.characterId}`);
      const veras = await app.repos.veras.byOwner(profile.account, 100);
      return { ...profile, veras };
    },
  );

  app.get(
    '/viking/:characterId/inventory',
    { schema: { params: Type.Object({ characterId: Id }), response: { 200: Inventory, ...clientErrors } } },
    async (request, reply) => {
      const { characterId } = request.params;
      const owner = await app.repos.players.accountOf(characterId);
      if (owner === null) return reject(reply, 404, `no viking ${characterId}`);
      const [inventory, veras] = await Promise.all([
        app.repos.economy.inventory(characterId),
        app.repos.veras.byOwner(owner, 100),
      ]);
      return { characterId, ...inventory, veras };
    },
  );
};

export default players;
