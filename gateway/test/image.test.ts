/**
 * The image proxy: allowed widths only, webp out, cached; and SSRF attempts refused before any request leaves:
 * a trap server on loopback counts every hit it gets, and must get none.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../src/image/addresses.ts';
import { ImageSourceError } from '../src/image/fetch.ts';
import { ALLOWED_WIDTHS, createImageProxy } from '../src/image/proxy.ts';

let png: Buffer;
let assetsDir: string;
let trap: Server;
let trapHits = 0;
let trapPort = 0;
let cdn: Server;
let cdnPort = 0;

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, host, () => resolve((server.address() as { port: number }).port)),
  );

beforeAll(async () => {
  png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  assetsDir = mkdtempSync(join(tmpdir(), 'skald-assets-'));
  mkdirSync(join(assetsDir, 'veras'));
  writeFileSync(join(assetsDir, 'veras', 'bjorn.png'), png);
  writeFileSync(join(assetsDir, 'notes.txt'), 'not an image');
  mkdirSync(join(assetsDir, 'art'));
  writeFileSync(
    join(assetsDir, 'art', 'crest.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><defs><linearGradient id="g"><stop offset="0" stop-color="#e8b04a"/></linearGradient></defs><circle cx="32" cy="32" r="30" fill="url(#g)"/></svg>',
  );
  writeFileSync(
    join(assetsDir, 'art', 'outside.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"><image xlink:href="file:///etc/passwd" width="64" height="64"/></svg>',
  );
  trap = createServer((_req, res) => {
    trapHits += 1;
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  trapPort = await listen(trap, '127.0.0.1');
  // the "remote" origin lives on 127.0.0.2, which only the tests' widened address policy allows
  cdn = createServer((req, res) => {
    if (req.url === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (req.url === '/huge.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(300_000));
    if (req.url === '/to-loopback') {
      return res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/x.png` }).end();
    }
    if (req.url === '/to-named-loopback') {
      return res.writeHead(302, { location: `http://internal.test:${trapPort}/x.png` }).end();
    }
    res.writeHead(404).end();
  });
  cdnPort = await listen(cdn, '127.0.0.2');
});

afterAll(() => {
  trap?.close();
  cdn?.close();
});

const names: Record<string, string[]> = {
  'cdn.test': ['127.0.0.2'],
  'internal.test': ['127.0.0.1'],
  'meta.test': ['169.254.169.254'],
  'ten.test': ['10.1.2.3'],
  'six.test': ['::1'],
  'rebind.test': ['127.0.0.2', '10.0.0.7'],
};

function proxy(allowedOrigins: string[], maxBytes = 200_000) {
  return createImageProxy({
    allowedOrigins,
    maxBytes,
    assetsDir,
    resolve: async (host) =>
      (names[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    isAllowedAddress: (a) => a === '127.0.0.2' || isPublicAddress(a),
  });
}

describe('image proxy output', () => {
  it('resizes the app’s own images to every allowed width (density 1 and 2) as webp', async () => {
    const p = proxy([]);
    expect(ALLOWED_WIDTHS).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072]);
    for (const width of ALLOWED_WIDTHS) {
      const { body } = await p.render('/veras/bjorn.png', width, 80);
      const meta = await sharp(body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(width, 2000)); // never enlarged
    }
  });

  it('rasterises the app’s own SVG art at the asked width (it is drawn, not enlarged)', async () => {
    const p = proxy([]);
    for (const width of [320, 640, 3072]) {
      const { body } = await p.render('/art/crest.svg', width, 100);
      const meta = await sharp(body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width);
    }
  });

  it('draws art asked at q 100 exactly when that is the smaller file (flat colours: lossless webp)', async () => {
    const p = proxy([]);
    const { body } = await p.render('/art/crest.svg', 640, 100);
    // a lossless webp is a VP8L bitstream
    expect(body.subarray(12, 16).toString('latin1')).toBe('VP8L');
    const lossy = await sharp(join(assetsDir, 'art', 'crest.svg'), { density: 720 })
      .resize({ width: 640 })
      .webp({ quality: 100 })
      .toBuffer();
    expect(body.length).toBeLessThan(lossy.length);
    // every pixel as drawn
    const drawn = await sharp(join(assetsDir, 'art', 'crest.svg'), { density: 720 })
      .resize({ width: 640 })
      .raw()
      .toBuffer();
    expect((await sharp(body).raw().toBuffer()).equals(drawn)).toBe(true);
    // a lower quality is what it asks for: lossy
    const { body: q80 } = await p.render('/art/crest.svg', 640, 80);
    expect(q80.includes('VP8L', 0, 'latin1')).toBe(false);
  });

  it('refuses an SVG that refers to anything outside itself', async () => {
    await expect(proxy([]).render('/art/outside.svg', 320, 100)).rejects.toMatchObject({ status: 415 });
  });

  it('caches a rendered size', async () => {
    const p = proxy([]);
    expect((await p.render('/veras/bjorn.png', 640, 100)).cached).toBe(false);
    expect((await p.render('/veras/bjorn.png', 640, 100)).cached).toBe(true);
  });

  it('fetches from an allowlisted origin', async () => {
    const { body } = await proxy([`http://cdn.test:${cdnPort}`]).render(
      `http://cdn.test:${cdnPort}/ok.png`,
      320,
      90,
    );
    expect((await sharp(body).metadata()).width).toBe(320);
  });

  it('refuses paths out of the asset folder and non-images', async () => {
    const p = proxy([]);
    await expect(p.render('/../../etc/passwd.png', 320, 90)).rejects.toThrow(ImageSourceError);
    await expect(p.render('/%2e%2e/%2e%2e/etc/hosts.png', 320, 90)).rejects.toThrow(ImageSourceError);
    await expect(p.render('/notes.txt', 320, 90)).rejects.toThrow(/not an image/);
  });

  it('refuses a non-image body and an oversized one', async () => {
    const p = proxy([`http://cdn.test:${cdnPort}`]);
    await expect(p.render(`http://cdn.test:${cdnPort}/page`, 320, 90)).rejects.toMatchObject({ status: 415 });
    await expect(p.render(`http://cdn.test:${cdnPort}/huge.png`, 320, 90)).rejects.toMatchObject({
      status: 413,
    });
  });
});

describe('SSRF attempts are refused without a fetch', () => {
  const attempts = () => [
    `http://127.0.0.1:${trapPort}/x.png`,
    `http://localhost:${trapPort}/x.png`,
    `http://[::1]:${trapPort}/x.png`,
    `http://[::ffff:127.0.0.1]:${trapPort}/x.png`,
    'http://10.0.0.1/x.png',
    'http://169.254.169.254/latest/meta-data/iam.png',
    `http://internal.test:${trapPort}/x.png`,
    'http://meta.test/x.png',
    'http://ten.test/x.png',
    `http://six.test:${trapPort}/x.png`,
    `http://rebind.test:${cdnPort}/ok.png`,
    `http://cdn.test:${cdnPort}/to-loopback`,
    `http://cdn.test:${cdnPort}/to-named-loopback`,
    'file:///etc/passwd',
    `http://user:pass@cdn.test:${cdnPort}/ok.png`,
    'https://not-allowlisted.example/x.png',
  ];

  it('every attempt fails and the trap server is never reached', async () => {
    const list = attempts();
    // allowlisting the dangerous origins themselves must not help: the address checks still refuse them
    const origins = list.flatMap((u) => {
      try {
        return [new URL(u).origin];
      } catch {
        return [];
      }
    });
    const p = proxy(origins.filter((o) => !o.includes('not-allowlisted')));
    for (const url of list) {
      await expect(p.render(url, 320, 90), url).rejects.toThrow(ImageSourceError);
    }
    expect(trapHits).toBe(0);
  });

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('judges IPv6 addresses that carry an IPv4 one by where they lead', () => {
    for (const a of [
      // 6to4 of 127.0.0.1, 10.0.0.1, 169.254.169.254
      '2002:7f00:1::',
      '2002:7f00:0001:0000:0000:0000:0000:0001',
      '2002:a00:1::1',
      '2002:a9fe:a9fe::',
      // IPv4-compatible (deprecated), in both spellings
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::8.8.8.8',
      // IPv4-mapped and IPv4-translated
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::ffff:0:127.0.0.1',
      // NAT64 well-known prefix with private targets, and the local-use NAT64 prefix
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::192.168.0.1',
      '64:ff9b:1::8.8.8.8',
      // Teredo, site-local, unspecified, zone index
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fec0::1',
      '::',
      'fe80::1%eth0',
      'not-an-address',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['2002:808:808::1', '64:ff9b::8.8.8.8', '::ffff:1.1.1.1', '2a00:1450:4001:80b::200e']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
});
