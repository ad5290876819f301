import { createApp } from 'vue';
// One import per element the app uses (each registers its tag).
import 'dh-kit/avatar';
import 'dh-kit/face-picker';
import 'dh-kit/voice-picker';
import App from './App.vue';

createApp(App).mount('#app');
