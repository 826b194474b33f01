// A local stand-in for a text provider speaking Twilio's Messages API: it takes each text (201,
// status queued) and keeps its form fields, so a test reads what a customer's phone would get.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export const TEXT_ACCOUNT = "AC00000000000000000000000000000001";
const AUTH_TOKEN = "e2e auth token";
/** The address the server believes it has (its default --public-url): the provider signs for it. */
const PUBLIC_URL = "http://127.0.0.1:8080";

export interface TextStandIn {
  /** The API's base URL, for --sms-api-url. */
  url: string;
  /** Each text taken: To, From, Body, StatusCallback. */
  texts: Record<string, string>[];
  close: () => void;
}

async function form(request: IncomingMessage): Promise<Record<string, string>> {
  let body = "";
  for await (const chunk of request) body += String(chunk);
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startTexts(): Promise<TextStandIn> {
  const texts: Record<string, string>[] = [];
  const server = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== `/2010-04-01/Accounts/${TEXT_ACCOUNT}/Messages.json`) {
      response.writeHead(404).end();
      return;
    }
    void form(request).then((fields) => {
      texts.push(fields);
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ sid: `SM${String(texts.length).padStart(32, "0")}`, status: "queued" }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, texts, close: () => server.close() };
}

/** The server's flags for texts through `standIn`. */
export function textArgs(standIn: TextStandIn): string[] {
  return ["--sms-account-sid", TEXT_ACCOUNT, "--sms-auth-token", AUTH_TOKEN, "--sms-from", "+13035550100", "--sms-api-url", standIn.url];
}

/** Posts a customer's text from `from` to the server at `site`, signed as the provider signs it. */
export async function textFromCustomer(site: string, from: string, body: string): Promise<number> {
  const fields: Record<string, string> = {
    AccountSid: TEXT_ACCOUNT,
    MessageSid: `SMin${crypto.randomUUID().replace(/-/g, "")}`,
    From: from,
    To: "+13035550100",
    Body: body,
  };
  const url = `${PUBLIC_URL}/api/sms/inbound`;
  const signed =
    url +
    Object.keys(fields)
      .sort()
      .map((key) => `${key}${fields[key]}`)
      .join("");
  const signature = createHmac("sha1", AUTH_TOKEN).update(signed).digest("base64");
  const response = await fetch(`${site}/api/sms/inbound`, {
    method: "POST",
    headers: { "x-twilio-signature": signature, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return response.status;
}
