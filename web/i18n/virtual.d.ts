// The compiled catalogue chunks web/build/messages.ts serves, and the map of their loaders.
declare module 'virtual:messages/loaders' {
  import type { Messages } from '@lingui/core';
  export const loaders: Readonly<
    Record<string, Readonly<Record<string, () => Promise<{ messages: Messages }>>>>
  >;
}

declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
