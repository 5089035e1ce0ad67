// The one theme contract (colour, space, radius, font) with its light and dark values.
import {
  assignVars,
  createGlobalTheme,
  createThemeContract,
  globalStyle,
} from '@vanilla-extract/css';

export const vars = createThemeContract({
  color: {
    page: null,
    surface: null,
    surfaceMuted: null,
    border: null,
    text: null,
    textMuted: null,
    primary: null,
    primaryHover: null,
    onPrimary: null,
    primarySoft: null,
    accent: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    danger: null,
    dangerSoft: null,
    info: null,
    infoSoft: null,
    focus: null,
    overlay: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  font: { body: null, heading: null, mono: null },
  fontSize: { sm: null, md: null, lg: null, xl: null, xxl: null },
  shadow: { card: null, raised: null },
});

const shared = {
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '56px' },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
  fontSize: { sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.5rem', xxl: '2.25rem' },
};

const light = {
  ...shared,
  color: {
    page: '#f7f5f0',
    surface: '#ffffff',
    surfaceMuted: '#f1eee6',
    border: '#dcd6c8',
    text: '#1d2320',
    textMuted: '#505a55',
    primary: '#1d6b47',
    primaryHover: '#15573a',
    onPrimary: '#ffffff',
    primarySoft: '#e3f1e9',
    accent: '#a3470f',
    success: '#17663f',
    successSoft: '#dff3e7',
    warning: '#8a4b00',
    warningSoft: '#fdf0d5',
    danger: '#b3261e',
    dangerSoft: '#fde7e4',
    info: '#1f5f99',
    infoSoft: '#e2eefa',
    focus: '#1f5f99',
    overlay: 'rgba(20, 24, 22, 0.55)',
  },
  shadow: {
    card: '0 1px 2px rgba(0,0,0,0.06), 0 1px 8px rgba(0,0,0,0.04)',
    raised: '0 12px 40px rgba(0,0,0,0.18)',
  },
};

const dark = {
  ...shared,
  color: {
    page: '#121614',
    surface: '#1b211e',
    surfaceMuted: '#232a26',
    border: '#37403b',
    text: '#eef2ef',
    textMuted: '#b4beb8',
    primary: '#5cc594',
    primaryHover: '#7ad3a9',
    onPrimary: '#0b1f15',
    primarySoft: '#1f3a2d',
    accent: '#f0a46b',
    success: '#6fd4a0',
    successSoft: '#1c3a2a',
    warning: '#f4c069',
    warningSoft: '#3a2e16',
    danger: '#ff8f86',
    dangerSoft: '#3d1f1d',
    info: '#8cc0f2',
    infoSoft: '#1c2d3f',
    focus: '#8cc0f2',
    overlay: 'rgba(0, 0, 0, 0.7)',
  },
  shadow: {
    card: '0 1px 2px rgba(0,0,0,0.4)',
    raised: '0 12px 40px rgba(0,0,0,0.6)',
  },
};

createGlobalTheme(':root', vars, light);

globalStyle(':root', {
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, dark) } },
});
