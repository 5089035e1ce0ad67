import { style } from '@vanilla-extract/css';
import { stackSm } from '@web/styles/utils.css';

export { bareList as planList } from '@web/styles/utils.css';

/** Every plan's card as tall as its row, so the Subscribe buttons line up at the bottom. */
export const planCard = style([stackSm, { height: '100%' }]);

export const planAction = style({ marginTop: 'auto' });
