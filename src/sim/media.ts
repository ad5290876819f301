/**
 * `/media/…`: the catalogue's thumbnails (generated SVG portraits), the idle clip of every face and
 * the mp4 of every produced talk. Clips are small files committed in src/sim/media/.
 */
import { readFile } from 'node:fs/promises';
import { Hono, type Context } from 'hono';
import { faceSvg } from './art.js';
import type { SimContext } from './context.js';

const clipCache = new Map<string, Promise<Uint8Array>>();
const clip = (name: 'idle.mp4' | 'talk.mp4') => {
  let p = clipCache.get(name);
  if (!p) {
    p = readFile(new URL(`./media/${name}`, import.meta.url)).then((b) => new Uint8Array(b));
    clipCache.set(name, p);
  }
  return p;
};

/** Serves bytes with single-range support, which browsers use to seek and to start playback. */
function sendBytes(c: Context, bytes: Uint8Array, type: string) {
  const headers: Record<string, string> = {
    'content-type': type,
    'accept-ranges': 'bytes',
    'cache-control': 'public, max-age=3600',
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
  if (range && (range[1] || range[2])) {
    const size = bytes.length;
    let start = range[1] ? Number(range[1]) : size - Number(range[2]);
    let end = range[1] && range[2] ? Number(range[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end) return c.body(null, 416, { 'content-range': `bytes */${size}` });
    return c.body(bytes.slice(start, end + 1) as Uint8Array<ArrayBuffer>, 206, {
      ...headers,
      'content-range': `bytes ${start}-${end}/${size}`,
    });
  }
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
}

export function mediaRoutes(sim: SimContext) {
  const app = new Hono();
  const svg = (variant: 'avatar' | 'poster') => (c: Context) => {
    const id = c.req.param('file')!.replace(/\.svg$/, '');
    const face = sim.store.faces.find((f) => f.id === id);
    if (!face) return c.text('No such face', 404);
    return c.body(faceSvg(face.id, { gender: face.gender, name: face.name, variant }), 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
    });
  };
  app.get('/faces/:file', svg('avatar'));
  app.get('/posters/:file', svg('poster'));
  app.get('/idle.mp4', async (c) => sendBytes(c, await clip('idle.mp4'), 'video/mp4'));
  app.get('/talks/:file', async (c) => {
    const id = c.req.param('file').replace(/\.mp4$/, '');
    const talk = sim.store.talks.find((t) => t.id === id && t.readyAt <= sim.store.now());
    if (!talk) return c.text('No such video', 404);
    return sendBytes(c, await clip('talk.mp4'), 'video/mp4');
  });
  return app;
}
