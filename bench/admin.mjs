// Admin figures: sign-in latency (argon2id m=19 MiB, t=2), sign-ins arriving together (at most
// two hash at once), and the upload of a large image (decode, re-encode, three smaller copies).
// Usage: node bench/admin.mjs BASE EMAIL PASSWORD  (prints JSON)
import { deflateSync } from "node:zlib";

const [base, email, password] = process.argv.slice(2);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function signIn() {
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  return { ms: performance.now() - started, status: response.status, cookie: response.headers.get("set-cookie")?.split(";")[0], csrf: body.csrfToken };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** A width x height RGB PNG with gradients and a little texture (like a photo's sky and ground). */
function png(width, height) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      const noise = (x * 7 + y * 13) % 5;
      rows[i] = (x * 255) / width + noise;
      rows[i + 1] = (y * 255) / height;
      rows[i + 2] = 120 + noise;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

const sequential = [];
let session;
for (let i = 0; i < 20; i++) {
  session = await signIn();
  if (session.status !== 200) throw new Error(`sign-in answered ${session.status}`);
  sequential.push(session.ms);
}

const startedTogether = performance.now();
const together = await Promise.all(Array.from({ length: 8 }, signIn));
const togetherMs = performance.now() - startedTogether;

const image = png(4000, 3000);
const uploads = [];
for (let i = 0; i < 5; i++) {
  const form = new FormData();
  form.append("image", new Blob([image], { type: "image/png" }), "photo.png");
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/images`, {
    method: "POST",
    headers: { cookie: session.cookie, "x-csrf-token": session.csrf },
    body: form,
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  uploads.push(performance.now() - started);
}

console.log(
  JSON.stringify({
    sign_in_median_ms: median(sequential),
    sign_in_p95_ms: percentile(sequential, 0.95),
    together: { count: together.length, wall_ms: togetherMs, statuses: together.map((r) => r.status), slowest_ms: Math.max(...together.map((r) => r.ms)) },
    upload: { width: 4000, height: 3000, bytes: image.length, median_ms: median(uploads) },
  }),
);
