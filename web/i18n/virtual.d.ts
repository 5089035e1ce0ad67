// The compiled catalogue chunks web/build/messages.ts serves, and the map of their loaders.
declare module 'virtual:messages/loaders' {
  import type { Messages } from '@lingui/core';
  export const loaders: Readonly<
    Record<
      string,
      Readonly<
        Record<
          string,
          () => Promise<{ messages: Messages; refusals?: Readonly<Record<string, string>> }>
        >
      >
    >
  >;
}

declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
  /** In a language's app messages: the server's refusals in it, where it is not English. */
  export const refusals: Readonly<Record<string, string>> | undefined;
}
