/**
 * Fetches a remote source image for the proxy, defending against SSRF: only http(s) URLs on an allowlisted
 * origin; every address the name resolves to must be public, checked inside the connection's own DNS lookup (so
 * a rebinding answer cannot slip in between check and connect); redirects are followed by hand, each hop checked
 * the same way; only image content types; the body is capped while it streams.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from './addresses.ts';

export class ImageSourceError extends Error {
  override name = 'ImageSourceError';
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 413 | 415 | 502 = 400,
  ) {
    super(message);
  }
}

export type FetchPolicy = {
  allowedOrigins: string[];
  maxBytes: number;
  /** DNS resolution (tests map names to chosen addresses) */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** which resolved addresses may be connected to (tests widen it to reach a loopback server) */
  isAllowedAddress?: (address: string) => boolean;
  maxRedirects?: number;
  timeoutMs?: number;
};

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

const defaultResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Refuses a URL that is not on the allowlist, before any network use. */
export function checkUrl(raw: string, policy: FetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageSourceError('url must be an absolute http(s) URL or a path starting with /');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ImageSourceError('url must use http or https');
  if (url.username || url.password) throw new ImageSourceError('url must not carry credentials');
  if (!policy.allowedOrigins.includes(url.origin))
    throw new ImageSourceError(`origin ${url.origin} is not allowed`, 403);
  return url;
}

export async function fetchImage(raw: string, policy: FetchPolicy): Promise<Buffer> {
  const allowed = policy.isAllowedAddress ?? isPublicAddress;
  const resolve = policy.resolve ?? defaultResolve;
  let url = checkUrl(raw, policy);
  for (let hop = 0; hop <= (policy.maxRedirects ?? 3); hop++) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && !allowed(host)) throw new ImageSourceError(`address ${host} is not allowed`, 403);
    const response = await request(url, policy, async (hostname) => {
      const addresses = await resolve(hostname);
      if (addresses.length === 0) throw new ImageSourceError(`${hostname} does not resolve`, 502);
      const bad = addresses.find((a) => !allowed(a.address));
      if (bad) throw new ImageSourceError(`${hostname} resolves to a forbidden address`, 403);
      return addresses[0] as LookupAddress;
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      url = checkUrl(new URL(response.headers.location, url).toString(), policy);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new ImageSourceError(`source answered ${status}`, status === 404 ? 404 : 502);
    }
    const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!IMAGE_TYPES.has(type)) {
      response.resume();
      throw new ImageSourceError(
        `source is ${type || 'untyped'}, not a png, jpeg, webp, gif or avif image`,
        415,
      );
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > policy.maxBytes) {
      response.destroy();
      throw new ImageSourceError(`source is larger than ${policy.maxBytes} bytes`, 413);
    }
    return readCapped(response, policy.maxBytes);
  }
  throw new ImageSourceError('too many redirects', 502);
}

function request(
  url: URL,
  policy: FetchPolicy,
  vet: (hostname: string) => Promise<LookupAddress>,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.get(url, {
      timeout: policy.timeoutMs ?? 5000,
      headers: { accept: 'image/*', 'user-agent': 'skald-image-proxy' },
      // the connection resolves through this, so the checked address is the one connected to
      lookup: ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        vet(hostname).then(
          // Node's happy-eyeballs connect asks for every address (all: true); plain connects ask for one
          (a) =>
            options.all
              ? callback(null, [{ address: a.address, family: a.family }])
              : callback(null, a.address, a.family),
          (error: Error) => callback(error),
        );
      }) as unknown as typeof dnsLookup,
    });
    req.on('response', resolve);
    req.on('timeout', () => req.destroy(new ImageSourceError('source timed out', 502)));
    req.on('error', (error) =>
      reject(
        error instanceof ImageSourceError
          ? error
          : new ImageSourceError(`fetch failed: ${error.message}`, 502),
      ),
    );
  });
}

function readCapped(response: http.IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        response.destroy();
        reject(new ImageSourceError(`source is larger than ${max} bytes`, 413));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', (e) => reject(new ImageSourceError(`fetch failed: ${e.message}`, 502)));
  });
}
