/** The player record for a wallet, character profiles, and a character's inventory. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { reject } from '../../plugins/app/errors.ts';
import { fromTable } from '../table.ts';

const players: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromTable(app, 'vikingData'),
    handler: async (request, reply) => {
      const record = await app.repos.players.byAddress(request.query.address);
      if (!record) return reject(reply, 404, `no player with address ${request.query.address}`);
      return record;
    },
  });

  app.route({
    ...fromTable(app, 'viking'),
    handler: async (request, reply) => {
      const profile = await app.repos.players.profile(request.params.characterId);
      if (!profile) return reject(reply, 404, `no viking ${request.params.characterId}`);
      const veras = await app.repos.veras.byOwner(profile.account, 100);
      return { ...profile, veras };
    },
  });

  app.route({
    ...fromTable(app, 'vikingVeras'),
    handler: async (request, reply) => {
      const { characterId } = request.params;
      const owner = await app.repos.players.accountOf(characterId);
      if (owner === null) return reject(reply, 404, `no viking ${characterId}`);
      const limit = request.query.limit ?? 100;
      const page = await app.repos.veras.byOwner(owner, limit, request.query.before);
      const last = page.items.at(-1);
      return { ...page, next: page.items.length === limit && last ? last.id : null };
    },
  });

  app.route({
    ...fromTable(app, 'inventory'),
    handler: async (request, reply) => {
      const { characterId } = request.params;
      const owner = await app.repos.players.accountOf(characterId);
      if (owner === null) return reject(reply, 404, `no viking ${characterId}`);
      const [inventory, veras] = await Promise.all([
        app.repos.economy.inventory(characterId),
        app.repos.veras.byOwner(owner, 100),
      ]);
      return { characterId, ...inventory, veras };
    },
  });
};

export default players;
