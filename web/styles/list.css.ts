// Lists as the screens (customer and owner) show them: cards, rows of people, bordered blocks, lines.
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { panel } from './surface.css';
import { vars } from './theme.css';
import { bareList, row, spreadRow, stackSm, stackXs, wrapRow } from './utils.css';

export const cardList = style([bareList, { display: 'grid', gap: vars.space.md }]);

/** Short lines, one under the other (a meal's dishes, the dues, the diet counts). */
export const lineList = style([bareList, stackXs]);

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

/** A card's title and what stands at its other end (a balance, a badge), tops level, wrapping on phones. */
export const cardTop = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
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
export const personList = style([bareList, stackSm]);

/** One person's row (a staff member, an erasure request): who on the left, its buttons below on a phone. */
export const personRow = style([panel, spreadRow, { padding: vars.space.md }]);

export const personWho = style([stackXs, { minWidth: 0, overflowWrap: 'anywhere' }]);

export const personName = style([row, { fontWeight: 700 }]);

export const personActions = wrapRow;

/** One bordered block with a row per entry (the kitchen sheet's locks and leaves, a run's misses). */
export const blockList = style([bareList, panel]);

/** A row of a block list: its lines stacked, a rule between rows. */
export const blockRow = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: `${vars.space.sm} ${vars.space.md}`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

/** A block row's name and its status badge on one line. */
export const blockName = style([row, { fontWeight: 600 }]);

/** A block row's facts (phone · plan · dates), wrapping between facts. */
export const blockFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.md,
  rowGap: 2,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
