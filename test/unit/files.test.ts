/**
 * The names of saved videos (src/proxy/file-names.ts): after the head and the text, in any script, with
 * an ASCII spelling for clients that read only `filename`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { attachment, videoFileName } from '../../src/proxy/file-names.js';

describe("a saved video's name", () => {
  test("is the head's name and the first words of its text, lower case, joined by hyphens", () => {
    assert.equal(
      videoFileName('Ava', 'Welcome to our shop! Ask me anything.', 't1'),
      'ava-welcome-to-our-shop-ask-me-anything.mp4',
    );
    assert.equal(videoFileName(undefined, 'Save me.', 't1'), 'save-me.mp4');
  });

  test('keeps letters of any script, and is at most 40 + 48 characters before .mp4', () => {
    assert.equal(videoFileName('Zoë', 'こんにちは、世界', 't1'), 'zoë-こんにちは-世界.mp4');
    const long = videoFileName('A'.repeat(60), 'word '.repeat(40), 't1');
    assert.ok(long.length <= 40 + 1 + 48 + 4, `${long.length} characters`);
    assert.doesNotMatch(long, /-\.mp4$/);
  });

  test("without a letter or a digit, it is the talk's id (path characters replaced)", () => {
    assert.equal(videoFileName('', '!!! ???', 'talk/../1'), 'talk____1.mp4');
  });

  test('the content-disposition has it in UTF-8, and an ASCII spelling', () => {
    assert.equal(
      attachment('zoë-hello.mp4'),
      `attachment; filename="zoe-hello.mp4"; filename*=UTF-8''zo%C3%AB-hello.mp4`,
    );
    assert.equal(
      attachment('こんにちは.mp4'),
      `attachment; filename="video.mp4"; filename*=UTF-8''%E3%81%93%E3%82%93%E3%81%AB%E3%81%A1%E3%81%AF.mp4`,
    );
  });
});
