// What a first visit downloads: HTML, CSS and JS (raw, gzip, brotli) and the request count,
// images and video excluded. Usage: node weight.mjs BASE_URL PATH... ; prints JSON.
import { request } from "node:http";

function get(url, encoding) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function sizes(url) {
  const [raw, gzip, br] = await Promise.all(["identity", "gzip", "br"].map((e) => get(url, e)));
  return { raw: raw.body.length, gzip: gzip.body.length, brotli: br.body.length, text: raw.body.toString() };
}

const [base, ...paths] = process.argv.slice(2);
const report = {};
for (const path of paths) {
  const html = await sizes(base + path);
  const css = [...html.text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const js = [
    ...[...html.text.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.text.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]),
  ];
  const total = async (urls) => {
    const all = await Promise.all(urls.map((u) => sizes(base + u)));
    return all.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, brotli: t.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  };
  const { text: _, ...htmlSizes } = html;
  report[path] = { html: htmlSizes, css: await total(css), js: await total(js), requests: 1 + css.length + js.length };
}
console.log(JSON.stringify(report));
