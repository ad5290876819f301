/**
 * `/faces` and `/voices`, the catalogues, filtered and paged on the proxy's side. Each answer is
 * made once per query string and catalogue, with its strong ETag (a browser's If-None-Match gets a
 * 304 with no body): see ../prepared-answers.ts.
 */
import { Hono } from 'hono';
import type { FaceItem, FacesPage, VoiceItem, VoicesList } from '../../api/answers.js';
import { facesQuerySchema, voicesQuerySchema } from '../../api/requests.js';
import { fold } from '../../api/rules.js';
import { faceThumbnail, type Face } from '../../platform/schemas.js';
import { fail } from '../http.js';
import { imageResponse, relayImage, relayMedia, videoResponse } from '../media.js';
import { preparedAnswers } from '../prepared-answers.js';
import { routeBase } from '../public-heads.js';
import type { Deps } from '../deps.js';
import { valid } from '../validate.js';

/**
 * A face as the browser gets it: its pictures and idle video are the proxy's routes, relayed
 * (media.ts), so a page never contacts the platform's media host. `base` is where the proxy's
 * routes are (`/dh`); the elements resolve these paths against their endpoint.
 */
export function toFaceItem(face: Face, base: string): FaceItem {
  const at = `${base}/faces/${encodeURIComponent(face.id)}`;
  const thumbnail = faceThumbnail(face);
  return {
    id: face.id,
    name: face.name,
    gender: face.gender,
    thumbnail: thumbnail ? { kind: thumbnail.kind, url: `${at}/${thumbnail.kind}` } : null,
    videoUrl: face.videoUrl ? `${at}/video` : null,
  };
}

/** The face of that id in the catalogue (404 `not_found` when there is none). */
async function catalogueFace(deps: Deps, id: string): Promise<Face> {
  const face = (await deps.faces()).find((f) => f.id === id);
  return face ?? fail(404, 'not_found', `There is no face ${id} in the catalogue.`);
}

export function faceRoutes(deps: Deps) {
  const app = new Hono();
  const faceAnswers = preparedAnswers(() => deps.faces(), deps.compress);
  app.get('/', faceAnswers.reuse, valid('query', facesQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const all = await deps.faces();
    let faces = all;
    if (q.gender) faces = faces.filter((f) => f.gender === q.gender);
    if (q.q) {
      const needle = fold(q.q.trim());
      faces = faces.filter((f) => fold(f.name).includes(needle));
    }
    if (q.order === 'DESC') faces = [...faces].reverse();
    const total = faces.length;
    const pageCount = Math.ceil(total / q.take);
    const body: FacesPage = {
      items: faces
        .slice((q.page - 1) * q.take, q.page * q.take)
        .map((face) => toFaceItem(face, routeBase(deps))),
      page: q.page,
      take: q.take,
      total,
      pageCount,
      hasNextPage: q.page < pageCount,
    };
    return faceAnswers.answer(c, JSON.stringify(q), all, body);
  });
  // A face's picture (its avatar, else its poster image) and its idle video, relayed; the address
  // fetched is the catalogue's, never the browser's.
  app.get('/:id/image', async (c) => {
    const face = await catalogueFace(deps, c.req.param('id'));
    const source = face.avatar ?? face.posterImage;
    if (!source) fail(404, 'no_media', `The face ${face.id} has no picture.`);
    return imageResponse(await relayImage(deps, source!, `The picture of the face ${face.id}`));
  });
  app.get('/:id/video', async (c) => {
    const face = await catalogueFace(deps, c.req.param('id'));
    if (!face.videoUrl) fail(404, 'no_media', `The face ${face.id} has no video.`);
    const media = await relayMedia(deps, face.videoUrl!, c.req.header('range'));
    return videoResponse(media, 'public, max-age=86400');
  });
  return app;
}

export function voiceRoutes(deps: Deps) {
  const app = new Hono();
  const voiceAnswers = preparedAnswers(() => deps.voices(), deps.compress);
  app.get('/', voiceAnswers.reuse, valid('query', voicesQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const all = await deps.voices();
    let voices = all;
    const provider = q.streaming === 'true' ? deps.config.streamingProvider : q.provider;
    if (provider) voices = voices.filter((v) => v.provider === provider);
    if (q.gender) voices = voices.filter((v) => v.gender === q.gender);
    if (q.locale) {
      // "en" matches every English locale; "en-GB" only that one.
      const locale = q.locale.toLowerCase();
      voices = voices.filter(
        (v) => v.locale.toLowerCase() === locale || v.locale.toLowerCase().startsWith(`${locale}-`),
      );
    }
    if (q.q) {
      const needle = fold(q.q.trim());
      voices = voices.filter((v) =>
        [v.displayName, v.language, v.locale, v.provider].some((s) => fold(s).includes(needle)),
      );
    }
    const items: VoiceItem[] = voices
      .map(({ voiceId, displayName, locale, language, gender, provider: p }) => ({
        voiceId,
        displayName,
        locale,
        language,
        gender,
        provider: p,
      }))
      // Language first, so a language's voices are contiguous across pages; provider and voiceId only
      // break ties, so pages stay disjoint even if the platform lists voices in another order.
      .sort(
        (a, b) =>
          a.language.localeCompare(b.language) ||
          a.locale.localeCompare(b.locale) ||
          a.displayName.localeCompare(b.displayName) ||
          a.provider.localeCompare(b.provider) ||
          a.voiceId.localeCompare(b.voiceId),
      );
    // Without take, everything matching is one page (what callers that do not page expect); page
    // is then ignored.
    const total = items.length;
    const take = q.take ?? total;
    const pageCount = take ? Math.ceil(total / take) : 0;
    const page = q.take === undefined ? 1 : q.page;
    const body: VoicesList = {
      items: q.take === undefined ? items : items.slice((page - 1) * take, page * take),
      streamingProvider: deps.config.streamingProvider,
      total,
      page,
      take,
      pageCount,
      hasNextPage: page < pageCount,
    };
    return voiceAnswers.answer(c, JSON.stringify(q), all, body);
  });
  return app;
}
