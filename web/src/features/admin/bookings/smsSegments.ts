// How many SMS a text takes, counted as the server counts it (server/src/delivery/text/segments.rs):
// the GSM 7-bit alphabet goes 160 characters to one message and 153 a part once split, where
// `^{}\[~]|€` and the form feed take two; any other character makes the whole text UCS-2, 70
// UTF-16 units to one message and 67 a part. A part never splits an escape or a surrogate pair.

const BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const EXTENDED = "^{}\\[~]|€\f";

/** The parts units of these `costs` fill: one of `single` when all fit, else parts of `part`. */
function parts(costs: number[], single: number, part: number): number {
  if (costs.reduce((sum, cost) => sum + cost, 0) <= single) return 1;
  let count = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > part) {
      count += 1;
      used = 0;
    }
    used += cost;
  }
  return count;
}

/** The SMS `text` takes, and whether accents or emoji made it UCS-2. */
export function smsSegments(text: string): { count: number; unicode: boolean } {
  const characters = [...text];
  const septets = characters.map((c) => (BASIC.includes(c) ? 1 : EXTENDED.includes(c) ? 2 : null));
  if (septets.every((cost) => cost !== null)) return { count: parts(septets as number[], 160, 153), unicode: false };
  return {
    count: parts(
      characters.map((c) => c.length),
      70,
      67,
    ),
    unicode: true,
  };
}
