import { densitySrcSet, proxiedUrl, widthFor } from './paths.ts';

/**
 * An artwork at a fixed display size. Raster art goes through the image proxy (webp, 1x/2x at the spec's
 * widths); SVG is sent as is, since it is sharp at every density and the gateway's proxy takes raster sources
 * only.
 */
export function ArtImage(props: { src: string; alt: string; size: number; className?: string }) {
  const vector = props.src.endsWith('.svg');
  return (
    <img
      src={vector ? props.src : proxiedUrl(props.src, widthFor(props.size))}
      srcSet={vector ? undefined : densitySrcSet(props.src, props.size)}
      width={props.size}
      height={props.size}
      alt={props.alt}
      loading="lazy"
      decoding="async"
      className={props.className}
    />
  );
}
