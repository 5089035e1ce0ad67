import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const filters = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
  alignItems: 'end',
});

export const nowrap = style({ whiteSpace: 'nowrap' });

/** The action's badge above its one-sentence summary. */
export const what = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  overflowWrap: 'anywhere',
});

export const changes = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const changeList = style({ display: 'grid', gap: vars.space.xs, margin: 0 });

export const changeRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(120px, 200px) 1fr',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { 'screen and (max-width: 640px)': { gridTemplateColumns: '1fr' } },
});

export const field = style({ fontWeight: 600, fontSize: vars.fontSize.sm });

export const values = style({ margin: 0, overflowWrap: 'anywhere' });

/** A value the action changed. */
export const changed = style({ fontWeight: 600 });
