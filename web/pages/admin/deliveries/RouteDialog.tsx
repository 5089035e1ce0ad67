// The add and change form of a delivery route: its name, its areas one a line in riding order, and
// its riders, chosen from the active delivery staff. The server's refusals show under their field
// (a name already used, an account that is not a rider).
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  useCreateRoute,
  useRiders,
  useUpdateRoute,
  type DeliveryRoute,
} from '@web/features/delivery-stop';
import { CancelSubmit, Dialog } from '@web/components/Dialog';
import { Checkbox, formStyles, TextAreaField, TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { apiRefusalText } from '@web/i18n/refusals';
import { useMayCall } from '@web/session/SessionProvider';
import { muted, small } from '@web/styles/utils.css';
import * as styles from './OwnerDeliveries.css';
import { areasFromText, riderChoices, routeFieldErrors } from './deliveriesModel';

interface RouteForm {
  name: string;
  areas: string;
  riders: readonly number[];
}

const formOf = (route: DeliveryRoute | null): RouteForm => ({
  name: route?.name ?? '',
  areas: route?.areas.join('\n') ?? '',
  riders: route?.riders.map((rider) => rider.id) ?? [],
});

export function RouteDialog({
  route,
  open,
  onClose,
}: {
  /** The route to change; null to add one. */
  route: DeliveryRoute | null;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const mayCall = useMayCall();
  const notify = useToast();
  const ridersId = useId();
  const riders = useRiders(open);
  const create = useCreateRoute();
  const update = useUpdateRoute();
  const [form, setForm] = useState<RouteForm>(() => formOf(route));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setForm(formOf(route));
      setErrors({});
      setRefusal(null);
    }
  }, [open, route]);

  const choices = riderChoices(riders.data, route ?? undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      setErrors({ name: t('deliveries.routes.nameRequired') });
      return;
    }
    const body = {
      name: form.name.trim(),
      areas: areasFromText(form.areas),
      riders: [...form.riders],
    };
    const handlers = {
      onSuccess: (saved: DeliveryRoute) => {
        notify({
          tone: 'success',
          title: t(route ? 'deliveries.routes.toast.saved' : 'deliveries.routes.toast.added'),
          message: saved.name,
        });
        onClose();
      },
      onError: (error: Error) => {
        const fields = routeFieldErrors(error);
        setErrors(fields);
        setRefusal(
          Object.keys(fields).length > 0
            ? null
            : apiRefusalText(error, t('deliveries.routes.toast.failedMessage')),
        );
      },
    };
    if (route) update.mutate({ id: route.id, body }, handlers);
    else create.mutate(body, handlers);
  };

  const toggleRider = (id: number, on: boolean) =>
    setForm({
      ...form,
      riders: on ? [...form.riders, id] : form.riders.filter((rider) => rider !== id),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={route ? t('deliveries.routes.editTitle') : t('deliveries.routes.addTitle')}
      description={route ? route.name : t('deliveries.routes.addDescription')}
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('deliveries.routes.name')}
          required
          maxLength={100}
          autoComplete="off"
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
          error={errors.name}
        />
        <TextAreaField
          label={t('deliveries.routes.areas')}
          hint={t('deliveries.routes.areasHint')}
          rows={4}
          value={form.areas}
          onChange={(event) => setForm({ ...form, areas: event.target.value })}
          error={errors.areas}
        />
        <fieldset
          className={styles.riders}
          aria-describedby={errors.riders ? `${ridersId}-error` : undefined}
        >
          <legend className={styles.legend}>{t('deliveries.routes.ridersLabel')}</legend>
          {choices.length === 0 ? (
            <p className={`${muted} ${small}`}>
              {t(
                // A manager puts riders on routes; only the owner adds them.
                mayCall('ownerAddStaff')
                  ? 'deliveries.routes.noRiderAccounts'
                  : 'deliveries.routes.noRiderAccountsManager',
              )}
            </p>
          ) : (
            choices.map((choice) => (
              <Checkbox
                key={choice.id}
                label={choice.name}
                checked={form.riders.includes(choice.id)}
                onChange={(event) => toggleRider(choice.id, event.target.checked)}
              />
            ))
          )}
          {errors.riders ? (
            <p id={`${ridersId}-error`} className={styles.refusal} role="alert">
              {errors.riders}
            </p>
          ) : null}
        </fieldset>
        {refusal ? (
          <p className={styles.refusal} role="alert">
            {refusal}
          </p>
        ) : null}
        <CancelSubmit
          className={styles.actions}
          onCancel={onClose}
          submit={route ? t('deliveries.routes.save') : t('deliveries.routes.addSubmit')}
          busy={route ? update.isPending : create.isPending}
        />
      </form>
    </Dialog>
  );
}
