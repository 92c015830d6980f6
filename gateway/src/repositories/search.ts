/**
 * The search behind the admin forms' target fields: a character, clan, vera or account found by name, address
 * (or its start) or id, so an admin sees who a grant will reach before sending it.
 */
import type { SkaldDb } from '@skald/db';
import { CLAN_STATUS_LABELS, codeLabel, SPECIES } from '@skald/game';
import type { SearchType } from '@skald/wire/rest';

export type SearchHit = {
  type: SearchType;
  id: string;
  label: string;
  detail: string;
  characterId: string | null;
  account: string | null;
};

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const like = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
const speciesName = (id: number) => SPECIES.find((s) => s.id === id)?.name ?? `species ${id}`;

export function searchRepository({ sql }: SkaldDb) {
  const isId = (q: string) => /^[0-9]{1,20}$/.test(q);
  const isHex = (q: string) => /^0x[0-9a-fA-F]{0,40}$/.test(q);

  async function characters(q: string, limit: number): Promise<SearchHit[]> {
    const rows = await sql<{ id: string; name: string; account: string; clan_tag: string | null }[]>`
      SELECT c.id::text, c.name, c.account, cl.tag AS clan_tag
      FROM character c LEFT JOIN clan cl ON cl.id = c.clan_id
      WHERE ${
        isId(q)
          ? sql`c.id = ${q}`
          : isHex(q)
            ? sql`c.account LIKE ${`${like(q.toLowerCase())}%`}`
            : sql`c.name ILIKE ${`%${like(q)}%`}`
      }
      ORDER BY (c.name ILIKE ${`${like(q)}%`}) DESC, length(c.name), c.id
      LIMIT ${limit}`;
    return rows.map((r) => ({
      type: 'character',
      id: r.id,
      label: r.name || `Character #${r.id}`,
      detail: `#${r.id} · ${short(r.account)}${r.clan_tag ? ` · [${r.clan_tag}]` : ''}`,
      characterId: r.id,
      account: r.account,
    }));
  }

  async function clans(q: string, limit: number): Promise<SearchHit[]> {
    const rows = await sql<{ id: string; name: string; tag: string; status: number; member_count: number }[]>`
      SELECT id::text, name, tag, status, member_count FROM clan
      WHERE ${isId(q) ? sql`id = ${q}` : sql`name ILIKE ${`%${like(q)}%`} OR tag ILIKE ${`${like(q)}%`}`}
      ORDER BY (name ILIKE ${`${like(q)}%`}) DESC, id
      LIMIT ${limit}`;
    return rows.map((r) => ({
      type: 'clan',
      id: r.id,
      label: r.name,
      detail: `#${r.id} · [${r.tag}] · ${codeLabel(CLAN_STATUS_LABELS, r.status) ?? `status ${r.status}`} · ${r.member_count} members`,
      characterId: null,
      account: null,
    }));
  }

  async function veras(q: string, limit: number): Promise<SearchHit[]> {
    const rows = await sql<
      {
        id: string;
        species: number;
        level: number;
        owner: string;
        name: string | null;
        character_id: string | null;
      }[]
    >`
      SELECT v.id::text, v.species, v.level, v.owner, a.name, a.character_id::text
      FROM vera v LEFT JOIN account a ON a.address = v.owner
      WHERE ${
        isId(q)
          ? sql`v.id = ${q}`
          : isHex(q)
            ? sql`v.owner LIKE ${`${like(q.toLowerCase())}%`}`
            : sql`v.owner IN (SELECT account FROM character WHERE name ILIKE ${`%${like(q)}%`} LIMIT 20)`
      }
      ORDER BY v.id DESC
      LIMIT ${limit}`;
    return rows.map((r) => ({
      type: 'vera',
      id: r.id,
      label: `${speciesName(r.species)} #${r.id}`,
      detail: `level ${r.level} · owned by ${r.name || short(r.owner)}`,
      characterId: r.character_id && r.character_id !== '0' ? r.character_id : null,
      account: r.owner,
    }));
  }

  async function accounts(q: string, limit: number): Promise<SearchHit[]> {
    const rows = await sql<{ address: string; name: string; character_id: string; is_admin: boolean }[]>`
      SELECT address, name, character_id::text, is_admin FROM account
      WHERE ${
        isHex(q)
          ? sql`address LIKE ${`${like(q.toLowerCase())}%`}`
          : isId(q)
            ? sql`character_id = ${q}`
            : sql`name ILIKE ${`%${like(q)}%`}`
      }
      ORDER BY (name ILIKE ${`${like(q)}%`}) DESC, address
      LIMIT ${limit}`;
    return rows.map((r) => ({
      type: 'account',
      id: r.address,
      label: r.name || short(r.address),
      detail: `${short(r.address)}${r.character_id !== '0' ? ` · character #${r.character_id}` : ''}${r.is_admin ? ' · admin' : ''}`,
      characterId: r.character_id !== '0' ? r.character_id : null,
      account: r.address,
    }));
  }

  const finders = { character: characters, clan: clans, vera: veras, account: accounts };
  return {
    find: (type: SearchType, q: string, limit: number) => finders[type](q, limit),
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
