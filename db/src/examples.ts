/**
 * Example queries for analysts, printed in the index reference (docs/index-reference.md) and run by the gateway
 * tests against a real indexed world, so none of them can silently stop working. SQL runs against the views
 * schema (psql with `SET search_path = skald`, or the gateway's /sql); GraphQL against /graphql.
 */
export type ExampleQuery = {
  title: string;
  question: string;
  language: 'sql' | 'graphql';
  query: string;
};

export const EXAMPLE_QUERIES: ExampleQuery[] = [
  {
    title: 'Top elo per battle type, with names',
    question: 'Who are the ten best-rated characters in each battle type?',
    language: 'sql',
    query: `SELECT l.label AS battle_type, r.rank, c.name, r.character_id, r.elo, r.battles
FROM (
  SELECT e.*, row_number() OVER (PARTITION BY e.battle_type ORDER BY e.elo DESC, e.character_id) AS rank
  FROM elo e
) r
JOIN character c ON c.id = r.character_id
LEFT JOIN code_label l ON l.code_set = 'battle_type' AND l.code = r.battle_type
WHERE r.rank <= 10
ORDER BY r.battle_type, r.rank;`,
  },
  {
    title: 'Top elo with names, in one GraphQL query',
    question: 'The ten best ratings in any battle type through GraphQL, following elo → character.',
    language: 'graphql',
    query: `{
  elos(orderBy: "elo", orderDirection: "desc", limit: 10) {
    items {
      battleType
      elo
      battles
      character {
        id
        name
        clanId
      }
    }
  }
}`,
  },
  {
    title: 'Grants by admin per day',
    question: 'How many grants of each kind did each admin make per day (UTC), and how much?',
    language: 'sql',
    query: `SELECT to_char(g.block_time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
  g.admin, a.name AS admin_name, g.kind_name, count(*) AS grants, sum(g.amount) AS total_amount
FROM admin_grant g
LEFT JOIN account a ON a.address = g.admin
GROUP BY 1, g.admin, a.name, g.kind_name
ORDER BY day DESC, grants DESC;`,
  },
  {
    title: 'Recent grants with who received them, in one GraphQL query',
    question: 'The latest grants, following grant → target character and grant → admin account.',
    language: 'graphql',
    query: `{
  adminGrants(orderBy: "id", orderDirection: "desc", limit: 20) {
    items {
      kindName
      amount
      timestamp
      txHash
      targetCharacter {
        id
        name
      }
      adminAccount {
        address
        name
      }
    }
  }
}`,
  },
  {
    title: 'Mints per species',
    question:
      'How many veras of each species were minted, and how many of them by admin grant? (Players’ species only: the NPC vera is left out.)',
    language: 'sql',
    query: `SELECT s.name AS species, count(m.vera_id) AS mints,
  count(m.vera_id) FILTER (WHERE m.method = 'admin_grantVera') AS granted_by_admin
FROM species s
LEFT JOIN mint m ON m.species = s.id
WHERE s.playable
GROUP BY s.id, s.name
ORDER BY mints DESC, s.id;`,
  },
  {
    title: 'Win rate per character',
    question:
      'How often has each character won its finished battles, in each battle type? (One battle_side row per side, so no UNION of the two sides.)',
    language: 'sql',
    query: `SELECT c.name, s.character_id, l.label AS battle_type, count(*) AS battles,
  count(*) FILTER (WHERE s.result = 'won') AS won,
  count(*) FILTER (WHERE s.result = 'lost') AS lost,
  count(*) FILTER (WHERE s.result = 'tie') AS tied,
  round(100.0 * count(*) FILTER (WHERE s.result = 'won') / count(*), 1) AS win_pct
FROM battle_side s
JOIN character c ON c.id = s.character_id
LEFT JOIN code_label l ON l.code_set = 'battle_type' AND l.code = s.battle_type
WHERE s.result IS NOT NULL
GROUP BY c.name, s.character_id, l.label
ORDER BY win_pct DESC, battles DESC, s.character_id, l.label;`,
  },
  {
    title: 'Veras with their owner’s character, in one GraphQL query',
    question: 'Each vera with its current owner’s account and character (vera → owner → character).',
    language: 'graphql',
    query: `{
  veras(orderBy: "id", orderDirection: "desc", limit: 10) {
    items {
      id
      species
      level
      ownerAccount {
        address
        character {
          id
          name
        }
      }
      mintedFor {
        name
      }
    }
  }
}`,
  },
  {
    title: 'Clan sizes',
    question: 'How many members does each clan have, by status?',
    language: 'sql',
    query: `SELECT cl.id, cl.name, cl.tag, l.label AS status, count(m.character_id) AS members
FROM clan cl
LEFT JOIN clan_member m ON m.clan_id = cl.id
LEFT JOIN code_label l ON l.code_set = 'clan_status' AND l.code = cl.status
GROUP BY cl.id, cl.name, cl.tag, l.label
ORDER BY members DESC, cl.id;`,
  },
];
