// The elements' modules, in the browser only (.client): on the server the tags are plain HTML,
// and each element upgrades when its module has run.
import 'dh-kit/avatar';
import 'dh-kit/face-picker';
import 'dh-kit/voice-picker';

export default defineNuxtPlugin(() => {});
