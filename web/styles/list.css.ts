// Lists of cards, as every list screen (customer and owner) shows them.
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';
import { row } from './utils.css';

export const cardList = style({
  display: 'grid',
  gap: vars.space.md,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

/** A card's title row: the title on the left, its badges on the right, wrapping on phones. */
export const cardHead = recipe({
  base: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'flex-start',
    gap: vars.space.sm,
  },
  variants: {
    // Cards whose body is a block of facts need room under the title; a line of text does not.
    spaced: { true: { marginBottom: vars.space.md }, false: {} },
  },
  defaultVariants: { spaced: false },
});

/** A card's title in a list: text-sized, so a long list reads as entries rather than headings. */
export const cardTitle = style({ fontSize: vars.fontSize.md, margin: 0 });

/** The line under a card's title: who and when. */
export const cardByline = style({ margin: 0, color: vars.color.textMuted });

/** What a customer wrote, with the line breaks they typed. */
export const message = style({ whiteSpace: 'pre-wrap' });

/** A card's buttons, under its text. */
export const cardActions = style([row, { marginTop: `calc(${vars.space.sm} + ${vars.space.xs})` }]);

/** Rows of people, each with its buttons (the Staff and Erasure requests pages). */
export const personList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

/** One person's row (a staff member, an erasure request): who on the left, its buttons below on a phone. */
export const personRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const personWho = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const personName = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 700,
});

export const personActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

/** One bordered block with a row per entry (the kitchen sheet's locks and leaves, a run's misses). */
export const blockList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

/** A row of a block list: its lines stacked, a rule between rows. */
export const blockRow = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: `${vars.space.sm} ${vars.space.md}`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});
