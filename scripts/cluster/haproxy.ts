/**
 * The balancer's configuration: HAProxy in front of the gateways, websocket-aware (a socket.io upgrade becomes
 * a tunnel that lives as long as the socket), each gateway checked on /ready once a second. A gateway that fails
 * three checks in a row (3 s each at most) leaves the rotation; a request refused by a dead one is sent to another (`option redispatch`).
 * When no gateway is ready (the indexer is behind for all of them alike), requests still go to those that
 * answer /health, which then say why they are not ready instead of the balancer answering 503 alone.
 */
export function haproxyConfig(options: { bind: string; gateways: string[] }): string {
  const servers = (check: string) =>
    options.gateways.map((address, i) => `  server gateway-${i + 1} ${address} ${check}`).join('\n');
  return `global
  maxconn 8000

defaults
  mode http
  option httplog
  option forwardfor
  option redispatch
  retries 3
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-keep-alive 10s
  timeout check 3s
  default-server inter 1s fall 3 rise 2 init-addr last,libc,none

frontend skald
  bind ${options.bind}
  use_backend ready if { nbsrv(ready) gt 0 }
  default_backend up

backend ready
  balance leastconn
  option httpchk
  http-check send meth GET uri /ready
  http-check expect status 200
${servers('check')}

backend up
  balance leastconn
  option httpchk
  http-check send meth GET uri /health
  http-check expect status 200
${servers('check')}
`;
}
