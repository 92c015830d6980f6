/**
 * Prometheus metrics in a registry of this app's own (two gateways in one test process must not share one):
 * process defaults, HTTP latency by route, and the live stream's connections, deliveries and lag.
 */
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'skald_gateway_' });
  return {
    registry,
    http: new Histogram({
      name: 'skald_gateway_http_request_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    sockets: new Gauge({ name: 'skald_live_sockets', help: 'connected live sockets', registers: [registry] }),
    batches: new Counter({
      name: 'skald_live_batches_total',
      help: 'activity batches applied',
      registers: [registry],
    }),
    events: new Counter({
      name: 'skald_live_events_total',
      help: 'activity rows applied',
      registers: [registry],
    }),
    retracted: new Counter({
      name: 'skald_live_retracted_total',
      help: 'activity rows retracted by reorgs',
      registers: [registry],
    }),
    lag: new Histogram({
      name: 'skald_live_lag_seconds',
      help: 'block time to delivery, per event',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'skald_gateway_errors_total',
      help: 'errors by where they happened',
      labelNames: ['where'],
      registers: [registry],
    }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export default fp(
  async (app) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      metrics.http.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'metrics' },
);
