// Browser entry: mounts the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/global.css';
import { App } from './app/App';
import { setMessageLoaders, startLanguage } from './i18n/i18n';
import { registerServiceWorker } from './pwa/registerServiceWorker';

const root = document.getElementById('root');
setMessageLoaders(() => import('virtual:messages/loaders'));
if (root) {
  // English is in this chunk: startLanguage resolves at once unless Hindi was chosen on this device.
  void startLanguage().then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    registerServiceWorker();
  });
}
