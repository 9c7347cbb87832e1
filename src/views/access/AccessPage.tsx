import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button as AriaButton, Form, Input, Label, SearchField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { accountQueries, useAccountAction, useInviteAccount, useUpdateAccount } from '../../api/access';
import type { AccountAction } from '../../api/access';
import { storesQuery } from '../../api/stores';
import { menuFlags, staffAccountRoles } from '../../contract/users';
import type { AccountSummary, MenuAccessFlags } from '../../contract/users';
import type { Store } from '../../contract/stores';
import { savedSnackbar } from '../../machines/snackbar.machine';
import { useTenantId } from '../shared/useTenant';
import { useFormats } from '../shared/format';
import { changedMeanwhile, useFieldErrors } from '../shared/fieldErrors';
import * as tableStyles from '../shared/listPage.css';
import { useUnsavedChanges } from '../shared/useUnsavedChanges';
import { ErrorOf, RefusalSummary } from '../shared/formErrors';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useSnackbarActor } from '../ui/shellActors';
import { Spinner } from '../ui/Spinner';
import { Switch } from '../ui/Switch';
import { TextField } from '../ui/TextField';
import { useOneAtATime } from '../ui/useOneAtATime';
import * as styles from '../shared/account.css';
import { TableScroll } from '../ui/TableScroll';
import { SignInFailures } from '../shared/SignInFailures';

type StaffRole = (typeof staffAccountRoles)[number];
const searchDelayMs = 300;

/**
 * /admin/access (admins): the company's staff, admins and kiosk devices with a search; an invitation by email; for
 * the chosen account its name, roles, stores and menu access flags (201..209), its sign-in failures (with Clear),
 * password reset, invitation again, deactivate and reactivate. Every change is the server's to check (last admin, versions).
 */
export function AccessPage() {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [text]);
  const list = useQuery(accountQueries.list(tenantId, search));
  const stores = useQuery(storesQuery(tenantId));
  const selected = list.data?.accounts.find((a) => a.id === selectedId) ?? null;

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('access.title')}
      </h1>
      <div className={styles.bar}>
        <SearchField className={tableStyles.field} value={text} onChange={setText} maxLength={100}>
          <Label className={tableStyles.label}>{t('access.search')}</Label>
          <Input className={tableStyles.input} autoComplete="off" spellCheck={false} />
        </SearchField>
        <Button onPress={() => setInviting(true)} isDisabled={inviting}>
          {t('access.invite.open')}
        </Button>
      </div>
      {inviting && (
        <InviteForm
          stores={stores.data?.stores ?? []}
          onDone={(created) => {
            setInviting(false);
            if (created) setSelectedId(created.id);
          }}
        />
      )}
      {list.isPending ? (
        <Spinner label={t('access.loading')} />
      ) : list.isError ? (
        <AccessError error={list.error} />
      ) : list.data.accounts.length === 0 ? (
        <p className={styles.muted}>{t('access.none')}</p>
      ) : (
        <TableScroll>
          <table className={tableStyles.table}>
            <caption>{t('access.caption', { count: list.data.accounts.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('access.columns.name')}</th>
                <th scope="col">{t('access.columns.email')}</th>
                <th scope="col">{t('access.columns.kind')}</th>
                <th scope="col">{t('access.columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.accounts.map((account) => (
                <tr key={account.id} className={styles.row}>
                  <th scope="row">
                    <AriaButton className={styles.rowButton} onPress={() => setSelectedId(account.id)} aria-pressed={account.id === selectedId}>
                      <bdi>{account.displayName}</bdi>
                    </AriaButton>
                  </th>
                  <td>
                    <bdi dir="ltr">{account.email}</bdi>
                  </td>
                  <td>{t(`access.kinds.${account.kind}`)}</td>
                  <td>
                    <span className={styles.status}>{t(`access.statuses.${account.status}`)}</span>{' '}
                    {account.locked && <span className={styles.status}>{t('access.locked')}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {selected && <AccountEditor key={selected.id} account={selected} stores={stores.data?.stores ?? []} onClose={() => setSelectedId(null)} />}
    </section>
  );
}

function RoleChoices({ roles, onChange }: { roles: StaffRole[]; onChange: (roles: StaffRole[]) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('access.fields.roles')}</legend>
      <div className={styles.options}>
        {staffAccountRoles.map((role) => (
          <Checkbox
            key={role}
            name="roles"
            isSelected={roles.includes(role)}
            onChange={(on) => onChange(on ? [...roles, role] : roles.filter((r) => r !== role))}
          >
            {t(`access.kinds.${role}`)}
          </Checkbox>
        ))}
      </div>
    </fieldset>
  );
}

function StoreChoices({ stores, chosen, onChange, error }: { stores: readonly Store[]; chosen: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('access.fields.stores')}</legend>
      <p className={styles.muted}>{t('access.storesHint')}</p>
      <div className={styles.options}>
        {stores.map((store) => (
          <Checkbox
            key={store.id}
            name="stores"
            isSelected={chosen.includes(store.id)}
            onChange={(on) => onChange(on ? [...chosen, store.id] : chosen.filter((id) => id !== store.id))}
          >
            {store.name}
          </Checkbox>
        ))}
      </div>
      {error && <p className={styles.muted}>{error}</p>}
    </fieldset>
  );
}

function MenuSwitches({ flags, onChange }: { flags: MenuAccessFlags; onChange: (flags: MenuAccessFlags) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('access.fields.menu')}</legend>
      <div className={styles.switches}>
        {menuFlags.map((flag) => (
          <Switch
            key={flag.menuId}
            isSelected={flags[String(flag.menuId)] !== false}
            onChange={(on) => onChange({ ...flags, [String(flag.menuId)]: on })}
          >
            {t(`nav.${flag.key}`)}
          </Switch>
        ))}
      </div>
    </fieldset>
  );
}

/** The access page's alert of a failed call: any 400 refuses the form's fields. */
function AccessError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ErrorOf error={error} fixFields={t('access.fixFields')} />;
}

/** A refused invite or save: the summary focused in place of the Save button, linking to each refused field. */
function AccessRefusal({ error, fields, children }: { error: unknown; fields: Record<string, string>; children?: ReactNode }) {
  const { t } = useTranslation();
  const labels = {
    email: t('access.fields.email'),
    displayName: t('access.fields.name'),
    roles: t('access.fields.roles'),
    stores: t('access.fields.stores'),
    menuAccess: t('access.fields.menu'),
  };
  return (
    <RefusalSummary error={error} fields={fields} labels={labels} title={t('access.fixFields')}>
      {children}
    </RefusalSummary>
  );
}

function InviteForm({ stores, onDone }: { stores: readonly Store[]; onDone: (created: AccountSummary | null) => void }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const once = useOneAtATime();
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>(['staff']);
  const [chosen, setChosen] = useState<string[]>([]);
  const [flags, setFlags] = useState<MenuAccessFlags>({});
  const mutation = useInviteAccount(tenantId, {
    onSuccess: (created) => {
      snackbar.send(savedSnackbar(t('access.invite.sent', { email: created.email })));
      onDone(created);
    },
  });
  const fields = useFieldErrors(mutation.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    once((done) => mutation.mutate({ email, displayName, roles, stores: chosen, menuAccess: flags }, { onSettled: done }));
  };
  const titleId = useId();
  return (
    <Form className={styles.panel} onSubmit={submit} validationErrors={fields} validationBehavior="aria" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t('access.invite.title')}
      </h2>
      <p className={styles.muted}>{t('access.invite.hint')}</p>
      <AccessRefusal error={mutation.error} fields={fields} />
      <div className={styles.narrow}>
        <TextField name="email" type="email" label={t('access.fields.email')} value={email} onChange={setEmail} isRequired autoComplete="off" />
        <TextField name="displayName" label={t('access.fields.name')} value={displayName} onChange={setDisplayName} isRequired />
      </div>
      <RoleChoices roles={roles} onChange={setRoles} />
      <StoreChoices stores={stores} chosen={chosen} onChange={setChosen} error={fields.stores} />
      <MenuSwitches flags={flags} onChange={setFlags} />
      <div className={styles.actions}>
        <Button type="submit" isPending={mutation.isPending} isDisabled={roles.length === 0} disabledReason={t('access.rolesRequired')}>
          {t('access.invite.send')}
        </Button>
        <Button variant="secondary" onPress={() => onDone(null)}>
          {t('access.cancel')}
        </Button>
      </div>
    </Form>
  );
}

interface Values {
  displayName: string;
  roles: StaffRole[];
  stores: string[];
  menuAccess: MenuAccessFlags;
}

const valuesOf = (a: AccountSummary): Values => ({
  displayName: a.displayName,
  roles: a.roles.filter((r): r is StaffRole => r === 'admin' || r === 'staff'),
  stores: [...a.stores].sort(),
  menuAccess: a.menuAccess,
});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function AccountEditor({ account, stores, onClose }: { account: AccountSummary; stores: readonly Store[]; onClose: () => void }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const formats = useFormats();
  const once = useOneAtATime();
  const titleId = useId();
  // The version this editing started from: a save names it, so a change someone made meanwhile is not overwritten.
  const [base, setBase] = useState(account);
  const [values, setValues] = useState(() => valuesOf(account));
  const [confirming, setConfirming] = useState(false);
  const initial = valuesOf(base);
  const changes = Object.fromEntries(
    (Object.keys(values) as (keyof Values)[]).filter((k) => !same(values[k], initial[k])).map((k) => [k, values[k]]),
  );
  const dirty = Object.keys(changes).length > 0;
  useUnsavedChanges(dirty);
  const save = useUpdateAccount(tenantId, {
    onSuccess: (saved) => {
      setBase(saved);
      setValues(valuesOf(saved));
      snackbar.send(savedSnackbar(t('access.saved')));
    },
  });
  const act = useAccountAction(tenantId, {
    onSuccess: (answer, { action }) => {
      if ('updatedAt' in answer && !dirty) {
        setBase(answer);
        setValues(valuesOf(answer));
      } else if ('updatedAt' in answer) setBase(answer);
      snackbar.send(savedSnackbar(t(`access.done.${action}`)));
    },
    onSettled: () => setConfirming(false),
  });
  const fields = useFieldErrors(save.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dirty) once((done) => save.mutate({ account: base, changes }, { onSettled: done }));
  };
  const run = (action: AccountAction) => once((done) => act.mutate({ account: base, action }, { onSettled: done }));
  const current = base;
  const isKiosk = current.kind === 'kiosk';
  const active = current.status !== 'deactivated';

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {current.displayName} · <bdi dir="ltr">{current.email}</bdi>
      </h2>
      <p className={styles.muted}>
        {t(`access.statuses.${current.status}`)}
        {current.tempPasswordExpiresOn && ` · ${t('access.expiresOn', { date: formats.date(current.tempPasswordExpiresOn) })}`}
        {current.lastLoginAt && ` · ${t('access.lastLogin', { date: formats.date(current.lastLoginAt.slice(0, 10)) })}`}
      </p>
      <AccessError error={act.error} />
      <div className={styles.actions} role="group" aria-label={t('access.actionsLabel')}>
        {current.status === 'active' && !isKiosk && (
          <Button variant="secondary" onPress={() => run('password-reset')}>
            {t('access.actions.passwordReset')}
          </Button>
        )}
        {(current.status === 'invited' || current.status === 'inviteExpired') && (
          <Button variant="secondary" onPress={() => run('invite')}>
            {t('access.actions.invite')}
          </Button>
        )}
        {active ? (
          <Button variant="secondary" onPress={() => setConfirming(true)}>
            {t('access.actions.deactivate')}
          </Button>
        ) : (
          <Button variant="secondary" onPress={() => run('reactivate')}>
            {t('access.actions.reactivate')}
          </Button>
        )}
      </div>
      <SignInFailures filter={{ userId: current.id }} heading="h3" />
      <ConfirmDialog
        isOpen={confirming}
        question={t('access.confirmDeactivate', { name: current.displayName })}
        confirmLabel={t('access.actions.deactivate')}
        cancelLabel={t('access.cancel')}
        isPending={act.isPending}
        onConfirm={() => run('deactivate')}
        onCancel={() => setConfirming(false)}
      />
      <Form className={styles.fieldset} onSubmit={submit} validationErrors={fields} validationBehavior="aria" aria-label={t('access.editLabel', { name: current.displayName })}>
        <AccessRefusal error={save.error} fields={fields}>
          {changedMeanwhile(save.error) && (
            <Button
              variant="secondary"
              isDisabled={account.updatedAt === base.updatedAt}
              onPress={() => {
                setBase(account);
                setValues(valuesOf(account));
                save.reset();
              }}
            >
              {t('access.loadTheirVersion')}
            </Button>
          )}
        </AccessRefusal>
        <div className={styles.narrow}>
          <TextField name="displayName" label={t('access.fields.name')} value={values.displayName} onChange={(displayName) => setValues((v) => ({ ...v, displayName }))} />
        </div>
        {!isKiosk && <RoleChoices roles={values.roles} onChange={(roles) => setValues((v) => ({ ...v, roles }))} />}
        <StoreChoices stores={stores} chosen={values.stores} onChange={(ids) => setValues((v) => ({ ...v, stores: [...ids].sort() }))} error={fields.stores} />
        {!isKiosk && <MenuSwitches flags={values.menuAccess} onChange={(menuAccess) => setValues((v) => ({ ...v, menuAccess }))} />}
        <div className={styles.actions}>
          <Button
            type="submit"
            isDisabled={!dirty || (!isKiosk && values.roles.length === 0)}
            disabledReason={!isKiosk && values.roles.length === 0 ? t('access.rolesRequired') : t('errors.noChanges')}
            isPending={save.isPending}
          >
            {t('access.save')}
          </Button>
          <Button variant="secondary" onPress={onClose}>
            {t('access.close')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
