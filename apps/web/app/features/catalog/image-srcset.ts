import { IMAGE_DENSITIES, IMAGE_SIZES_PX, type ImageSize } from "@croupier/contract/image-sizes";

/**
 * Game art through the image proxy (/_ipx/{modifiers}/{src}, apps/server/src/plugins/image-proxy.ts):
 * webp at one of the lobby's fixed sizes (packages/contract/src/image-sizes.ts), density 1 and 2. The
 * proxy renders those widths only. Only pictures of the web app's public folder go through the proxy;
 * anything else (an absolute URL) is used as it is.
 */
export type TileImage = { src: string; srcSet?: string };

const PUBLIC_IMAGE = /^\/(?!\/)[A-Za-z0-9._\-/]+\.(svg|png|jpe?g|webp|avif|gif)$/i;

function ipxPath(src: string, width_px: number): string {
  return `/_ipx/w_${width_px},f_webp/${src.slice(1)}`;
}

export function tileImage(src: string, size: ImageSize): TileImage {
  if (!PUBLIC_IMAGE.test(src) || src.includes("..")) return { src };
  const width_px = IMAGE_SIZES_PX[size];
  return {
    src: ipxPath(src, width_px),
    srcSet: IMAGE_DENSITIES.map((density) => `${ipxPath(src, width_px * density)} ${density}x`).join(", "),
  };
}
