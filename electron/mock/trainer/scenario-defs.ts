// The cases of the catalogue. Amounts in cents. Texts in Spanish (es-PE) and English.
import type { Funding } from '../in-store/funding';
import { billAt, type ScenarioDef } from './scenario-def';

const dni = (value: string) => ({ kind: 'dni' as const, value });
const ruc = (value: string) => ({ kind: 'ruc' as const, value });

const sale = (def: Omit<ScenarioDef, 'api' | 'action'>): ScenarioDef => ({
  api: 'v3',
  action: 'sale',
  ...def,
});
const undo = (def: Omit<ScenarioDef, 'api' | 'action'>): ScenarioDef => ({
  api: 'v3',
  action: 'undo',
  ...def,
});

const UNDO_REFUSED = {
  es: 'Deshacer facturación es rechazado: el cajero no anula la factura y consulta al supervisor.',
  en: 'Undo billing is refused: the cashier keeps the invoice and calls the supervisor.',
};

export const SCENARIO_DEFS: ScenarioDef[] = [
  sale({
    name: 'plain-sale',
    title: { es: 'Venta simple', en: 'Plain sale' },
    description: {
      es: 'El cliente compra exactamente el monto aprobado, en 4 partes sin intereses.',
      en: 'The customer buys exactly the approved amount, in 4 interest-free parts.',
    },
    expect: {
      es: 'Cobrar {collect} (cuota inicial) y marcar pagado y facturado.',
      en: 'Collect {collect} (down payment) and mark paid and billed.',
    },
    funding: { code: 'VENTA1', identity: dni('41000001'), creditLine: 120000 },
    billed: 120000,
  }),
  sale({
    name: 'billed-below-approved',
    title: { es: 'Facturado menor al aprobado', en: 'Billed below approved' },
    description: {
      es: 'Aprobado S/ 2,000.00 pero la compra es menor: la inicial y las cuotas bajan en proporción.',
      en: 'Approved S/ 2,000.00 but the purchase is smaller: down payment and installments shrink.',
    },
    expect: {
      es: 'Cobrar {collect}, no la inicial del monto aprobado.',
      en: 'Collect {collect}, not the down payment of the approved amount.',
    },
    funding: { code: 'MENOS1', identity: dni('41000002'), creditLine: 200000 },
    billed: 150000,
  }),
  sale({
    name: 'billed-above-credit-line',
    title: { es: 'Facturado mayor a la línea', en: 'Billed above the credit line' },
    description: {
      es: 'La compra supera la línea de crédito de S/ 1,000.00: el exceso no se financia.',
      en: 'The purchase exceeds the S/ 1,000.00 credit line: the excess is not financed.',
    },
    expect: {
      es: 'Cobrar {collect}: inicial más la parte no financiada.',
      en: 'Collect {collect}: down payment plus the part not financed.',
    },
    funding: { code: 'EXCED1', identity: dni('41000003'), creditLine: 100000 },
    billed: 135050,
  }),
  sale({
    name: 'odd-cents',
    title: { es: 'Céntimos que no dividen exacto', en: 'Cents that do not divide evenly' },
    description: {
      es: 'S/ 1,000.01 en 4 partes: la inicial absorbe el céntimo sobrante.',
      en: 'S/ 1,000.01 in 4 parts: the down payment absorbs the leftover cent.',
    },
    expect: {
      es: 'Cobrar {collect}; 3 cuotas de S/ 250.00.',
      en: 'Collect {collect}; 3 installments of S/ 250.00.',
    },
    funding: { code: 'CENTS1', identity: dni('41000016'), creditLine: 100001 },
    billed: 100001,
  }),
  sale({
    name: 'downpayment-partly-paid-online',
    title: { es: 'Inicial pagada en parte en línea', en: 'Down payment partly paid online' },
    description: {
      es: 'El cliente ya pagó S/ 100.00 de la inicial con tarjeta en la web.',
      en: 'The customer already paid S/ 100.00 of the down payment by card on the web.',
    },
    expect: { es: 'Cobrar solo el saldo: {collect}.', en: 'Collect only the rest: {collect}.' },
    funding: {
      code: 'PARCI1',
      identity: dni('41000004'),
      creditLine: 100000,
      paidToService: 10000,
    },
    billed: 100000,
  }),
  sale({
    name: 'downpayment-fully-paid-online',
    title: { es: 'Inicial pagada completa en línea', en: 'Down payment fully paid online' },
    description: {
      es: 'El cliente pagó toda la inicial por transferencia: en tienda no se cobra nada.',
      en: 'The customer paid the whole down payment by transfer: nothing to collect in store.',
    },
    expect: {
      es: 'Cobrar {collect} y marcar pagado y facturado.',
      en: 'Collect {collect} and mark paid and billed.',
    },
    funding: {
      code: 'PAGAD1',
      identity: dni('41000005'),
      creditLine: 100000,
      paidToService: 25000,
      paidToServiceOrigin: 'transfer',
    },
    billed: 100000,
  }),
  sale({
    name: 'downpayment-overpaid-online',
    title: { es: 'Inicial pagada de más en línea', en: 'Down payment overpaid online' },
    description: {
      es: 'Pagó S/ 300.00 en línea y la inicial es S/ 250.00: la diferencia reduce la próxima cuota.',
      en: 'Paid S/ 300.00 online against a S/ 250.00 down payment: the difference lowers the next installment.',
    },
    expect: {
      es: 'Cobrar {collect}; no devolver dinero en caja.',
      en: 'Collect {collect}; give no money back at the counter.',
    },
    funding: {
      code: 'SOBRE1',
      identity: dni('41000006'),
      creditLine: 100000,
      paidToService: 30000,
    },
    billed: 100000,
  }),
  sale({
    name: 'schedule-acceptance-needed',
    title: { es: 'Falta aceptar el nuevo cronograma', en: 'New schedule not accepted yet' },
    description: {
      es: 'Por riesgo, el cliente debe aceptar el nuevo cronograma en la web antes de facturar.',
      en: 'For risk reasons the customer must accept the new schedule on the website before billing.',
    },
    expect: {
      es: 'Pagado y facturado es rechazado: pedir al cliente que acepte el cronograma y reintentar.',
      en: 'Paid-and-billed is refused: ask the customer to accept the schedule, then retry.',
    },
    funding: {
      code: 'CRONO1',
      identity: dni('41000007'),
      creditLine: 100000,
      requiresScheduleAcceptance: true,
    },
    billed: 100000,
  }),
  sale({
    name: 'dni-mismatch',
    title: { es: 'DNI no coincide', en: 'DNI mismatch' },
    description: {
      es: 'El código es de otra persona: el DNI digitado no es el del financiamiento.',
      en: 'The code belongs to someone else: the DNI typed is not the financing’s.',
    },
    expect: {
      es: 'Verificar es rechazado: revisar el DNI con el documento del cliente.',
      en: 'Verify is refused: check the DNI against the customer’s document.',
    },
    funding: { code: 'DNIX01', identity: dni('41000008'), creditLine: 100000 },
    typed: dni('41000099'),
    billed: 100000,
  }),
  sale({
    name: 'ruc-customer',
    title: { es: 'Cliente con RUC', en: 'RUC customer' },
    description: {
      es: 'Una empresa compra con RUC: se emite factura, no boleta.',
      en: 'A company buys with a RUC: issue a factura, not a boleta.',
    },
    expect: {
      es: 'Cobrar {collect}; luego emitir factura.',
      en: 'Collect {collect}; then issue a factura.',
    },
    funding: { code: 'RUCEM1', identity: ruc('20512333797'), creditLine: 500000 },
    billed: 480000,
  }),
  sale({
    name: 'inactive-code',
    title: { es: 'Código inactivo', en: 'Inactive code' },
    description: { es: 'El código venció o fue anulado.', en: 'The code expired or was voided.' },
    expect: {
      es: 'Verificar responde que el código no existe o no está activo: no vender con financiamiento.',
      en: 'Verify answers the code does not exist or is not active: do not sell on financing.',
    },
    funding: { code: 'INACT1', identity: dni('41000009'), creditLine: 100000, active: false },
    billed: 100000,
  }),
  sale({
    name: 'already-billed',
    title: { es: 'Ya facturado', en: 'Already billed' },
    description: {
      es: 'Este código ya se marcó pagado y facturado (S/ 800.00).',
      en: 'This code was already marked paid and billed (S/ 800.00).',
    },
    expect: {
      es: 'Verificar muestra “ya facturado”: no cobrar de nuevo.',
      en: 'Verify shows “already billed”: do not collect again.',
    },
    funding: { code: 'FACTU1', identity: dni('41000010'), creditLine: 100000 },
    billed: 80000,
    prepare: billAt(80000),
  }),
  sale({
    name: 'cashier-changed',
    title: { es: 'Otro cajero lo verificó', en: 'Another cashier verified it' },
    description: {
      es: 'La caja CAJA-99 ya verificó este código.',
      en: 'Till CAJA-99 already verified this code.',
    },
    expect: {
      es: 'Verificar es rechazado (cashier_id changed): continuar en la caja que lo inició.',
      en: 'Verify is refused (cashier_id changed): finish at the till that started it.',
    },
    funding: { code: 'CAJER1', identity: dni('41000011'), creditLine: 100000 },
    billed: 100000,
    prepare: (funding: Funding) => {
      funding.cashierId = 'CAJA-99';
      funding.lastVerifiedBilled = 100000;
    },
  }),
  undo({
    name: 'undo-allowed',
    title: { es: 'Deshacer facturación permitido', en: 'Undo billing allowed' },
    description: {
      es: 'Venta facturada hoy con la inicial cobrada en tienda; el cliente cambia el producto.',
      en: 'Sale billed today, down payment collected in store; the customer exchanges the product.',
    },
    expect: {
      es: 'Deshacer responde OK: la inicial sigue pagada y el código puede facturarse de nuevo.',
      en: 'Undo answers OK: the down payment stays paid and the code can be billed again.',
    },
    funding: { code: 'DESHA1', identity: dni('41000012'), creditLine: 100000 },
    prepare: billAt(100000),
  }),
  undo({
    name: 'undo-not-billed',
    title: { es: 'Deshacer sin facturar', en: 'Undo before billing' },
    description: {
      es: 'El código todavía no se marcó pagado y facturado.',
      en: 'The code was not marked paid and billed yet.',
    },
    expect: {
      es: 'Rechazado: “Not billed yet”. No hay nada que deshacer.',
      en: 'Refused: “Not billed yet”. There is nothing to undo.',
    },
    funding: { code: 'NOFAC1', identity: dni('41000013'), creditLine: 100000 },
  }),
  undo({
    name: 'undo-no-downpayment',
    title: { es: 'Deshacer: préstamo sin inicial', en: 'Undo: loan without down payment' },
    description: {
      es: 'El préstamo facturado no registra ningún pago.',
      en: 'The billed loan has no payment recorded.',
    },
    expect: UNDO_REFUSED,
    funding: { code: 'SININ1', identity: dni('41000014'), creditLine: 100000 },
    prepare: (funding, now) => {
      billAt(100000)(funding, now);
      funding.payments = [];
    },
  }),
  undo({
    name: 'undo-first-payment-online',
    title: { es: 'Deshacer: inicial pagada en línea', en: 'Undo: down payment paid online' },
    description: {
      es: 'El primer pago del préstamo se hizo con tarjeta en la web, no en tienda.',
      en: 'The loan’s first payment was made by card on the web, not in store.',
    },
    expect: UNDO_REFUSED,
    funding: {
      code: 'ONLIN1',
      identity: dni('41000015'),
      creditLine: 100000,
      paidToService: 10000,
    },
    prepare: billAt(100000),
  }),
  undo({
    name: 'undo-several-payments',
    title: { es: 'Deshacer: varios pagos', en: 'Undo: several payments' },
    description: {
      es: 'El préstamo ya tiene más de un pago.',
      en: 'The loan already has more than one payment.',
    },
    expect: UNDO_REFUSED,
    funding: { code: 'VARIO1', identity: dni('41000017'), creditLine: 100000 },
    prepare: (funding, now) => {
      billAt(100000)(funding, now);
      funding.payments = [...funding.payments, { origin: 'external', amount: 25000, at: now }];
    },
  }),
  undo({
    name: 'undo-company-ruc',
    title: { es: 'Deshacer con RUC de empresa', en: 'Undo with a company RUC' },
    description: {
      es: 'Solo se puede deshacer con RUC que empieza con 10 (persona natural).',
      en: 'Undo only accepts RUCs starting with 10 (individuals).',
    },
    expect: {
      es: 'Rechazado por formato de RUC: consultar al supervisor.',
      en: 'Refused on the RUC format: call the supervisor.',
    },
    funding: { code: 'RUCNO1', identity: ruc('20100070970'), creditLine: 100000 },
    prepare: billAt(100000),
  }),
  undo({
    name: 'undo-personal-ruc',
    title: { es: 'Deshacer con RUC 10', en: 'Undo with a personal RUC' },
    description: {
      es: 'RUC 10 (persona natural con negocio): deshacer está permitido.',
      en: 'A “10” RUC (an individual with a business): undo is allowed.',
    },
    expect: { es: 'Deshacer responde OK.', en: 'Undo answers OK.' },
    funding: { code: 'RUCPE1', identity: ruc('10054148289'), creditLine: 100000 },
    prepare: billAt(100000),
  }),
  {
    name: 'v2-pending',
    api: 'v2',
    action: 'check',
    title: { es: 'v2: inicial pendiente', en: 'v2: down payment pending' },
    description: {
      es: 'El cliente eligió pagar la inicial en tienda.',
      en: 'The customer chose to pay the down payment in store.',
    },
    expect: {
      es: 'PENDIENTE (ámbar, con reloj): cobrar la inicial y marcar pagado y facturado.',
      en: 'PENDING (amber, with a clock): collect the down payment and mark paid and billed.',
    },
    funding: { code: 'PEND01', identity: dni('42000001'), creditLine: 90000 },
  },
  {
    name: 'v2-fulfilled',
    api: 'v2',
    action: 'check',
    title: { es: 'v2: inicial cumplida', en: 'v2: down payment fulfilled' },
    description: {
      es: 'El cliente pagó la inicial directamente al servicio.',
      en: 'The customer paid the down payment directly to the service.',
    },
    expect: {
      es: 'CUMPLIDO (verde), canal Service: no cobrar inicial.',
      en: 'FULFILLED (green), channel Service: collect no down payment.',
    },
    funding: {
      code: 'FULL01',
      identity: dni('42000002'),
      creditLine: 90000,
      paidToService: 22500,
      channel: 'Service',
    },
  },
  sale({
    name: 'store-not-allowed-v3',
    title: { es: 'Tienda sin acceso a v3', en: 'Store not allowed v3' },
    description: {
      es: 'La tienda no está habilitada para el flujo v3.',
      en: 'The store is not enabled for the v3 flow.',
    },
    expect: {
      es: 'Verificar es rechazado: usar la consulta v2 o llamar a soporte.',
      en: 'Verify is refused: use the v2 check or call support.',
    },
    funding: { code: 'TIEND1', identity: dni('41000018'), creditLine: 100000 },
    billed: 100000,
    merchant: { v3_allowed: false },
  }),
  sale({
    name: 'client-not-enabled',
    title: { es: 'Cliente no habilitado para la API', en: 'Client not enabled for the API' },
    description: {
      es: 'Verificar funciona, pero la cuenta de la tienda no puede marcar pagado y facturado.',
      en: 'Verify works, but the store’s account cannot mark paid and billed.',
    },
    expect: {
      es: 'Pagado y facturado es rechazado: no entregar; llamar a soporte.',
      en: 'Paid-and-billed is refused: do not deliver; call support.',
    },
    funding: { code: 'HABIL1', identity: dni('41000019'), creditLine: 100000 },
    billed: 100000,
    merchant: { api_enabled: false },
  }),
  {
    name: 'store-close-counter-cut-off',
    api: 'v3',
    action: 'close',
    store: 'counter-cut-off',
    title: {
      es: 'Cierre de tienda: una caja sin conexión a la base',
      en: 'Store close: one counter cut off from the database',
    },
    description: {
      es: 'La tienda tiene tres cajas: esta y dos simuladas, Caja 2 y Caja 3, con las ventas de práctica facturadas hoy. Caja 3 perdió la conexión con la base de datos de la tienda mientras su venta del código CORTE1 esperaba la respuesta del servicio. Abra el resumen del día (F6): el cierre del día de la tienda.',
      en: 'The store has three counters: this one and two simulated ones, Caja 2 and Caja 3, with the practice sales billed today. Caja 3 lost its connection to the store database while its sale of code CORTE1 waited for the service’s answer. Open the day summary (F6): the store’s day close.',
    },
    expect: {
      es: 'Caja 3 está en silencio (“lo que hizo después no está en este cierre”) con su venta de CORTE1 (cliente 41000020) sin respuesta en la base: el día no se cierra, y ni esperar ni nombrarla en la nota lo cambia. Solo su vuelta trae la respuesta: pulse “Práctica: Caja 3 vuelve a conectarse” (en una tienda se reconecta esa caja) y el cierre cuadra.',
      en: 'Caja 3 is silent (“what it did later is not in this close”) with its sale of CORTE1 (customer 41000020) without an answer in the database: the day does not close, and neither waiting nor naming it in the note changes that. Only its return brings the answer: press “Practice: Caja 3 reconnects” (in a store, that counter is reconnected) and the close balances.',
    },
    funding: { code: 'CORTE1', identity: dni('41000020'), creditLine: 100000 },
    billed: 100000,
    prepare: billAt(100000),
  },
];
