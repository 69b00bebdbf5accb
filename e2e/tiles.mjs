// A map tile server for the browser tests, so no test reaches
// tile.openstreetmap.org: GET /{z}/{x}/{y}.png answers a plain 256×256 PNG
// and counts the request; GET /count answers the count as JSON. run.mjs
// starts it and gives the app MAP_TILES_URL=<url>/{z}/{x}/{y}.png, and the
// tests E2E_TILES=<url>; a test reads the count with tileRequests().
import { createServer } from "node:http";
import { deflateSync } from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

// tilePNG is a 256×256 RGB tile: a light land colour with a darker grid
// line along its top and left edges, so screenshots show the tiles' seams.
export function tilePNG(size = 256) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0;
      const i = row + 1 + x * 3;
      rows[i] = edge ? 0xc8 : 0xf2;
      rows[i + 1] = edge ? 0xcd : 0xef;
      rows[i + 2] = edge ? 0xd6 : 0xe9;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// startTiles listens on a free port of 127.0.0.1. It returns the server's
// url, the template for MAP_TILES_URL, count() (tiles served so far) and
// stop().
export async function startTiles() {
  const png = tilePNG();
  let count = 0;
  const server = createServer((req, res) => {
    const path = new URL(req.url || "/", "http://tiles").pathname;
    if (req.method === "GET" && path === "/count") {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ count }));
      return;
    }
    if ((req.method === "GET" || req.method === "HEAD") && /^\/\d+\/\d+\/\d+\.png$/.test(path)) {
      count++;
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length, "Cache-Control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : png);
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("not a tile\n");
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    template: `${url}/{z}/{x}/{y}.png`,
    count: () => count,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a browser's keep-alive would hold close()
      }),
  };
}

// tileRequests is how many tiles the stub has served, read from a test
// (another process than run.mjs's) through E2E_TILES.
export async function tileRequests(base = process.env.E2E_TILES) {
  if (!base) throw new Error("E2E_TILES is not set: run the browser tests with node e2e/run.mjs");
  const r = await fetch(`${base}/count`);
  if (!r.ok) throw new Error(`tile stub: ${r.status}`);
  return (await r.json()).count;
}
