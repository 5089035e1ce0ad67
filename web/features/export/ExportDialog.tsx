// The CSV export dialog (docs/web.md: CSV export), driven by machines/export: this
// host provides the fetch of every page (limit 500) of the chosen sources and the file delivery.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  ALWAYS_INCLUDED_COLUMNS,
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_MEALS,
  EXPORT_SOURCES,
  type ExportData,
  type ExportFetchInput,
  exportMachine,
  type ExportMeal,
  type ExportSource,
  OPTIONAL_EXPORT_COLUMNS,
  selectExportError,
  selectExportPercent,
  selectExportProgress,
  selectIsExporting,
} from '@machines/export';
import { Button } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { Checkbox, formStyles } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT } from '@web/i18n/i18n';
import { saveFile } from '@web/lib/download';
import { wordLabel, todayIso } from '@web/lib/format';
import { useApiScope } from '@web/api/scope';
import { useMayCall } from '@web/session/SessionProvider';
import { actionRow, stack } from '@web/styles/utils.css';
import { fetchExportData, FORBIDDEN_EXPORT } from './exportFetch';
import { EXPORT_SOURCE_MESSAGES, exportColumnText, exportSuccessText } from './messages';
import * as styles from './export.css';
import { UNAUTHORIZED_MESSAGES } from '@web/i18n/unauthorized';

/** "Unauthorized Access: You do not have permission to download user data." */
const forbiddenText = () =>
  `${translate(UNAUTHORIZED_MESSAGES.title)}: ${translate(UNAUTHORIZED_MESSAGES.download)}`;

const saveCsv = (csv: string, fileName: string) =>
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
}

export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { api } = useApiScope();
  const notify = useToast();
  const mayCall = useMayCall();
  // The export reads both lists: the owner's and a manager's (machines/staff mayCall).
  const isOwner = mayCall('ownerListUsers') && mayCall('ownerActiveSubscribers');
  const [sources, setSources] = useState<ExportSource[]>(['users', 'active_subscribers']);
  const [columns, setColumns] = useState<string[]>([...DEFAULT_EXPORT_COLUMNS]);
  const [tiffinMeals, setTiffinMeals] = useState<ExportMeal[]>([]);
  const [messMeals, setMessMeals] = useState<ExportMeal[]>([]);

  const actor = useActorRef(
    exportMachine.provide({
      actors: {
        fetchRecords: fromPromise<ExportData, ExportFetchInput>(({ input, signal }) =>
          fetchExportData(api, input, signal),
        ),
      },
      actions: {
        deliver: ({ context }) => {
          if (!context.result) return;
          saveCsv(context.result.csv, context.result.fileName);
          notify({ tone: 'success', ...exportSuccessText(context.result.recordCount) });
        },
        reportFailure: ({ context }) => {
          const forbidden = context.error?.message === FORBIDDEN_EXPORT;
          notify(
            forbidden
              ? {
                  tone: 'error',
                  title: translate(UNAUTHORIZED_MESSAGES.title),
                  message: translate(UNAUTHORIZED_MESSAGES.download),
                }
              : {
                  tone: 'error',
                  title: translate('superuser.export.failedTitle'),
                  message: context.error?.message ?? translate('superuser.users.loadFailed'),
                },
          );
        },
      },
    }),
  );
  const busy = useSelector(actor, selectIsExporting);
  const progress = useSelector(actor, selectExportProgress);
  const percent = useSelector(actor, selectExportPercent);
  const error = useSelector(actor, selectExportError);
  const done = useSelector(actor, (snapshot) => snapshot.matches('done'));

  const close = () => {
    actor.send({ type: busy ? 'export.cancel' : 'export.reset' });
    onClose();
  };

  const start = () =>
    actor.send({
      type: 'export.start',
      request: { sources, columns, tiffinMeals, messMeals, date: todayIso() },
    });

  // Close once the file is saved.
  useEffect(() => {
    if (!done) return;
    actor.send({ type: 'export.reset' });
    onClose();
  }, [done, actor, onClose]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('superuser.downloadCsv')}
      description={t('superuser.export.description')}
      wide
    >
      {!isOwner ? (
        <Card role="alert">
          <strong>{t(UNAUTHORIZED_MESSAGES.title)}</strong>: {t(UNAUTHORIZED_MESSAGES.download)}
        </Card>
      ) : (
        <form
          className={formStyles.form}
          onSubmit={(event) => {
            event.preventDefault();
            start();
          }}
        >
          <fieldset className={formStyles.checkGrid} aria-describedby="export-sources-hint">
            <legend className={formStyles.legend}>{t('superuser.export.sources')}</legend>
            <p id="export-sources-hint" className={styles.fieldsetHint}>
              {t('superuser.export.sourcesHint')}
            </p>
            {EXPORT_SOURCES.map((source) => (
              <Checkbox
                key={source}
                label={t(EXPORT_SOURCE_MESSAGES[source])}
                checked={sources.includes(source)}
                disabled={busy}
                onChange={(event) =>
                  setSources((current) => toggle(current, source, event.target.checked))
                }
              />
            ))}
          </fieldset>
          {sources.length === 0 ? (
            <p role="alert" className={formStyles.error}>
              {t('superuser.export.noSource')}
            </p>
          ) : null}
          <fieldset className={formStyles.checkGrid}>
            <legend className={formStyles.legend}>{t('superuser.export.columns')}</legend>
            {ALWAYS_INCLUDED_COLUMNS.map((key) => (
              <Checkbox
                key={key}
                label={t('superuser.export.alwaysIncluded', { column: exportColumnText(key) })}
                checked
                disabled
              />
            ))}
            {[...DEFAULT_EXPORT_COLUMNS, ...OPTIONAL_EXPORT_COLUMNS].map((key) => (
              <Checkbox
                key={key}
                label={exportColumnText(key)}
                checked={columns.includes(key)}
                disabled={busy}
                onChange={(event) =>
                  setColumns((current) => toggle(current, key, event.target.checked))
                }
              />
            ))}
          </fieldset>
          <fieldset className={styles.mealFilters} aria-describedby="export-meals-hint">
            <legend className={formStyles.legend}>{t('superuser.export.meals')}</legend>
            <p id="export-meals-hint" className={styles.fieldsetHint}>
              {t('superuser.export.mealsHint')}
            </p>
            {(
              [
                ['tiffin', t('superuser.export.tiffinIncludes'), tiffinMeals, setTiffinMeals],
                ['mess', t('superuser.export.messIncludes'), messMeals, setMessMeals],
              ] as const
            ).map(([service, title, chosen, setChosen]) => (
              <fieldset key={service} className={formStyles.checkGrid}>
                <legend className={styles.subLegend}>{title}</legend>
                {EXPORT_MEALS.map((meal) => (
                  <Checkbox
                    key={meal}
                    label={`${wordLabel(service)} ${wordLabel(meal)}`}
                    checked={chosen.includes(meal)}
                    disabled={busy}
                    onChange={(event) =>
                      setChosen((current) => toggle(current, meal, event.target.checked))
                    }
                  />
                ))}
              </fieldset>
            ))}
          </fieldset>
          {busy ? (
            <div className={stack}>
              <label htmlFor="export-progress">
                {progress.total !== null
                  ? t('superuser.export.fetchingOf', {
                      loaded: progress.loaded,
                      total: progress.total,
                    })
                  : t('superuser.export.fetching', { loaded: progress.loaded })}
              </label>
              <progress
                id="export-progress"
                className={styles.progress}
                max={100}
                {...(percent !== null ? { value: percent } : {})}
              />
            </div>
          ) : null}
          {error && !busy ? (
            <p role="alert" className={formStyles.error}>
              {error.message === FORBIDDEN_EXPORT
                ? forbiddenText()
                : (error.message ?? t('superuser.export.failed'))}
            </p>
          ) : null}
          <div className={actionRow}>
            <Button tone="secondary" onClick={close}>
              {busy ? t('superuser.export.cancelExport') : t('superuser.cancel')}
            </Button>
            <Button type="submit" busy={busy} disabled={sources.length === 0}>
              {t('superuser.downloadCsv')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
