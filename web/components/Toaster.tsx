// Toasts at the top right, clear of the header and the page's title row (ToastStack), dismissed
// after 5 s unless a duration is given. One per topic (the page's, unless the toast names one);
// moving to another page clears them.
// The Radix toast stack is loaded with the first toast, so pages that never toast never pay for it.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';
import { afterNavigation, withToast, type ShownToast, type ToastInput } from './toast';

const ToastStack = lazy(() => import('./ToastStack').then((m) => ({ default: m.ToastStack })));

type Notify = (toast: ToastInput & { topic: string }) => void;

const ToastContext = createContext<Notify>(() => {});

/**
 * Shows toasts. A page's toasts are one topic, so the newer replaces the older (a success never
 * sits beside the error before it); pass `topic` to keep a toast apart from the page's others.
 */
export function useToast(topic?: string): (toast: ToastInput) => void {
  const notify = useContext(ToastContext);
  return useCallback(
    (toast: ToastInput) =>
      notify({ ...toast, topic: toast.topic ?? topic ?? window.location.pathname }),
    [notify, topic],
  );
}

let nextToastId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const [used, setUsed] = useState(false);
  const notify = useCallback<Notify>((toast) => {
    setUsed(true);
    setToasts((shown) => withToast(shown, { ...toast, id: nextToastId++, raisedAt: Date.now() }));
  }, []);
  const remove = useCallback(
    (id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)),
    [],
  );

  const [pathname] = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    setToasts((shown) => (shown.length === 0 ? shown : afterNavigation(shown, Date.now())));
  }, [pathname]);

  return (
    <ToastContext.Provider value={notify}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <ToastStack toasts={toasts} onRemove={remove} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
