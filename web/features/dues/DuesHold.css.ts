import { style } from '@vanilla-extract/css';
import { warningCard } from '@web/components/Card.css';
import { vars } from '@web/styles/theme.css';

// A warning card (its heading says "Meals paused"), its button at the other end.
export const banner = style([
  warningCard,
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.md,
  },
]);

export const title = style({ fontWeight: 700, margin: 0 });
