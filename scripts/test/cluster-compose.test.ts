/**
 * docker-compose.yml's scaled-out parts against the code that runs them on one machine (no Docker engine here):
 * the balancer's config is what scripts/cluster/haproxy.ts writes for the compose gateways, the replica copies
 * the primary compose runs with the slot its init script makes, and the gateways' env schema accepts theirs
 * (gateway/test/compose.test.ts checks the rest of each service).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseGatewayEnv } from '@skald/gateway';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { haproxyConfig } from '../cluster/haproxy.ts';
import { REPLICATION_SLOT } from '../cluster/postgres.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
type Service = {
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  command?: string[];
  entrypoint?: string[];
  depends_on?: Record<string, { condition: string }>;
};
const { services } = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
};

/** the file a service mounts at `target` */
const mounted = (service: string, target: string) =>
  services[service]?.volumes
    ?.map((v) => v.split(':'))
    .find(([, to]) => to === target)?.[0]
    ?.replace(/^\.\//, '');

describe('docker-compose.yml, scaled out', () => {
  it('puts the balancer in front of every gateway with the config scripts/cluster/haproxy.ts writes', () => {
    const gateways = Object.keys(services).filter((name) => /^gateway-\d+$/.test(name));
    expect(gateways.length).toBeGreaterThanOrEqual(2);
    const addresses = gateways.map(
      (name) => `${name}:${parseGatewayEnv(services[name]?.environment ?? {}).PORT}`,
    );
    const file = mounted('balancer', '/usr/local/etc/haproxy/haproxy.cfg');
    expect(file).toBeDefined();
    const config = read(file as string).replace(/^#.*\n/, '');
    const [published] = services.balancer?.ports ?? [];
    const port = (published as string).split(':')[1];
    expect(config).toBe(haproxyConfig({ bind: `0.0.0.0:${port}`, gateways: addresses }));
    for (const gateway of gateways)
      expect(services.balancer?.depends_on?.[gateway]).toEqual({ condition: 'service_healthy' });
  });

  it('runs the primary with WAL for replicas and the replica from it through the same slot as the cluster', () => {
    const command = services.postgres?.command?.join(' ') ?? '';
    expect(command).toContain('wal_level=replica');
    expect(command).toMatch(/max_wal_senders=[1-9]/);
    const init = mounted('postgres', '/docker-entrypoint-initdb.d/primary-init.sh');
    expect(read(init as string)).toContain(`pg_create_physical_replication_slot('${REPLICATION_SLOT}')`);
    expect(read(init as string)).toMatch(/host replication/);
    const script = read(mounted('postgres-replica', '/replica.sh') as string);
    expect(script).toContain('pg_basebackup');
    expect(script).toContain(`-S ${REPLICATION_SLOT}`);
    expect(script).toContain('-R');
    expect(services['postgres-replica']?.environment?.PRIMARY_HOST).toBe('postgres');
    expect(services['postgres-replica']?.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
  });
});
