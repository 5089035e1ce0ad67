import { style } from '@vanilla-extract/css';
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
export const profileGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))',
});

export const email = style({ overflowWrap: 'anywhere' });

export const nowrapDates = style({ whiteSpace: 'nowrap' });

export const sectionEmpty = style({ margin: 0, color: vars.color.textMuted, textAlign: 'center' });
