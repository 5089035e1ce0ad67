// Registers the service worker (web/pwa/service-worker.js, built to /sw.js) once the page has
// loaded, so installing it never competes with the first paint. Production builds only: the dev
// server has no /sw.js.
/// <reference types="vite/client" />

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (private mode, blocked by the user): the app works the same, online only.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
