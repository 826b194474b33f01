// Registers phones for push notifications on a running server, and stands in for their push
// service (on loopback, answering 201 as a real one does) until it is stopped: what the bookings
// benchmark runs beside the server, so each booking also writes and sends its pushes.
// Prints "ready" once every device is subscribed.
// Usage: node bench/push_devices.mjs BASE EMAIL PASSWORD DEVICES
import { createECDH, randomBytes } from "node:crypto";
import { createServer } from "node:http";

const [base, email, password, devices] = process.argv.slice(2);
let pushes = 0;
const service = createServer((request, response) => {
  request.on("data", () => {});
  request.on("end", () => {
    pushes += 1;
    response.writeHead(201).end();
  });
});
await new Promise((done) => service.listen(0, "127.0.0.1", done));
const serviceUrl = `http://127.0.0.1:${service.address().port}`;

const login = await fetch(`${base}/api/admin/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email, password }),
});
if (!login.ok) throw new Error(`signing in answered ${login.status}`);
const cookie = login.headers.get("set-cookie").split(";")[0];
const { csrfToken } = await login.json();
for (let n = 0; n < Number(devices); n++) {
  const key = createECDH("prime256v1");
  key.generateKeys();
  const subscribed = await fetch(`${base}/api/admin/push-subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, "x-csrf-token": csrfToken },
    body: JSON.stringify({
      endpoint: `${serviceUrl}/push/bench-phone-${n}`,
      expirationTime: null,
      keys: { p256dh: key.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") },
    }),
  });
  if (subscribed.status !== 201) throw new Error(`subscribing answered ${subscribed.status}`);
}
console.log("ready");
process.on("SIGTERM", () => {
  console.error(`pushes received: ${pushes}`);
  service.close();
  process.exit(0);
});
