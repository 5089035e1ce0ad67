import { style } from '@vanilla-extract/css';

export const email = style({ overflowWrap: 'anywhere' });
