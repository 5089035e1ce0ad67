// Manage Plans: the table, a create/edit modal and delete with confirmation.
import { useState, type FormEvent } from 'react';
import {
  useAdminPlans,
  useCreatePlan,
  useDeletePlan,
  useUpdatePlan,
  type AdminPlan,
  type PlanInput,
} from '@web/api/admin';
import { fieldErrors, failureToast } from '@web/api/errors';
import { Button, SmallButton } from '@web/components/Button';
import { Badge, Card, EmptyState } from '@web/components/Card';
import { CancelSubmit, Dialog } from '@web/components/Dialog';
import { Checkbox, formStyles, SelectField, TextAreaField, TextField } from '@web/components/Field';
import { PageSpinner } from '@web/components/Spinner';
import { Table, type Column, column } from '@web/components/Table';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { t as translate, useT, type MessageId } from '@web/i18n/i18n';
import { formatMeals, formatRupees, mealLabel, serviceLabel } from '@web/lib/format';
import { useForm } from '@web/lib/useForm';
import { useMayCall } from '@web/session/SessionProvider';
import { actionRow, row, stack } from '@web/styles/utils.css';
import { PageHeader } from '@web/components/PageHeader';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
type Meal = (typeof MEALS)[number];

/** A new plan starts as mess, ₹0, 30 days, as with `dabba plans create`. */
const PLAN_DEFAULTS = {
  code: '',
  name: '',
  description: '',
  name_hi: '',
  description_hi: '',
  service_type: 'mess',
  base_price: '0',
  duration_days: '30',
};

type PlanFormValues = typeof PLAN_DEFAULTS;

function validatePlan(values: PlanFormValues): Partial<Record<keyof PlanFormValues, string>> {
  const errors: Partial<Record<keyof PlanFormValues, string>> = {};
  if (!values.code.trim()) errors.code = translate('adminPlans.error.codeRequired');
  else if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(values.code.trim()))
    errors.code = translate('adminPlans.error.codeInvalid');
  if (!values.name.trim()) errors.name = translate('adminPlans.error.nameRequired');
  if (!values.description.trim())
    errors.description = translate('adminPlans.error.descriptionRequired');
  const price = Number(values.base_price);
  if (values.base_price.trim() === '' || Number.isNaN(price))
    errors.base_price = translate('adminPlans.error.priceNumber');
  else if (price < 0) errors.base_price = translate('adminPlans.error.priceNegative');
  const days = Number(values.duration_days);
  if (!Number.isInteger(days)) errors.duration_days = translate('adminPlans.error.durationWhole');
  else if (days < 1) errors.duration_days = translate('adminPlans.error.durationMin');
  return errors;
}

export function ManagePlansPage() {
  const t = useT();
  const notify = useToast();
  const plans = useAdminPlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);
  // Plans and their prices are the owner's to change; a manager reads them.
  const mayCall = useMayCall();
  const mayCreate = mayCall('createPlan');
  const mayUpdate = mayCall('updatePlan');
  const mayDelete = mayCall('deletePlan');
  useErrorToast(plans.isError, t('adminPlans.toast.loadFailed'), t('adminPlans.loadFailed'));

  const columns: Column<AdminPlan>[] = [
    column('code', t('adminPlans.col.code'), (plan) => <code>{plan.code}</code>),
    column('name', t('adminPlans.col.name'), (plan) => plan.name),
    column('service', t('adminPlans.col.service'), (plan) => serviceLabel(plan.service_type)),
    column('duration', t('adminPlans.col.duration'), (plan) =>
      t('adminPlans.days', { count: plan.duration_days }),
    ),
    column('price', t('adminPlans.col.price'), (plan) => formatRupees(plan.base_price)),
    column('meals', t('adminPlans.col.meals'), (plan) => formatMeals(plan.included_meals)),
    {
      key: 'status',
      header: t('adminPlans.col.status'),
      cell: (plan) =>
        plan.is_active ? (
          <Badge tone="success">{t('adminPlans.active')}</Badge>
        ) : (
          <Badge>{t('adminPlans.inactive')}</Badge>
        ),
    },
  ];
  const actionsColumn: Column<AdminPlan> = {
    key: 'actions',
    header: t('adminPlans.col.actions'),
    cell: (plan) => (
      <span className={row}>
        {mayUpdate ? (
          <SmallButton
            onClick={() => setEditing(plan)}
            aria-label={t('adminPlans.editLabel', { name: plan.name })}
          >
            {t('adminPlans.edit')}
          </SmallButton>
        ) : null}
        {mayDelete ? (
          <Button
            size="sm"
            tone="danger"
            onClick={() => setDeleting(plan)}
            aria-label={t('adminPlans.deleteLabel', { name: plan.name })}
          >
            {t('adminPlans.delete')}
          </Button>
        ) : null}
      </span>
    ),
  };
  if (mayUpdate || mayDelete) columns.push(actionsColumn);

  return (
    <div className={stack}>
      <PageHeader
        title={t('adminPlans.title')}
        intro={t(mayCreate || mayUpdate ? 'adminPlans.intro' : 'adminPlans.introReadOnly')}
      >
        {mayCreate ? (
          <Button onClick={() => setEditing('new')}>{t('adminPlans.create')}</Button>
        ) : null}
      </PageHeader>
      {plans.isPending ? (
        <PageSpinner label={t('adminPlans.loading')} />
      ) : plans.isError ? (
        <Card role="alert">{t('adminPlans.loadFailed')}</Card>
      ) : plans.data.length === 0 ? (
        <EmptyState title={t('adminPlans.empty')}>
          {mayCreate ? (
            <Button onClick={() => setEditing('new')}>{t('adminPlans.create')}</Button>
          ) : null}
        </EmptyState>
      ) : (
        <Table
          caption={t('adminPlans.caption')}
          columns={columns}
          rows={plans.data}
          rowKey={(plan) => plan.id}
        />
      )}

      <PlanDialog plan={editing} onClose={() => setEditing(null)} />

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('adminPlans.deleteTitle')}
        description={
          deleting
            ? t('adminPlans.deleteConfirm', { name: deleting.name, code: deleting.code })
            : undefined
        }
      >
        <div className={actionRow}>
          <Button tone="secondary" onClick={() => setDeleting(null)}>
            {t('ui.cancel')}
          </Button>
          <Button
            tone="danger"
            busy={remove.isPending}
            onClick={() => {
              if (!deleting) return;
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  notify({
                    tone: 'success',
                    title: t('adminPlans.toast.deleted'),
                    message: t('adminPlans.toast.deletedMessage', { name: deleting.name }),
                  });
                  setDeleting(null);
                },
                onError: (error) =>
                  notify(
                    failureToast(
                      error,
                      t('adminPlans.toast.deleteFailed'),
                      t('adminPlans.toast.deleteFailedMessage'),
                    ),
                  ),
              });
            }}
          >
            {t('adminPlans.delete')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function PlanDialog({ plan, onClose }: { plan: AdminPlan | 'new' | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={plan === 'new' ? t('adminPlans.create') : t('adminPlans.editTitle')}
      wide
    >
      {plan !== null ? (
        <PlanForm
          key={plan === 'new' ? 'new' : plan.id}
          plan={plan === 'new' ? null : plan}
          onDone={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function PlanForm({ plan, onDone }: { plan: AdminPlan | null; onDone: () => void }) {
  const t = useT();
  const notify = useToast();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const form = useForm<PlanFormValues>(
    plan
      ? {
          code: plan.code,
          name: plan.name,
          description: plan.description,
          name_hi: plan.name_hi ?? '',
          description_hi: plan.description_hi ?? '',
          service_type: plan.service_type,
          base_price: String(plan.base_price),
          duration_days: String(plan.duration_days),
        }
      : PLAN_DEFAULTS,
    validatePlan,
  );
  const [meals, setMeals] = useState<Meal[]>(plan ? [...plan.included_meals] : []);
  const [isActive, setIsActive] = useState(plan ? plan.is_active : true);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    const values = form.values;
    const body = {
      name: values.name.trim(),
      description: values.description.trim(),
      // Optional: left empty, customers reading Hindi see the English.
      name_hi: values.name_hi.trim() || null,
      description_hi: values.description_hi.trim() || null,
      service_type: values.service_type as PlanInput['service_type'] & string,
      base_price: Number(values.base_price),
      duration_days: Number(values.duration_days),
      included_meals: MEALS.filter((meal) => meals.includes(meal)),
      is_active: isActive,
    };
    setServerErrors({});
    // The toast that says it was saved (naming the plan) or why not, the server's complaints under
    // their fields.
    const settled = (
      saved: MessageId,
      savedMessage: MessageId,
      failed: MessageId,
      why: MessageId,
    ) => ({
      onSuccess: () => {
        notify({ tone: 'success', title: t(saved), message: t(savedMessage, { name: body.name }) });
        onDone();
      },
      onError: (error: unknown) => {
        setServerErrors(fieldErrors(error));
        notify(failureToast(error, t(failed), t(why)));
      },
    });
    if (plan) {
      update.mutate(
        { id: plan.id, body },
        settled(
          'adminPlans.toast.updated',
          'adminPlans.toast.updatedMessage',
          'adminPlans.toast.updateFailed',
          'adminPlans.toast.updateFailedMessage',
        ),
      );
    } else {
      create.mutate(
        { ...body, code: values.code.trim() },
        settled(
          'adminPlans.toast.created',
          'adminPlans.toast.createdMessage',
          'adminPlans.toast.createFailed',
          'adminPlans.toast.createFailedMessage',
        ),
      );
    }
  };

  const code = form.field('code');
  const name = form.field('name');
  const description = form.field('description');
  const nameHi = form.field('name_hi');
  const descriptionHi = form.field('description_hi');
  const price = form.field('base_price');
  const days = form.field('duration_days');
  const service = form.field('service_type');
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <div className={formStyles.formGrid}>
        <TextField
          label={t('adminPlans.field.code')}
          {...code}
          error={code.error ?? serverErrors.code}
          disabled={plan !== null}
          hint={plan ? t('adminPlans.field.codeFixed') : undefined}
          required
          maxLength={50}
          autoComplete="off"
        />
        <TextField
          label={t('adminPlans.field.name')}
          {...name}
          error={name.error ?? serverErrors.name}
          required
          maxLength={100}
        />
        <TextField
          label={t('adminPlans.field.nameHi')}
          lang="hi"
          {...nameHi}
          error={nameHi.error ?? serverErrors.name_hi}
          maxLength={100}
        />
        <SelectField
          label={t('adminPlans.field.service')}
          {...service}
          options={[
            { value: 'mess', label: serviceLabel('mess') },
            { value: 'tiffin', label: serviceLabel('tiffin') },
          ]}
        />
        <TextField
          label={t('adminPlans.field.duration')}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          {...days}
          error={days.error ?? serverErrors.duration_days}
        />
        <TextField
          label={t('adminPlans.field.price')}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          {...price}
          error={price.error ?? serverErrors.base_price}
        />
      </div>
      <TextAreaField
        label={t('adminPlans.field.description')}
        {...description}
        error={description.error ?? serverErrors.description}
        required
        rows={3}
        maxLength={2000}
      />
      <TextAreaField
        label={t('adminPlans.field.descriptionHi')}
        lang="hi"
        {...descriptionHi}
        error={descriptionHi.error ?? serverErrors.description_hi}
        rows={3}
        maxLength={2000}
      />
      <fieldset className={formStyles.checkGrid}>
        <legend className={formStyles.legend}>{t('adminPlans.field.meals')}</legend>
        {MEALS.map((meal) => (
          <Checkbox
            key={meal}
            label={mealLabel(meal)}
            checked={meals.includes(meal)}
            onChange={(event) =>
              setMeals((current) =>
                event.target.checked ? [...current, meal] : current.filter((m) => m !== meal),
              )
            }
          />
        ))}
      </fieldset>
      <Checkbox
        label={t('adminPlans.field.active')}
        checked={isActive}
        onChange={(event) => setIsActive(event.target.checked)}
      />
      <CancelSubmit
        onCancel={onDone}
        submit={plan ? t('adminPlans.save') : t('adminPlans.create')}
        busy={busy}
      />
    </form>
  );
}
