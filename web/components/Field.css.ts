import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { panel } from '@web/styles/surface.css';
import { vars } from '@web/styles/theme.css';
import { stack } from '@web/styles/utils.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: 6, minWidth: 0 });

export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });

/** A text field's box; the select's trigger (Select.css) draws the same. */
export const controlBox = style([
  panel,
  { minHeight: 44, padding: '10px 12px', color: vars.color.text },
]);

export const control = style([
  controlBox,
  {
    width: '100%',
    selectors: {
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
      '&:disabled, &[readonly]': { background: vars.color.surfaceMuted },
    },
  },
]);

export const textarea = style([control, { minHeight: 120, resize: 'vertical' }]);

export const error = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
});

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const withToggle = style({ position: 'relative', display: 'flex' });

/** The password box keeps its text clear of the Show/Hide button drawn over its right end. */
export const controlWithToggle = style({ paddingRight: 72 });

export const toggle = style({
  position: 'absolute',
  right: 4,
  top: 4,
  bottom: 4,
  border: 'none',
  background: 'transparent',
  color: vars.color.primary,
  fontWeight: 600,
  padding: '0 10px',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
});

export const checkRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  cursor: 'pointer',
});

export const checkbox = style({ width: 20, height: 20, accentColor: vars.color.primary });

export const formGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
});

export const form = stack;

/** A fieldset that only groups its fields (and names them with its legend): no frame of its own. */
export const bareFieldset = style({ border: 'none', padding: 0, margin: 0 });

/** A fieldset of checkboxes or radios, laid out in as many columns as fit. */
export const checkGrid = style([bareFieldset, fitColumns(170, vars.space.xs, 'fill')]);

export const legend = style({ fontWeight: 700, marginBottom: vars.space.xs, padding: 0 });
