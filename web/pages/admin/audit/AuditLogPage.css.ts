import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { stackSm, stackXs } from '@web/styles/utils.css';

export { filterGrid as filters } from '@web/components/Filters.css';
export { nowrap } from '@web/styles/utils.css';

/** The action's badge above its one-sentence summary. */
export const what = style([stackXs, { alignItems: 'flex-start', overflowWrap: 'anywhere' }]);

export const changes = stackSm;

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
