import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';

/** "← Back to Leave Requests": above the title, a comfortable tap target on a phone. */
export const back = style({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  fontWeight: 600,
});

/** Contact and profile side by side where there is room, one above the other on a phone. */
export const profileGrid = style(fitColumns(340, vars.space.md));

export const email = style({ overflowWrap: 'anywhere' });

export { nowrap as nowrapDates } from '@web/styles/utils.css';

export const sectionEmpty = style({ margin: 0, color: vars.color.textMuted, textAlign: 'center' });
