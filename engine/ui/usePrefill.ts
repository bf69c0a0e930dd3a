import { type RefObject, useEffect } from 'react';
import { useAuth } from '../runtime/auth.tsx';

/** A logged-in visitor's name and e-mail, filled into a form's `name` and `email` fields where nothing has been typed yet. */
export function usePrefill(form: RefObject<HTMLFormElement | null>): void {
  const { user } = useAuth();
  useEffect(() => {
    if (!user || !form.current) return;
    for (const [name, value] of [
      ['name', user.fullName],
      ['email', user.email],
    ] as const) {
      const input = form.current.elements.namedItem(name);
      if (input instanceof HTMLInputElement && !input.value) input.value = value;
    }
  }, [user, form]);
}
