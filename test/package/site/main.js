// The site's page module: one import per element it uses.
import 'dh-kit/avatar';
import 'dh-kit/face-picker';
import 'dh-kit/voice-picker';
import 'dh-kit/head-form';
import 'dh-kit/video-studio';
