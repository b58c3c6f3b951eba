// node scripts/generate-app-icons.mjs: the installable app's PNG icons from apps/web/public/favicon.svg.
// Run by hand when the logo changes; the PNGs are committed so a build does not need sharp's native binary.
// "any" icons are the logo on a transparent square; "maskable" icons put it inside the 80 % safe zone on the
// theme colour, because a launcher may crop them to a circle or a squircle.
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const source = path.join(root, "apps/web/public/favicon.svg");
const out = path.join(root, "apps/web/public/icons");
const BACKGROUND = "#0c0f18";

async function anyIcon(size, name) {
  await sharp(source, { density: 72 * (size / 64) * 1.2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}

async function maskableIcon(size, name) {
  const logo = Math.round(size * 0.6);
  const image = await sharp(source, { density: 72 * (logo / 64) * 1.2 }).resize(logo, logo).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: image, gravity: "center" }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}

await anyIcon(192, "icon-192.png");
await anyIcon(512, "icon-512.png");
await maskableIcon(192, "maskable-192.png");
await maskableIcon(512, "maskable-512.png");
// iOS ignores the manifest's icons and crops nothing: the maskable artwork (opaque) suits it.
await maskableIcon(180, "apple-touch-icon.png");
console.log(`icons written to ${path.relative(root, out)}`);
