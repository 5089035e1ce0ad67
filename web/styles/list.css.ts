// Lists of cards, as every list screen (customer and owner) shows them.
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

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
