import { mount } from 'svelte';
// One import per element the app uses (each registers its tag).
import 'dh-kit/avatar';
import 'dh-kit/face-picker';
import 'dh-kit/voice-picker';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
