import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const title = style({ fontSize: vars.fontSize.md, margin: 0 });

export const text = style({ margin: `${vars.space.xs} 0 ${vars.space.sm}` });

/** One line per channel: what it is, where it went, its status. */
export const channels = style({
  listStyle: 'none',
  margin: 0,
  padding: `${vars.space.sm} 0 0`,
  borderTop: `1px solid ${vars.color.border}`,
  display: 'grid',
  gap: vars.space.xs,
});

export const channel = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: 2,
  fontSize: vars.fontSize.sm,
});

export const channelName = style({ fontWeight: 700, minWidth: '3.5em' });

/**
 * E-mail addresses are long: they may break anywhere rather than widen a phone screen, where the
 * address gets a line of its own under the channel and its status.
 */
export const recipient = style({
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
  '@media': { 'screen and (max-width: 560px)': { order: 1, flexBasis: '100%' } },
});

export const failure = style({
  order: 2,
  flexBasis: '100%',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
