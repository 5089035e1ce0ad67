// Manage Plans: the table, a create/edit modal and delete with confirmation.
import { useState, type FormEvent } from 'react';
import {
  useAdminPlans,
  useCreatePlan,
  useDeletePlan,
  useUpdatePlan,
  type AdminPlan,
  type PlanInput,
} from '../../../api/admin';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { Button } from '../../../components/Button';
import { Badge, Card, EmptyState } from '../../../components/Card';
import { Dialog } from '../../../components/Dialog';
import {
  Checkbox,
  formStyles,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/Field';
import { PageSpinner } from '../../../components/Spinner';
import { Table, type Column } from '../../../components/Table';
import { useToast } from '../../../components/Toaster';
import { useErrorToast } from '../../../components/useErrorToast';
import { formatMeals, formatRupees, serviceLabel } from '../../../lib/format';
import { useForm } from '../../../lib/useForm';
import { muted, pageHeader, pageTitle, row, stack } from '../../../styles/utils.css';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
type Meal = (typeof MEALS)[number];

/** A new plan starts as mess, ₹0, 30 days, as with `dabba plans create`. */
const PLAN_DEFAULTS = {
  code: '',
  name: '',
  description: '',
  service_type: 'mess',
  base_price: '0',
  duration_days: '30',
};

type PlanFormValues = typeof PLAN_DEFAULTS;

function validatePlan(values: PlanFormValues): Partial<Record<keyof PlanFormValues, string>> {
  const errors: Partial<Record<keyof PlanFormValues, string>> = {};
  if (!values.code.trim()) errors.code = 'Code is required';
  else if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(values.code.trim()))
    errors.code = 'Code may contain only letters, digits, - and _';
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.description.trim()) errors.description = 'Description is required';
  const price = Number(values.base_price);
  if (values.base_price.trim() === '' || Number.isNaN(price))
    errors.base_price = 'Price must be a number';
  else if (price < 0) errors.base_price = 'Price cannot be negative';
  const days = Number(values.duration_days);
  if (!Number.isInteger(days)) errors.duration_days = 'Duration must be a whole number of days';
  else if (days < 1) errors.duration_days = 'Duration must be at least 1 day';
  return errors;
}

export function ManagePlansPage() {
  const notify = useToast();
  const plans = useAdminPlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);
  useErrorToast(plans.isError, 'Failed to Load Plans', 'Could not fetch plans.');

  const columns: Column<AdminPlan>[] = [
    { key: 'code', header: 'Code', cell: (plan) => <code>{plan.code}</code> },
    { key: 'name', header: 'Name', cell: (plan) => plan.name },
    { key: 'service', header: 'Service Type', cell: (plan) => serviceLabel(plan.service_type) },
    { key: 'duration', header: 'Duration', cell: (plan) => `${plan.duration_days} days` },
    { key: 'price', header: 'Base Price', cell: (plan) => formatRupees(plan.base_price) },
    { key: 'meals', header: 'Included Meals', cell: (plan) => formatMeals(plan.included_meals) },
    {
      key: 'status',
      header: 'Status',
      cell: (plan) =>
        plan.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (plan) => (
        <span className={row}>
          <Button
            size="sm"
            tone="secondary"
            onClick={() => setEditing(plan)}
            aria-label={`Edit ${plan.name}`}
          >
            Edit
          </Button>
          <Button
            size="sm"
            tone="danger"
            onClick={() => setDeleting(plan)}
            aria-label={`Delete ${plan.name}`}
          >
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Manage Plans</h1>
          <p className={muted}>Create, edit and retire the plans customers can subscribe to.</p>
        </div>
        <Button onClick={() => setEditing('new')}>Create Plan</Button>
      </header>
      {plans.isPending ? (
        <PageSpinner label="Loading plans" />
      ) : plans.isError ? (
        <Card role="alert">Could not fetch plans.</Card>
      ) : plans.data.length === 0 ? (
        <EmptyState title="No Plans Available">
          <Button onClick={() => setEditing('new')}>Create Plan</Button>
        </EmptyState>
      ) : (
        <Table caption="Plans" columns={columns} rows={plans.data} rowKey={(plan) => plan.id} />
      )}

      <PlanDialog plan={editing} onClose={() => setEditing(null)} />

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete Plan"
        description={
          deleting
            ? `Delete the plan "${deleting.name}" (${deleting.code})? This cannot be undone.`
            : undefined
        }
      >
        <div className={row} style={{ justifyContent: 'flex-end' }}>
          <Button tone="secondary" onClick={() => setDeleting(null)}>
            Cancel
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
                    title: 'Plan Deleted',
                    message: `${deleting.name} was deleted.`,
                  });
                  setDeleting(null);
                },
                onError: (error) =>
                  notify({
                    tone: 'error',
                    title: 'Delete Failed',
                    message: errorMessage(error, 'Failed to delete plan.'),
                  }),
              });
            }}
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function PlanDialog({ plan, onClose }: { plan: AdminPlan | 'new' | null; onClose: () => void }) {
  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={plan === 'new' ? 'Create Plan' : 'Edit Plan'}
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
  const notify = useToast();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const form = useForm<PlanFormValues>(
    plan
      ? {
          code: plan.code,
          name: plan.name,
          description: plan.description,
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
      service_type: values.service_type as PlanInput['service_type'] & string,
      base_price: Number(values.base_price),
      duration_days: Number(values.duration_days),
      included_meals: MEALS.filter((meal) => meals.includes(meal)),
      is_active: isActive,
    };
    setServerErrors({});
    if (plan) {
      update.mutate(
        { id: plan.id, body },
        {
          onSuccess: () => {
            notify({
              tone: 'success',
              title: 'Plan Updated',
              message: `${body.name} was updated.`,
            });
            onDone();
          },
          onError: (error) => {
            setServerErrors(fieldErrors(error));
            notify({
              tone: 'error',
              title: 'Update Failed',
              message: errorMessage(error, 'Failed to update plan.'),
            });
          },
        },
      );
    } else {
      create.mutate(
        { ...body, code: values.code.trim() },
        {
          onSuccess: () => {
            notify({
              tone: 'success',
              title: 'Plan Created',
              message: `${body.name} was created.`,
            });
            onDone();
          },
          onError: (error) => {
            setServerErrors(fieldErrors(error));
            notify({
              tone: 'error',
              title: 'Create Failed',
              message: errorMessage(error, 'Failed to create plan.'),
            });
          },
        },
      );
    }
  };

  const code = form.field('code');
  const name = form.field('name');
  const description = form.field('description');
  const price = form.field('base_price');
  const days = form.field('duration_days');
  const service = form.field('service_type');
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <div className={formStyles.formGrid}>
        <TextField
          label="Code"
          {...code}
          error={code.error ?? serverErrors.code}
          disabled={plan !== null}
          hint={plan ? 'The code cannot be changed.' : undefined}
          required
          maxLength={50}
          autoComplete="off"
        />
        <TextField
          label="Name"
          {...name}
          error={name.error ?? serverErrors.name}
          required
          maxLength={100}
        />
        <SelectField
          label="Service Type"
          {...service}
          options={[
            { value: 'mess', label: 'Mess Service' },
            { value: 'tiffin', label: 'Tiffin Service' },
          ]}
        />
        <TextField
          label="Duration (days)"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          {...days}
          error={days.error ?? serverErrors.duration_days}
        />
        <TextField
          label="Base Price (₹)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          {...price}
          error={price.error ?? serverErrors.base_price}
        />
      </div>
      <TextAreaField
        label="Description"
        {...description}
        error={description.error ?? serverErrors.description}
        required
        rows={3}
        maxLength={2000}
      />
      <fieldset className={formStyles.checkGrid}>
        <legend className={formStyles.legend}>Included Meals</legend>
        {MEALS.map((meal) => (
          <Checkbox
            key={meal}
            label={meal[0]!.toUpperCase() + meal.slice(1)}
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
        label="Active (customers can subscribe)"
        checked={isActive}
        onChange={(event) => setIsActive(event.target.checked)}
      />
      <div className={row} style={{ justifyContent: 'flex-end' }}>
        <Button tone="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {plan ? 'Save Changes' : 'Create Plan'}
        </Button>
      </div>
    </form>
  );
}
