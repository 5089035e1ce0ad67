// Shows a spec §8 error toast once each time a read fails.
import { useEffect } from 'react';
import { useToast } from '../../../app/Toaster';

export function useErrorToast(isError: boolean, title: string, message: string) {
  const notify = useToast();
  useEffect(() => {
    if (isError) notify({ tone: 'error', title, message });
  }, [isError, notify, title, message]);
}
