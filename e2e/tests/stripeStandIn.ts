// A local stand-in for Stripe's Checkout: the server makes a session here (form-encoded, with an
// Idempotency-Key, as Stripe's API takes it), the customer is sent to its payment page, and
// "Pay" sends them back to the shop's page and then posts the signed checkout.session.completed
// event to the server's webhook, as Stripe does a moment after the payment.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const SECRET_KEY = "sk_test_e2e_stand_in";
const WEBHOOK_SECRET = "whsec_e2e_stand_in";
/** How long after the payment the event reaches the server (the page asks until it has). */
const EVENT_DELAY_MS = 1500;

interface Session {
  id: string;
  form: Record<string, string>;
}

export interface StripeStandIn {
  /** The API's base URL, for --stripe-api-url. */
  url: string;
  /** The server the events go to (set once it listens). */
  site: string;
  sessions: Session[];
  /** The events posted, with the server's answer. */
  events: { type: string; status: number }[];
  close: () => void;
}

async function body(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripe(): Promise<StripeStandIn> {
  const standIn: StripeStandIn = { url: "", site: "", sessions: [], events: [], close: () => {} };

  async function sendEvent(session: Session): Promise<void> {
    const { now } = (await (await fetch(`${standIn.site}/test-clock`)).json()) as { now: string };
    const payload = JSON.stringify({
      id: `evt_${session.id}`,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: session.id,
          object: "checkout.session",
          amount_total: Number(session.form["line_items[0][price_data][unit_amount]"]),
          currency: session.form["line_items[0][price_data][currency]"],
          payment_status: "paid",
          payment_intent: `pi_${session.id}`,
          client_reference_id: session.form.client_reference_id,
          metadata: Object.fromEntries(
            Object.entries(session.form).flatMap(([field, value]) => {
              const key = /^metadata\[(\w+)\]$/.exec(field)?.[1];
              return key ? [[key, value]] : [];
            }),
          ),
        },
      },
    });
    const timestamp = Math.floor(Date.parse(now) / 1000);
    const signature = createHmac("sha256", WEBHOOK_SECRET).update(`${timestamp}.${payload}`).digest("hex");
    const answer = await fetch(`${standIn.site}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": `t=${timestamp},v1=${signature}` },
      body: payload,
    });
    standIn.events.push({ type: "checkout.session.completed", status: answer.status });
  }

  /** The shop's own page `url` names, on the server as it listens here. */
  const onSite = (url: string) => {
    const back = new URL(url);
    return `${standIn.site}${back.pathname}${back.search}`;
  };

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url ?? "";
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
        response.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "Invalid API Key provided" } }));
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(await body(request)));
      const key = String(request.headers["idempotency-key"] ?? "");
      let session = standIn.sessions.find((each) => key && each.form["idempotency-key"] === key);
      if (!session) {
        session = { id: `cs_test_${standIn.sessions.length + 1}`, form: { ...form, "idempotency-key": key } };
        standIn.sessions.push(session);
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: session.id, object: "checkout.session", url: `${standIn.url}/pay/${session.id}` }));
      return;
    }
    const paying = /^\/pay\/(cs_test_\d+)$/.exec(path);
    const session = standIn.sessions.find((each) => each.id === paying?.[1]);
    if (!session) {
      response.writeHead(404).end();
      return;
    }
    if (request.method === "POST") {
      response.writeHead(303, { location: onSite(session.form.success_url ?? "") }).end();
      setTimeout(() => void sendEvent(session), EVENT_DELAY_MS);
      return;
    }
    const cents = Number(session.form["line_items[0][price_data][unit_amount]"]);
    const price = `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Checkout stand-in</title></head>` +
        `<body><main><h1>${escape(session.form["line_items[0][price_data][product_data][name]"] ?? "")}</h1><p>${price}</p>` +
        `<form method="post"><button type="submit">Pay ${price}</button></form><a href="${escape(onSite(session.form.cancel_url ?? ""))}">Back</a></main></body></html>`,
    );
  }

  const server = createServer((request, response) => void serve(request, response));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://127.0.0.1:${port}`;
  standIn.close = () => server.close();
  return standIn;
}

/** The server's flags for payments through `standIn`. */
export function stripeArgs(standIn: StripeStandIn): string[] {
  return ["--stripe-secret-key", SECRET_KEY, "--stripe-webhook-secret", WEBHOOK_SECRET, "--stripe-api-url", standIn.url];
}
