/** The player record for a wallet, character profiles, and a character's inventory. */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import {
  Address,
  clientErrors,
  Id,
  InventoryData,
  Limit,
  VeraPage,
  Viking,
  VikingData,
} from '@skald/wire/rest';
import { reject } from '../../plugins/app/errors.ts';

const players: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/viking/data',
    {
      schema: {
        querystring: Type.Object({ address: Address }),
        response: { 200: VikingData, ...clientErrors },
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
    { schema: { params: Type.Object({ characterId: Id }), response: { 200: Viking, ...clientErrors } } },
    async (request, reply) => {
      const profile = await app.repos.players.profile(request.params.characterId);
      if (!profile) return reject(reply, 404, `no viking ${request.params.characterId}`);
      const veras = await app.repos.veras.byOwner(profile.account, 100);
      return { ...profile, veras };
    },
  );

  app.get(
    '/viking/:characterId/veras',
    {
      schema: {
        params: Type.Object({ characterId: Id }),
        querystring: Type.Object({ before: Type.Optional(Id), limit: Type.Optional(Limit) }),
        response: { 200: VeraPage, ...clientErrors },
      },
    },
    async (request, reply) => {
      const { characterId } = request.params;
      const owner = await app.repos.players.accountOf(characterId);
      if (owner === null) return reject(reply, 404, `no viking ${characterId}`);
      const limit = request.query.limit ?? 100;
      const page = await app.repos.veras.byOwner(owner, limit, request.query.before);
      const last = page.items.at(-1);
      return { ...page, next: page.items.length === limit && last ? last.id : null };
    },
  );

  app.get(
    '/viking/:characterId/inventory',
    {
      schema: { params: Type.Object({ characterId: Id }), response: { 200: InventoryData, ...clientErrors } },
    },
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
