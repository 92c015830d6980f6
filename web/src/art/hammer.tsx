/** The Skald hammer logo, inline so the header paints it with the first byte of HTML. */
import { hammerSvgBody } from './svg.ts';

export function HammerLogo({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role="img"
      aria-hidden="true"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own static artwork, no user input
      dangerouslySetInnerHTML={{ __html: hammerSvgBody() }}
    />
  );
}
