// How feedback types, priorities and attachment sizes read on the feedback screens.
import type { BadgeTone } from '../components/Card';

export function typeLabel(type: string): string {
  return type === 'food_complaint' ? 'Food Complaint' : 'General Feedback';
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
