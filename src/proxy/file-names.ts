/**
 * Names of files the proxy serves for saving: a video is named after its head and its text
 * (`ava-welcome-to-our-shop.mp4`), in the download's content-disposition (the studio's link and its
 * fetch both take the name from there).
 */

/** Words as a part of a file name: lower case, letters and digits of any script joined by `-`, at most `max` characters. */
const words = (s: string, max: number) =>
  (
    s
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .join('-')
    .slice(0, max)
    .replace(/-+$/, '');

/** `<head>-<first words of the text>.mp4`; the talk's id where neither has a letter or a digit. */
export function videoFileName(head: string | undefined, text: string, talkId: string): string {
  return `${[words(head ?? '', 40), words(text, 48)].filter(Boolean).join('-') || talkId.replace(/[^\w-]/g, '_').slice(0, 100)}.mp4`;
}

/**
 * A content-disposition that saves the file under `name` (RFC 6266): `filename*` has it in UTF-8
 * for any script, `filename` an ASCII spelling for clients that read only that one.
 */
export function attachment(name: string): string {
  const ext = /\.\w+$/.exec(name)?.[0] ?? '';
  const stem = name
    .slice(0, name.length - ext.length)
    .normalize('NFKD')
    .replace(/[^\w-]/g, '')
    .replace(/^-+|-+$/g, '');
  const ascii = `${stem || 'video'}${ext}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
