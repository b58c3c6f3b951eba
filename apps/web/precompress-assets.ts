import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Text files worth compressing; images other than SVG are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz next to every compressible client asset, at the highest levels (done
 * once per build, not per request). The server's static handler sends them to browsers that
 * accept the encoding (@fastify/static `preCompressed`).
 */
export function precompressAssets(): Plugin {
  return {
    name: "croupier:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const source = await fs.readFile(full).catch(() => null);
          if (!source || source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}
