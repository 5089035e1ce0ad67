// Shows a screen's fixed error toast once each time a read fails.
import { useEffect } from 'react';
import { useToast } from './Toaster';

export function useErrorToast(isError: boolean, title: string, message: string) {
  const notify = useToast();
  useEffect(() => {
    if (isError) notify({ tone: 'error', title, message });
  }, [isError, notify, title, message]);
}
