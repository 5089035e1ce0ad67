import { recipe } from '@vanilla-extract/recipes';
import { vars } from '@web/styles/theme.css';

export const list = recipe({
  base: {
    display: 'flex',
    gap: vars.space.xs,
    overflowX: 'auto',
    borderBottom: `1px solid ${vars.color.border}`,
    marginBottom: vars.space.lg,
  },
  variants: { fit: { true: { overflowX: 'visible' }, false: {} } },
});

export const trigger = recipe({
  base: {
    border: 'none',
    background: 'transparent',
    padding: '10px 14px',
    fontWeight: 600,
    color: vars.color.textMuted,
    cursor: 'pointer',
    borderBottom: '3px solid transparent',
    whiteSpace: 'nowrap',
    selectors: {
      '&[data-state="active"]': {
        color: vars.color.primary,
        borderBottomColor: vars.color.primary,
      },
      '&:hover': { color: vars.color.text },
    },
  },
  variants: {
    fit: {
      true: {
        '@media': {
          'screen and (max-width: 480px)': {
            flex: '1 1 auto',
            minWidth: 0,
            padding: '10px 6px',
            fontSize: vars.fontSize.sm,
            whiteSpace: 'normal',
            textAlign: 'center',
          },
        },
      },
      false: {},
    },
  },
});
