/**
 * Game art through the image proxy (/_ipx/{modifiers}/{src}, apps/server/src/plugins/image-proxy.ts):
 * webp at the tile's pixel width for density 1 and twice that for density 2. Only pictures of the
 * web app's public folder go through the proxy; anything else (an absolute URL) is used as it is.
 */
export type TileImage = { src: string; srcSet?: string };

const PUBLIC_IMAGE = /^\/(?!\/)[A-Za-z0-9._\-/]+\.(svg|png|jpe?g|webp|avif|gif)$/i;

export function ipxPath(src: string, width: number): string {
  return `/_ipx/w_${Math.round(width)},f_webp/${src.slice(1)}`;
}

export function tileImage(src: string, width: number): TileImage {
  if (!PUBLIC_IMAGE.test(src) || src.includes("..")) return { src };
  const one = ipxPath(src, width);
  return { src: one, srcSet: `${one} 1x, ${ipxPath(src, width * 2)} 2x` };
}
