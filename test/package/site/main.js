// The site's page module: one import per element it uses, and one per language it shows besides
// English (dh-kit/locales/de: in any bundler, only German comes along).
import 'dh-kit/avatar';
import 'dh-kit/face-picker';
import 'dh-kit/voice-picker';
import 'dh-kit/head-form';
import 'dh-kit/video-studio';
import 'dh-kit/insights';
import 'dh-kit/locales/de';
