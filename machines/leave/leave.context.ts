import type { IsoDate } from '../shared/dates';

/** Leave statuses as stored. */
export const LEAVE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** The machine's states: the stored statuses plus DELETED, which tells the server to delete the row. */
export type LeaveStateValue = LeaveStatus | 'DELETED';

/** The fields of a leave request the machine keeps. */
export interface LeaveContext {
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  readonly adminComment: string | null;
}
