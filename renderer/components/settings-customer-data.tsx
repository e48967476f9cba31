// Settings → Customers' personal data (docs/personal-data.md): how long this counter keeps a
// customer's DNI whole without a store database, and a customer's erasure on request. The
// supervisor (already past the PIN gate) types the DNI or RUC and their name, sees what this
// counter and the store hold (a look-up the store database records), erases it, and is told what
// Mostrador cannot reach. The DNI typed stays in this form only; answers carry its mask.
import { useState } from 'react';
import type { BridgeResult } from '../../shared/bridge';
import { NOT_REACHED } from '../../shared/bridge/personal-data';
import { useT } from '../i18n/use-t';
import { compact, type FieldState, type IdentityKind, identityState } from '../logic/sale-form';
import { useSettingsStore } from '../stores/settings-store';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { IdentityField } from './identity-field';
import { TextField } from './text-field';
import { useBridgeForm } from './use-bridge-form';

type Lookup = BridgeResult<'customer.find'>;
type Erasure = BridgeResult<'customer.erase'>;

export function SettingsCustomerData({ pin }: { pin: string }) {
  const t = useT();
  const settings = useSettingsStore((s) => s.settings);
  const replace = useSettingsStore((s) => s.replace);
  const [days, setDays] = useState(String(settings?.identity_retention_days ?? 90));
  const [daysSaved, setDaysSaved] = useState<number | null>(null);
  const daysForm = useBridgeForm();
  const [kind, setKind] = useState<IdentityKind>('dni');
  const [value, setValue] = useState('');
  const [supervisor, setSupervisor] = useState('');
  const [found, setFound] = useState<Lookup | null>(null);
  const [erased, setErased] = useState<Erasure | null>(null);
  const findForm = useBridgeForm();
  const eraseForm = useBridgeForm();
  if (!settings) return null;

  const daysNumber = Number(days);
  const daysState: FieldState =
    /^\d{1,4}$/.test(days) && daysNumber >= 7 && daysNumber <= 3650
      ? { status: 'valid' }
      : { status: 'error', message: 'customerData.daysHint' };
  const identity = identityState(kind, value);
  const supervisorState: FieldState =
    supervisor.trim().length >= 2
      ? { status: 'valid' }
      : { status: 'hint', message: 'customerData.erase.supervisorHint' };
  const asked = {
    pin,
    supervisor: supervisor.trim(),
    identity: { kind, value: compact(value) },
  };
  const ready = identity.status === 'valid' && supervisorState.status === 'valid';
  // A different customer typed: what was found or erased is another's.
  const retype = (next: () => void) => {
    next();
    setFound(null);
    setErased(null);
  };

  return (
    <section className="card" aria-labelledby="customer-data-title" data-testid="customer-data">
      <h2 id="customer-data-title">{t('customerData.title')}</h2>
      <p>{t('customerData.keeps', { days: settings.identity_retention_days })}</p>
      <form
        noValidate
        className="customer-data__days"
        onSubmit={(event) => {
          event.preventDefault();
          void daysForm.submit(
            daysState.status === 'valid',
            'settings.update',
            { pin, change: { identity_retention_days: daysNumber } },
            async (next) => {
              await replace(next);
              setDaysSaved(next.identity_retention_days);
            },
          );
        }}
      >
        <TextField
          id="customer-data-days"
          label={t('customerData.days')}
          value={days}
          onValue={(v) => {
            setDays(v.replace(/\D/g, ''));
            setDaysSaved(null);
          }}
          state={daysState}
          submitted={daysForm.submitted}
          inputMode="numeric"
          maxLength={4}
        />
        <button type="submit" className="button" disabled={daysForm.busy}>
          <BusyLabel
            busy={daysForm.busy}
            idle={t('customerData.daysSave')}
            working={t('common.saving')}
          />
        </button>
        {daysSaved !== null ? (
          <p className="note-ok" role="status">
            <span aria-hidden="true">✓ </span>
            {t('customerData.daysSaved', { days: daysSaved })}
          </p>
        ) : null}
        {daysForm.error ? <GuidancePanel guidance={daysForm.error} headingLevel={3} /> : null}
      </form>

      <h3 id="customer-erase-title">{t('customerData.erase.title')}</h3>
      <p>{t('customerData.erase.lead')}</p>
      <form
        noValidate
        aria-labelledby="customer-erase-title"
        onSubmit={(event) => {
          event.preventDefault();
          void findForm.submit(ready, 'customer.find', asked, (answer) => {
            setErased(null);
            setFound(answer);
          });
        }}
      >
        <IdentityField
          idPrefix="customer-erase"
          kind={kind}
          value={value}
          state={identity}
          submitted={findForm.submitted}
          readOnly={eraseForm.busy}
          onKind={(next) => retype(() => setKind(next))}
          onValue={(next) => retype(() => setValue(next))}
        />
        <TextField
          id="customer-erase-supervisor"
          label={t('customerData.erase.supervisor')}
          value={supervisor}
          onValue={setSupervisor}
          state={supervisorState}
          submitted={findForm.submitted}
          maxLength={64}
        />
        <button type="submit" className="button" disabled={findForm.busy || eraseForm.busy}>
          <BusyLabel
            busy={findForm.busy}
            idle={t('customerData.erase.find')}
            working={t('customerData.erase.finding')}
          />
        </button>
      </form>
      {findForm.error ? <GuidancePanel guidance={findForm.error} headingLevel={3} /> : null}

      {found && !erased ? (
        <div className="customer-data__found" data-testid="customer-found">
          <h4>{t('customerData.erase.found', { mask: found.mask })}</h4>
          <AtCounter lookup={found} />
          <StoreLines store={found.store} />
          <button
            type="button"
            className="button button--danger"
            disabled={eraseForm.busy}
            onClick={() =>
              void eraseForm.submit(ready, 'customer.erase', asked, (answer) => {
                setErased(answer);
                // The DNI goes from the form: nothing of it stays on the screen.
                setValue('');
                findForm.setSubmitted(false);
              })
            }
          >
            <BusyLabel
              busy={eraseForm.busy}
              idle={t('customerData.erase.do')}
              working={t('customerData.erase.doing')}
            />
          </button>
        </div>
      ) : null}
      {eraseForm.error ? <GuidancePanel guidance={eraseForm.error} headingLevel={3} /> : null}
      {erased ? <Erased erasure={erased} /> : null}
    </section>
  );
}

function AtCounter({ lookup }: { lookup: Lookup }) {
  const t = useT();
  const whole = lookup.counter.maskable + lookup.counter.waiting;
  return (
    <>
      <p>
        {whole > 0
          ? t('customerData.erase.here', { count: whole })
          : t('customerData.erase.hereNone')}
      </p>
      {lookup.counter.waiting > 0 ? (
        <p className="note-warning">
          <span aria-hidden="true">⚠ </span>
          {t('customerData.erase.hereWaiting', { count: lookup.counter.waiting })}
        </p>
      ) : null}
    </>
  );
}

function StoreLines({ store }: { store: Lookup['store'] }) {
  const t = useT();
  if (store.state === 'off') return <p>{t('customerData.erase.storeOff')}</p>;
  if (store.state === 'not-answered') {
    return (
      <p className="note-warning">
        <span aria-hidden="true">⚠ </span>
        {t(
          store.reason === 'open-operations'
            ? 'customerData.erase.storeOpen'
            : store.reason === 'refused'
              ? 'customerData.erase.storeRefused'
              : 'customerData.erase.storeUnreachable',
        )}
      </p>
    );
  }
  const counters = store.value.counters.filter((c) => c.operations - c.masked > 0);
  return (
    <>
      <p>
        {counters.length === 0
          ? t('customerData.erase.storeNone')
          : t('customerData.erase.store', {
              counters: counters
                .map((c) =>
                  t('customerData.erase.storeCounter', {
                    name: c.terminal_name ?? c.terminal_id,
                    count: c.operations - c.masked,
                  }),
                )
                .join(', '),
            })}
      </p>
      {store.value.closes > 0 ? (
        <p>{t('customerData.erase.storeCloses', { count: store.value.closes })}</p>
      ) : null}
    </>
  );
}

function Erased({ erasure }: { erasure: Erasure }) {
  const t = useT();
  return (
    <div className="customer-data__erased" data-testid="customer-erased">
      <p className="note-ok" role="status">
        <span aria-hidden="true">✓ </span>
        {t('customerData.erase.done', { mask: erasure.mask })}
      </p>
      <p>{t('customerData.erase.doneHere', { count: erasure.counter.masked })}</p>
      {erasure.counter.waiting > 0 ? (
        <p className="note-warning">
          <span aria-hidden="true">⚠ </span>
          {t('customerData.erase.hereWaiting', { count: erasure.counter.waiting })}
        </p>
      ) : null}
      {erasure.store.state === 'answered' ? (
        <p>
          {t('customerData.erase.doneStore', {
            operations: erasure.store.value.operations,
            closes: erasure.store.value.closes,
            counters: erasure.store.value.counters,
          })}
        </p>
      ) : (
        <StoreLines store={erasure.store.state === 'off' ? { state: 'off' } : erasure.store} />
      )}
      <div className="note-warning" data-testid="customer-not-reached">
        <p>
          <span aria-hidden="true">⚠ </span>
          {t('customerData.erase.notReached')}
        </p>
        <ul>
          {NOT_REACHED.filter((what) => erasure.not_reached.includes(what)).map((what) => (
            <li key={what}>{t(`customerData.erase.notReached.${what}`)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
