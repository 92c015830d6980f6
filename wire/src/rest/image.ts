/** `/api/image`: the widths the image proxy renders (no TypeBox: the web app builds its srcsets from these). */

/** The widths a page asks for (1x). */
export const IMAGE_BASE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;

/** Every width `/api/image?w=` accepts: the base widths and their doubles (2x screens), ascending. */
export const IMAGE_WIDTHS: readonly number[] = [
  ...new Set(IMAGE_BASE_WIDTHS.flatMap((w) => [w, w * 2])),
].sort((a, b) => a - b);
