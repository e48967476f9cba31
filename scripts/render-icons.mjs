// Renders build/icon.svg into the PNG and ICO files electron-builder packages:
//   build/icons/<n>x<n>.png  (Linux icon set: .desktop / hicolor theme, AppImage, deb)
//   build/icon.png           (512×512: the default icon, converted to .icns for macOS)
//   build/icon.ico           (Windows: 16, 32 and 48 as 32-bit BMP, 256 as PNG)
// It is run by hand after changing the SVG (`node scripts/render-icons.mjs`) and its outputs are
// committed, so packaging never needs a browser. Rendering uses Debian's Chromium through
// playwright-core (CHROMIUM_PATH overrides /usr/bin/chromium).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = join(root, 'build');
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
export const ICO_SIZES = [16, 32, 48, 256];

async function renderPngs(svg) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const pngs = new Map();
    for (const size of PNG_SIZES) {
      const page = await browser.newPage({
        viewport: { width: size, height: size },
        deviceScaleFactor: 1,
      });
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">` +
          `<img id="icon" alt="" src="${src}" width="${size}" height="${size}" style="display:block">` +
          `</body></html>`,
      );
      await page.locator('#icon').evaluate((img) => img.decode());
      const png = await page.screenshot({
        type: 'png',
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      });
      await page.close();
      pngs.set(size, png);
    }
    return pngs;
  } finally {
    await browser.close();
  }
}

/** Decodes an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes) into RGBA pixels. */
export function decodePng(png) {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const bitDepth = data[8];
      colorType = data[9];
      const interlace = data[12];
      if (bitDepth !== 8 || (colorType !== 6 && colorType !== 2) || interlace !== 0) {
        throw new Error(
          `unsupported PNG (depth ${bitDepth}, colour ${colorType}, interlace ${interlace})`,
        );
      }
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const channels = colorType === 6 ? 4 : 3;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let value;
      if (filter === 0) value = line[x];
      else if (filter === 1) value = line[x] + a;
      else if (filter === 2) value = line[x] + b;
      else if (filter === 3) value = line[x] + ((a + b) >> 1);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value = line[x] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      } else throw new Error(`bad PNG filter ${filter}`);
      pixels[y * stride + x] = value & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: pixels };
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    pixels.copy(rgba, i * 4, i * 3, i * 3 + 3);
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/** A 32-bit DIB as stored in an ICO: BITMAPINFOHEADER, BGRA rows bottom-up, then the AND mask. */
function icoBitmap({ width, height, rgba }) {
  const maskStride = Math.ceil(width / 32) * 4;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height * 2, 8); // colour rows plus mask rows
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(0, 16); // BI_RGB
  header.writeUInt32LE(width * height * 4 + maskStride * height, 20);
  const colour = Buffer.alloc(width * height * 4);
  const mask = Buffer.alloc(maskStride * height);
  for (let y = 0; y < height; y++) {
    const row = height - 1 - y;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      const to = (row * width + x) * 4;
      colour[to] = rgba[from + 2];
      colour[to + 1] = rgba[from + 1];
      colour[to + 2] = rgba[from];
      colour[to + 3] = rgba[from + 3];
      if (rgba[from + 3] === 0) mask[row * maskStride + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return Buffer.concat([header, colour, mask]);
}

/** An ICO file: small sizes as BMP (read by every Windows tool), 256 as PNG (Vista and later). */
export function encodeIco(pngs) {
  const images = ICO_SIZES.map((size) => {
    const png = pngs.get(size);
    if (!png) throw new Error(`no ${size}px PNG`);
    return { size, data: size >= 256 ? png : icoBitmap(decodePng(png)) };
  });
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header[entry] = size >= 256 ? 0 : size; // 0 means 256
    header[entry + 1] = size >= 256 ? 0 : size;
    header[entry + 2] = 0; // no palette
    header[entry + 3] = 0;
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

async function main() {
  const svg = await readFile(join(buildDir, 'icon.svg'), 'utf8');
  const pngs = await renderPngs(svg);
  await mkdir(join(buildDir, 'icons'), { recursive: true });
  for (const [size, png] of pngs) {
    await writeFile(join(buildDir, 'icons', `${size}x${size}.png`), png);
  }
  const largest = pngs.get(512);
  if (!largest) throw new Error('no 512px PNG');
  await writeFile(join(buildDir, 'icon.png'), largest);
  await writeFile(join(buildDir, 'icon.ico'), encodeIco(pngs));
  console.log(
    `icons: build/icons/{${PNG_SIZES.map((s) => `${s}x${s}`).join(',')}}.png, build/icon.png, build/icon.ico`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
