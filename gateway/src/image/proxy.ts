/**
 * The image proxy's work: read the source (the app's own asset folder, or an allowlisted origin through the
 * SSRF-safe fetch), resize to one of the allowed widths (the app's own SVG art is rasterised at that width),
 * encode webp, and cache the result.
 */
import { readFile, realpath } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { IMAGE_WIDTHS } from '@skald/wire/rest/image';
import sharp from 'sharp';
import { ImageCache } from './cache.ts';
import { type FetchPolicy, fetchImage, ImageSourceError } from './fetch.ts';

/** Widths the web app asks for (spec section 7), each at density 1 and 2: the wire's list, which the route checks. */
export const ALLOWED_WIDTHS = IMAGE_WIDTHS;

const ASSET_TYPES = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif', '.avif', '.svg']);
/**
 * The app's own SVG art is rasterised here (never an SVG from elsewhere: remote sources stay raster-only). Even
 * our own files may not pull anything in: no external references, no <image>, no stylesheet imports.
 */
const SVG_EXTERNAL =
  /<image\b|<script\b|<foreignObject\b|@import|(?:xlink:)?href\s*=\s*["'](?!#)|url\(\s*["']?(?!#)/i;
/** SVG is drawn at 72 dpi by default; the density that makes its intrinsic width the wanted width, capped. */
const MAX_SVG_DENSITY = 2400;
/** Decompression bombs stop here (sharp refuses larger inputs). */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageProxyOptions = FetchPolicy & { assetsDir?: string; cacheBytes?: number };

async function rasterise(source: Buffer, svg: boolean, width: number, quality: number): Promise<Buffer> {
  if (!svg) {
    return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
  }
  const intrinsic = (await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).width;
  if (!intrinsic) throw new ImageSourceError('svg has no width', 415);
  const density = Math.min(MAX_SVG_DENSITY, Math.max(1, (72 * width) / intrinsic));
  const drawn = sharp(source, { density, limitInputPixels: MAX_INPUT_PIXELS }).resize({ width });
  if (quality < 100) return drawn.webp({ quality }).toBuffer();
  // q 100 asks for the best picture. Drawn art (flat colours, hard edges) is usually smaller encoded exactly
  // than lossy at 100 (a species at 768 px: 23 KB against 44 KB), so it gets whichever of the two is smaller.
  const [lossy, exact] = await Promise.all([
    drawn.clone().webp({ quality }).toBuffer(),
    drawn.clone().webp({ lossless: true }).toBuffer(),
  ]);
  return exact.length <= lossy.length ? exact : lossy;
}

export function createImageProxy(options: ImageProxyOptions) {
  const cache = new ImageCache(options.cacheBytes ?? 64 * 1024 * 1024);

  async function readAsset(path: string): Promise<Buffer> {
    if (!options.assetsDir) throw new ImageSourceError('this gateway serves no local images', 404);
    const decoded = decodeURIComponent(path.split('?')[0] ?? '');
    if (!ASSET_TYPES.has(extname(decoded).toLowerCase()))
      throw new ImageSourceError('not an image path', 415);
    const root = resolve(options.assetsDir);
    const file = resolve(join(root, decoded));
    if (!file.startsWith(root + sep)) throw new ImageSourceError('path leaves the asset folder', 400);
    try {
      // a symlink inside the folder must not lead out of it either
      const real = await realpath(file);
      if (!real.startsWith((await realpath(root)) + sep))
        throw new ImageSourceError('path leaves the asset folder', 400);
      const data = await readFile(real);
      if (data.length > options.maxBytes)
        throw new ImageSourceError(`image is larger than ${options.maxBytes} bytes`, 413);
      if (extname(real).toLowerCase() === '.svg' && SVG_EXTERNAL.test(data.toString('utf8')))
        throw new ImageSourceError('svg refers to outside resources', 415);
      return data;
    } catch (error) {
      if (error instanceof ImageSourceError) throw error;
      throw new ImageSourceError(`no image at ${decoded}`, 404);
    }
  }

  return {
    cache,
    async render(url: string, width: number, quality: number): Promise<{ body: Buffer; cached: boolean }> {
      const key = `${width}|${quality}|${url}`;
      const hit = cache.get(key);
      if (hit) return { body: hit, cached: true };
      const local = url.startsWith('/') && !url.startsWith('//');
      const source = local ? await readAsset(url) : await fetchImage(url, options);
      const svg = local && extname(url.split('?')[0] ?? '').toLowerCase() === '.svg';
      let body: Buffer;
      try {
        body = await rasterise(source, svg, width, quality);
      } catch (error) {
        if (error instanceof ImageSourceError) throw error;
        throw new ImageSourceError('source is not a readable image', 415);
      }
      cache.set(key, body);
      return { body, cached: false };
    },
  };
}

export type ImageProxy = ReturnType<typeof createImageProxy>;
