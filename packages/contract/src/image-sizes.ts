/**
 * The sizes the player web app draws game art at, in CSS pixels. The image
 * proxy (/_ipx) renders exactly these at density 1 and 2 and refuses any other
 * width: each new size costs the server a resize (~0.25 s of CPU), so the list
 * is closed and shared by the app that asks and the server that answers.
 */
export const IMAGE_SIZES_PX = { tile: 200, thumb: 40 } as const;

export type ImageSize = keyof typeof IMAGE_SIZES_PX;

/** Device pixel ratios served: 1x and 2x (a 3x phone takes the 2x picture). */
export const IMAGE_DENSITIES = [1, 2] as const;

/** Every width the proxy renders, ascending. */
export const IMAGE_WIDTHS_PX: readonly number[] = [
  ...new Set(Object.values(IMAGE_SIZES_PX).flatMap((width) => IMAGE_DENSITIES.map((density) => width * density))),
].sort((a, b) => a - b);

export function isServedImageWidth(width_px: number): boolean {
  return IMAGE_WIDTHS_PX.includes(width_px);
}
