/** The Skald hammer logo, through the image proxy like all the app's art; fetched at once (it is in the header). */
import { ArtImage } from './art-image.tsx';
import { artPath } from './paths.ts';

export function HammerLogo({ size }: { size: number }) {
  return <ArtImage src={artPath.hammer()} alt="" size={size} eager className="hammer-logo" />;
}
