// How feedback types, priorities and attachment sizes read on the feedback screens: the feedback
// lifecycle's labels in the current language (web/i18n/labels.ts) and a badge tone per priority.
import type { BadgeTone } from '@web/components/Card';
import { t } from '@web/i18n/i18n';
import { feedbackTypeLabel, priorityLabel } from '@web/i18n/labels';

export { priorityLabel };

export function typeLabel(type: string): string {
  return feedbackTypeLabel(type === 'food_complaint' ? 'food_complaint' : 'general_feedback');
}

export function priorityTone(priority: string): BadgeTone {
  if (priority === 'urgent') return 'danger';
  if (priority === 'high') return 'warning';
  if (priority === 'medium') return 'info';
  return 'neutral';
}

/** '12.5 KB' ('12.5 केबी' in Hindi). */
export function sizeInKb(bytes: number): string {
  return t('format.sizeInKb', { size: (bytes / 1024).toFixed(1) });
}
