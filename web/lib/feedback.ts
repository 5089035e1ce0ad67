// How feedback types, priorities and attachment sizes read on the feedback screens: the feedback
// lifecycle's labels (machines/feedback/feedback.labels.ts) and a badge tone per priority.
import {
  FEEDBACK_PRIORITY_LABELS,
  FEEDBACK_TYPE_LABELS,
} from '../../machines/feedback/feedback.labels';
import type { BadgeTone } from '../components/Card';

export function typeLabel(type: string): string {
  return type === 'food_complaint'
    ? FEEDBACK_TYPE_LABELS.food_complaint
    : FEEDBACK_TYPE_LABELS.general_feedback;
}

/** "Urgent", "High"…; an unknown value keeps its own words. */
export function priorityLabel(priority: string): string {
  return (FEEDBACK_PRIORITY_LABELS as Readonly<Record<string, string>>)[priority] ?? priority;
}

export function priorityTone(priority: string): BadgeTone {
  if (priority === 'urgent') return 'danger';
  if (priority === 'high') return 'warning';
  if (priority === 'medium') return 'info';
  return 'neutral';
}

export function sizeInKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
