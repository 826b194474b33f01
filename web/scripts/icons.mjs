// Makes the site's icons from its logo (content/images/favicon.svg): the admin app's 192 and 512
// px icons and a maskable one (the logo on a full square, inside the safe circle), the public
// site's apple-touch-icon (180 px, no transparency: iOS rounds it itself) and favicon.ico (16
// and 32 px). Written to dist/icons, which the server builds in.
import { Resvg } from "@resvg/resvg-js";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const out = "dist/icons";
const logo = readFileSync("../content/images/favicon.svg", "utf8");
const size = /viewBox="0 0 (\d+) (\d+)"/.exec(logo);
if (!size) throw new Error("The logo has no viewBox of the form 0 0 W H");
const side = Number(size[1]);
/** The logo's colour: its first fill, which the full-square icons take as their background. */
const background = /fill="(#[0-9a-fA-F]{3,6})"/.exec(logo)?.[1] ?? "#c2410c";
const inner = logo.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");

/** The logo drawn on a full square of its colour, scaled to `share` of the side and centred. */
function fullSquare(share) {
  const offset = (side * (1 - share)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"><rect width="${side}" height="${side}" fill="${background}"/><g transform="translate(${offset} ${offset}) scale(${share})">${inner}</g></svg>`;
}

function png(svg, width) {
  return new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng();
}

/** An ICO file holding PNG images (every browser reads those). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ width, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(width, entry); // width (0 would mean 256)
    header.writeUInt8(width, entry + 1); // height
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map(({ data }) => data)]);
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, "icon-192.png"), png(logo, 192));
writeFileSync(join(out, "icon-512.png"), png(logo, 512));
// A maskable icon's content must fit the centre circle of 80% of the side.
writeFileSync(join(out, "icon-maskable-512.png"), png(fullSquare(0.8), 512));
writeFileSync(join(out, "apple-touch-icon.png"), png(fullSquare(0.82), 180));
writeFileSync(join(out, "favicon.ico"), ico([16, 32].map((width) => ({ width, data: png(logo, width) }))));
