import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupIonicReact } from '@ionic/react';
import { Preferences } from '@capacitor/preferences';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import './theme.css';

import { Api, type KeyValueStore } from './api';
import { App } from './App';

// The token lives in Capacitor Preferences: localStorage on the web, the platform's key-value
// store in the native apps.
const preferences: KeyValueStore = {
  get: async (key) => (await Preferences.get({ key })).value,
  set: (key, value) => Preferences.set({ key, value }),
  remove: (key) => Preferences.remove({ key }),
};

setupIonicReact();

const api = new Api({ baseUrl: import.meta.env.VITE_API_BASE || '/api', store: preferences });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App api={api} />
  </StrictMode>,
);
