// What an authenticator app shows, for the journeys that sign in with two steps.
import { createHmac } from "node:crypto";

/** The authenticator app's code for the base32 `secret`, `stepsAhead` 30-second steps from `now`
 * (the server's time, in milliseconds; RFC 6238 with SHA-1 and six digits, as the apps make it). */
export function totp(secret: string, now: number, stepsAhead = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/\s/g, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30) + stepsAhead));
  const hash = createHmac("sha1", key).update(counter).digest();
  const offset = hash[hash.length - 1]! & 0xf;
  return ((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, "0");
}
