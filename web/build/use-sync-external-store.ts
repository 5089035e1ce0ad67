// What wouter imports from use-sync-external-store's shim, which exists for React before 18: React 19
// has the hook itself, so the shim's copy would only add to the landing page's JavaScript.
export { useSyncExternalStore } from 'react';
