// Writes .br and .gz next to each built asset, so the server sends them without compressing
// at run time.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = "dist/client/assets";
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
  const data = readFileSync(join(dir, name));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(data, { level: 9 }));
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
