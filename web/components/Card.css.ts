import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.card,
  minWidth: 0,
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md } },
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  borderRadius: vars.radius.pill,
  padding: '2px 10px',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

export const badgeTone = styleVariants({
  neutral: { background: vars.color.surfaceMuted, color: vars.color.text },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  info: { background: vars.color.infoSoft, color: vars.color.info },
});

export const statCard = style([
  card,
  { display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: vars.space.md },
]);

/** A card that asks for attention: the warning's soft colour and a thick edge, so it reads as a warning without colour too. */
export const warningCard = style({
  background: vars.color.warningSoft,
  borderLeft: `4px solid ${vars.color.warning}`,
});

export const statLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const statValue = style({
  // Two cards a row on a phone: a large amount shrinks a little, then wraps, never spills.
  fontSize: `clamp(1.125rem, 5vw, ${vars.fontSize.xl})`,
  fontWeight: 700,
  overflowWrap: 'anywhere',
});

export const empty = style({
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
});

export const dl = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(110px, max-content) 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

export const dt = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const dd = style({ margin: 0, fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' });

/** One label/value pair of a Details list: its dt and dd sit in the list's grid as if bare. */
export const detail = style({ display: 'contents' });
