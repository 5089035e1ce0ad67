// Toasts at the top right, dismissed after 5 s unless a duration is given.
// The Radix toast stack is loaded with the first toast, so pages that never toast never pay for it.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ReactNode,
} from 'react';
import type { ShownToast, ToastInput } from './toast';

const ToastStack = lazy(() => import('./ToastStack').then((m) => ({ default: m.ToastStack })));

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

let nextToastId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const [used, setUsed] = useState(false);
  const notify = useCallback((toast: ToastInput) => {
    setUsed(true);
    setToasts((shown) => [...shown.slice(-3), { ...toast, id: nextToastId++ }]);
  }, []);
  const remove = useCallback(
    (id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)),
    [],
  );
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
