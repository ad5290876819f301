import { bootstrapApplication } from '@angular/platform-browser';
// One import per element the app uses (each registers its tag).
import 'dh-kit/avatar';
import 'dh-kit/face-picker';
import 'dh-kit/voice-picker';
import { AppComponent } from './app.component';

bootstrapApplication(AppComponent).catch((err) => console.error(err));
