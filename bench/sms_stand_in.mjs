// A stand-in for a text provider speaking Twilio's Messages API, on loopback: it answers each
// text with 201, a sid and status 'queued', as the provider does, and notes when each number's
// text arrived. Imported by text_latency.mjs; run on its own (node bench/sms_stand_in.mjs PORT)
// for the bookings runs with texts on, it prints "ready" and the server's flags, answers
// GET /taken with the count of texts taken so far, and prints that count on SIGTERM.
import { createServer } from "node:http";

export const ACCOUNT = "ACbench00000000000000000000000000";
export const TOKEN = "bench-auth-token";
export const FROM = "+13035550100";

/** Starts the stand-in on `port` (0: any); `onText(to)` is called as each text arrives. */
export async function startStandIn(port, onText = () => {}) {
  let taken = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.method === "GET" && request.url === "/taken") {
        response.writeHead(200, { "content-type": "text/plain" }).end(String(taken));
        return;
      }
      if (request.method !== "POST" || !request.url.endsWith("/Messages.json")) {
        response.writeHead(404).end();
        return;
      }
      taken += 1;
      onText(new URLSearchParams(body).get("To") ?? "");
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ sid: `SM${String(taken).padStart(32, "0")}`, status: "queued" }));
    });
  });
  await new Promise((done) => server.listen(port, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${server.address().port}`, taken: () => taken, close: () => server.close() };
}

/** The server's flags for texts through the stand-in at `url`. */
export function textFlags(url) {
  return ["--sms-account-sid", ACCOUNT, "--sms-auth-token", TOKEN, "--sms-from", FROM, "--sms-api-url", url];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startStandIn(Number(process.argv[2]));
  process.on("SIGTERM", () => {
    console.log(JSON.stringify({ texts: standIn.taken() }));
    standIn.close();
    process.exit(0);
  });
  console.log(["ready", ...textFlags(standIn.url)].join(" "));
}
