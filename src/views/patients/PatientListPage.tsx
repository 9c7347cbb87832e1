import { useEffect, useId, useRef } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Input, Label, Link, Text, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { patientQueries } from '../../api/patients';
import { recordsQueries } from '../../api/records';
import { storesQuery } from '../../api/stores';
import { patientListTypes } from '../../contract/patientsAdmin';
import type { PatientListType } from '../../contract/patientsAdmin';
import { translateError } from '../../i18n/apiErrors';
import { useTenantId } from '../shared/useTenant';
import { useFormats } from '../shared/format';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import * as styles from '../shared/listPage.css';
import { visuallyHidden } from '../ui/visuallyHidden.css';
import { RowsTable } from '../shared/RowsTable';
import { LoadMore } from '../shared/LoadMore';
import { usePreloadPage } from '../shared/pageAddress';
import { searchMax, StoreFilter, useAddressFilter } from '../shared/addressFilter';
import { chartTabs } from './chart/tabs';
import { chartHref } from './chartHref';
import { DuplicatePatients } from './DuplicatePatients';

/**
 * /admin/patients/{type}: the patients of the stores the user may see (admin and staff). A search (names, email,
 * phone digits; debounced), a store filter, pages of 25 with 'Load more' (the server's cursor), each name opening
 * the patient's chart.
 */
export function PatientListPage({ type: typeParam = 'all' }: { type?: string }) {
  // An unknown kind in the address lists everyone rather than nothing.
  const type: PatientListType = (patientListTypes as readonly string[]).includes(typeParam) ? (typeParam as PatientListType) : 'all';
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const { filter, text, setText, setStore, clearSearch } = useAddressFilter();
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    clearSearch();
    input.current?.focus();
  };

  const stores = useQuery(storesQuery(tenantId));
  const storeNames = new Map(stores.data?.stores.map((store) => [store.id, store.name]));
  const storeName = filter.store ? storeNames.get(filter.store) : undefined;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('patientList.title')}
      </h1>
      <nav aria-label={t('patientList.types.label')} className={styles.types}>
        {patientListTypes.map((kind) => (
          <Link
            key={kind}
            className={styles.typeLink}
            href={`/admin/patients/${kind}${window.location.search}`}
            aria-current={kind === type ? 'page' : undefined}
          >
            {t(`patientList.types.${kind}`)}
          </Link>
        ))}
      </nav>
      <div role="search" aria-label={t('patientList.filters')} className={styles.filters}>
        <TextField className={`${styles.field} ${styles.searchField}`} value={text} onChange={setText} maxLength={searchMax}>
          <Label className={styles.label}>{t('patientList.search')}</Label>
          <div className={styles.searchBox}>
            <Input ref={input} className={styles.input} autoComplete="off" enterKeyHint="search" spellCheck={false} />
            {text !== '' && (
              <Button variant="secondary" onPress={clear}>
                {t('patientList.clear')}
              </Button>
            )}
          </div>
          <Text slot="description" className={styles.hint}>
            {t('patientList.searchHint')}
          </Text>
        </TextField>
        <StoreFilter
          texts="patientList"
          stores={stores.data?.stores}
          value={filter.store}
          onChange={setStore}
          extra={
            /* A store of the address the list does not know (yet): still selected, by its id. */
            filter.store &&
            stores.data &&
            !storeNames.has(filter.store) && (
              <option value={filter.store} dir="auto">
                {filter.store}
              </option>
            )
          }
        />
      </div>
      {type === 'all' && <DuplicatePatients tenantId={tenantId} locationId={filter.store} storeNames={storeNames} />}
      <PatientRows
        tenantId={tenantId}
        type={type}
        search={filter.search}
        locationId={filter.store}
        storeName={storeName}
        storeNames={storeNames}
      />
    </section>
  );
}

/** Runs `task` when the browser is idle (or soon, where it cannot tell); answers the cancel. */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = globalThis.setTimeout(task, 200);
  return () => globalThis.clearTimeout(timer);
}

function PatientRows({
  tenantId,
  type,
  search,
  locationId,
  storeName,
  storeNames,
}: {
  tenantId: string;
  type: PatientListType;
  search: string;
  locationId: string;
  storeName: string | undefined;
  storeNames: ReadonlyMap<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(
    patientQueries.list(tenantId, { type, search: search || undefined, locationId: locationId || undefined }),
  );
  const listed = list.isSuccess && list.data.pages[0]!.items.length > 0;
  const preloadPage = usePreloadPage();
  const firstChart = listed ? chartHref(list.data.pages[0]!.items[0]!) : null;
  // The chart's code and its first tab's, fetched while the list is read: the click then waits for her data only.
  useEffect(
    () =>
      firstChart
        ? whenIdle(() => {
            preloadPage(firstChart);
            chartTabs[0]!.load().catch(() => {});
          })
        : undefined,
    [firstChart, preloadPage],
  );
  // A pointer on the name, a press starting or the keyboard's focus: her profile (the chart's first tab) is asked
  // for now rather than after the click.
  const warm = (patientId: string) => () => void queryClient.prefetchQuery(recordsQueries.profile(tenantId, { kind: 'patient', patientId }));

  if (list.isPending) {
    return (
      <div className={styles.state}>
        <Spinner label={t('patientList.loading')} />
        <p className={styles.muted} aria-hidden="true">
          {t('patientList.loading')}
        </p>
      </div>
    );
  }
  if (list.isError && !list.isFetchNextPageError) {
    return <Failed error={list.error} retry={() => void list.refetch()} />;
  }

  const patients = list.data.pages.flatMap((page) => page.items);
  if (patients.length === 0) {
    return (
      <div className={styles.state}>
        <p className={styles.heading}>
          {search ? t('patientList.noMatch', { search }) : t('patientList.none')}
        </p>
        {search && <p className={styles.muted}>{t('patientList.noMatchHint')}</p>}
      </div>
    );
  }

  const where = storeName ?? (locationId ? t('patientList.oneStore') : t('patientList.allYourStores'));
  const caption = search ? t('patientList.captionSearch', { where, search }) : t('patientList.caption', { where });
  return (
    <>
      <RowsTable
        className={styles.table}
        caption={caption}
        rows={patients}
        rowKey={(patient) => patient.id}
        columns={[
          {
            heading: t('patientList.columns.name'),
            rowHeader: true,
            cell: (patient) => (
              <Link href={chartHref(patient)} className={styles.link} onHoverStart={warm(patient.id)} onPressStart={warm(patient.id)} onFocus={warm(patient.id)}>
                <bdi>{t('patientList.name', { first: patient.firstName, last: patient.lastName })}</bdi>
              </Link>
            ),
          },
          { heading: t('patientList.columns.dateOfBirth'), cell: (patient) => formats.date(patient.dateOfBirth) },
          { heading: t('patientList.columns.phone'), cell: (patient) => (patient.phone ? <bdi dir="ltr">{patient.phone}</bdi> : <Missing />) },
          { heading: t('patientList.columns.email'), cell: (patient) => (patient.email ? <bdi dir="ltr">{patient.email}</bdi> : <Missing />) },
          { heading: t('patientList.columns.store'), cell: (patient) => storeNames.get(patient.locationId) ?? <Missing /> },
        ]}
      />
      <LoadMore
        pages={list}
        classes={{ more: styles.more, muted: styles.muted, failed: styles.moreFailed }}
        shown={
          list.hasNextPage
            ? t('patientList.shown', { number: formats.integer(patients.length) })
            : t('patientList.allShown', { number: formats.integer(patients.length) })
        }
        failed={(list.error && messageOf(list.error, i18n)) ?? t('patientList.moreFailed')}
        retry={t('patientList.retry')}
        loadMore={list.isFetchingNextPage ? t('patientList.loadingMore') : t('patientList.loadMore')}
      />
    </>
  );
}

function Missing() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className={visuallyHidden}>{t('patientList.missing')}</span>
    </>
  );
}

/** The server's own words for a refused request (a 4xx), translated when known. */
function messageOf(error: Error, i18n: ReturnType<typeof useTranslation>['i18n']): string | undefined {
  return error instanceof ApiError && error.status < 500 && error.body ? translateError(i18n, error) : undefined;
}

function Failed({ error, retry }: { error: Error; retry: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="alert" className={styles.state}>
      <p className={styles.heading}>{t('patientList.loadFailed')}</p>
      <p className={styles.muted}>{messageOf(error, i18n) ?? t('patientList.loadFailedHint')}</p>
      <Button variant="secondary" onPress={retry}>
        {t('patientList.retry')}
      </Button>
    </div>
  );
}
