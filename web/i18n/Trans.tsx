// A message with elements inside it ("For <0>{date}</0>"): Lingui's Trans, given the runtime by
// context here, so only the pages that use it load @lingui/react (web/i18n/i18n.ts needs none).
import { LinguiContext, Trans as LinguiTrans } from '@lingui/react';
import { useMemo, type ComponentProps } from 'react';
import { i18n, useT } from './i18n';

export function Trans(props: ComponentProps<typeof LinguiTrans>) {
  const translate = useT();
  const context = useMemo(() => ({ i18n, _: translate as typeof i18n._ }), [translate]);
  return (
    <LinguiContext.Provider value={context}>
      <LinguiTrans {...props} />
    </LinguiContext.Provider>
  );
}
