'use client';
// The elements' modules, loaded in the browser (on the server they register nothing).
import 'dh-kit/avatar';
import 'dh-kit/face-picker';
import 'dh-kit/voice-picker';

export function Elements() {
  return null;
}
