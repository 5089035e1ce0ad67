import { globalStyle, style } from '@vanilla-extract/css';
import { inset } from '@web/styles/surface.css';
import { bareList, row, stackSm, stackXs, wrapRow } from '@web/styles/utils.css';

export const links = style([bareList, stackSm]);

/** One link: its amount and status, where it is paid, and its buttons. */
export const link = style([inset, stackXs]);

/** The short URL: long and unbroken, so it wraps anywhere on a phone. */
export const url = style({ overflowWrap: 'anywhere', wordBreak: 'break-all' });

export const actions = row;

/** The amount and its button side by side where they fit; the button level with the input. */
export const form = style([wrapRow, { alignItems: 'flex-start' }]);

globalStyle(`${form} > button`, { marginTop: 28 });

/** The QR and what it asks for, centred in the dialog. */
export const qr = style([stackSm, { alignItems: 'center', textAlign: 'center' }]);
