// A small button that acts on one route, named with the route for screen readers ("Print sheet of
// North"); Remove is the danger one.
import { Button } from '@web/components/Button';
import { useT, type MessageId } from '@web/i18n/i18n';

/** Each action's label and its label with the route's name. */
const ACTIONS = {
  edit: ['deliveries.routes.edit', 'deliveries.routes.editOf'],
  print: ['deliveries.owner.printSheet', 'deliveries.owner.printSheetOf'],
  delete: ['deliveries.routes.delete', 'deliveries.routes.deleteOf'],
} as const satisfies Record<string, readonly [MessageId, MessageId]>;

export function RouteButton({
  action,
  route,
  onClick,
}: {
  action: keyof typeof ACTIONS;
  /** The route's name. */
  route: string;
  onClick: () => void;
}) {
  const t = useT();
  const [label, labelOf] = ACTIONS[action];
  return (
    <Button
      size="sm"
      tone={action === 'delete' ? 'danger' : 'secondary'}
      onClick={onClick}
      aria-label={t(labelOf, { route })}
    >
      {t(label)}
    </Button>
  );
}
