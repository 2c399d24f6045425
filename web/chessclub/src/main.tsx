import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import './theme.css';

import { Api } from './api/client';
import { App } from './App';
import { setupIonic } from './components/frame-ionic';
import { appStore } from './platform/storage';

setupIonic();

const api = new Api({ baseUrl: import.meta.env.VITE_API_BASE || '/api', store: appStore() });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App api={api} />
    </BrowserRouter>
  </StrictMode>,
);
