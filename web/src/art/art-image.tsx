import { densitySrcSet, proxiedUrl, widthFor, widthSrcSet } from './paths.ts';

/**
 * An artwork through the image proxy: the gateway rasterises the app's own art to webp at the spec's widths.
 * A fixed-size image offers 1x and 2x candidates; a fluid one (`sizes` given) every listed width for the browser
 * to pick against `sizes`.
 */
export function ArtImage(props: {
  src: string;
  alt: string;
  size: number;
  className?: string;
  /** e.g. "(max-width: 720px) 100vw, 240px": makes the image fluid (width descriptors) */
  sizes?: string;
  /** above the fold: fetch at once */
  eager?: boolean;
  /** the page's largest picture (its LCP): fetched ahead of scripts */
  priority?: boolean;
}) {
  return (
    <img
      src={proxiedUrl(props.src, widthFor(props.size))}
      srcSet={props.sizes ? widthSrcSet(props.src) : densitySrcSet(props.src, props.size)}
      sizes={props.sizes}
      width={props.size}
      height={props.size}
      alt={props.alt}
      loading={props.eager || props.priority ? 'eager' : 'lazy'}
      fetchPriority={props.priority ? 'high' : undefined}
      decoding="async"
      className={props.className}
    />
  );
}
