import { row } from '@web/styles/utils.css';

/** A walk-in's claim link: its state, and the button beside it (below it on a phone). */
export const claim = row;
