// Interface texts of customers' personal data in Settings (docs/personal-data.md): how long this
// counter keeps a customer's DNI whole, and a customer's erasure on request. Spanish (with the
// supervisor's screens) and English (with en.ts).

export const personalDataEsPE = {
  'customerData.title': 'Datos personales de los clientes',
  'customerData.keeps':
    'Esta caja guarda el DNI o RUC completo de un cliente solo mientras sirve. Con base de datos de la tienda, lo enmascara (*****678) cuando la base ya lo tiene y terminó su día; sin base de la tienda, después de {days} días. El papel y los archivos exportados lo muestran enmascarado.',
  'customerData.days': 'Días que se guarda completo sin base de la tienda',
  'customerData.daysHint': 'De 7 a 3650 días',
  'customerData.daysSave': 'Guardar los días',
  'customerData.daysSaved': 'Guardado: {days} días.',
  'customerData.erase.title': 'Borrar los datos de un cliente',
  'customerData.erase.lead':
    'Si un cliente pide que se borren sus datos (derecho de cancelación, Ley 29733): escriba su DNI o RUC y su nombre de supervisor, vea lo que se guarda de él y bórrelo. Queda registrado que se hizo, cuándo y quién lo hizo, sin guardar de quién.',
  'customerData.erase.supervisor': 'Supervisor (nombre)',
  'customerData.erase.supervisorHint': 'Su nombre queda registrado',
  'customerData.erase.find': 'Ver lo que se guarda',
  'customerData.erase.finding': 'Buscando…',
  'customerData.erase.found': 'Cliente {mask}',
  'customerData.erase.here': 'En esta caja: {count} operaciones con su DNI completo.',
  'customerData.erase.hereNone': 'En esta caja: ninguna operación con su DNI completo.',
  'customerData.erase.hereWaiting':
    '{count} esperan: sin respuesta definitiva, con dinero retenido o con una respuesta que avisar al cajero. Se borran cuando terminen.',
  'customerData.erase.store': 'En la base de la tienda: {counters}.',
  'customerData.erase.storeCounter': '{name}: {count}',
  'customerData.erase.storeNone': 'En la base de la tienda: ninguna operación.',
  'customerData.erase.storeCloses': '{count} cierres de la tienda lo muestran completo.',
  'customerData.erase.storeOff': 'Esta caja no tiene base de datos de la tienda.',
  'customerData.erase.storeUnreachable':
    'La base de la tienda no respondió: lo de las otras cajas no se vio. Intente otra vez más tarde.',
  'customerData.erase.storeOpen':
    'La base de la tienda tiene una operación de este cliente sin respuesta definitiva: bórrelo cuando la tenga.',
  'customerData.erase.storeRefused':
    'La base de la tienda rechazó el pedido de esta caja: llame al técnico (Tienda con varias cajas → Probar conexión).',
  'customerData.erase.do': 'Borrar los datos de este cliente',
  'customerData.erase.doing': 'Borrando…',
  'customerData.erase.done': 'Datos de {mask} borrados',
  'customerData.erase.doneHere': 'Esta caja enmascaró {count} operaciones.',
  'customerData.erase.doneStore':
    'La base de la tienda enmascaró {operations} operaciones y {closes} cierres, y avisó a {counters} cajas: cada una lo enmascara al conectarse.',
  'customerData.erase.notReached': 'Mostrador no puede borrar:',
  'customerData.erase.notReached.paper':
    'el papel ya impreso (cierres, resúmenes del día, constancias): destrúyalo como indique la política de la tienda;',
  'customerData.erase.notReached.exports': 'los archivos exportados (CSV, PDF) que se guardaron;',
  'customerData.erase.notReached.service':
    'los datos que tiene el servicio de financiamiento: el cliente debe pedirlo allí;',
  'customerData.erase.notReached.backups':
    'las copias de seguridad de la base de la tienda, hasta que se renueven.',
} as const;

export const personalDataEn: Record<keyof typeof personalDataEsPE, string> = {
  'customerData.title': "Customers' personal data",
  'customerData.keeps':
    'This counter keeps a customer’s DNI or RUC whole only while it serves. With a store database, it masks it (*****678) once the database has it and its day has ended; without one, after {days} days. Paper and exported files show it masked.',
  'customerData.days': 'Days it is kept whole without a store database',
  'customerData.daysHint': '7 to 3650 days',
  'customerData.daysSave': 'Save the days',
  'customerData.daysSaved': 'Saved: {days} days.',
  'customerData.erase.title': "Erase a customer's data",
  'customerData.erase.lead':
    'If a customer asks for their data to be erased (right of cancellation, Ley 29733): type their DNI or RUC and your supervisor name, see what is kept of them, and erase it. It is recorded that it was done, when and by whom, never whose.',
  'customerData.erase.supervisor': 'Supervisor (name)',
  'customerData.erase.supervisorHint': 'Your name is recorded',
  'customerData.erase.find': 'See what is kept',
  'customerData.erase.finding': 'Looking…',
  'customerData.erase.found': 'Customer {mask}',
  'customerData.erase.here': 'At this counter: {count} operations with their whole DNI.',
  'customerData.erase.hereNone': 'At this counter: no operation with their whole DNI.',
  'customerData.erase.hereWaiting':
    '{count} wait: no definite answer yet, money held, or an answer still to tell the cashier. They are erased once they are done.',
  'customerData.erase.store': 'In the store database: {counters}.',
  'customerData.erase.storeCounter': '{name}: {count}',
  'customerData.erase.storeNone': 'In the store database: no operation.',
  'customerData.erase.storeCloses': '{count} store closes show it whole.',
  'customerData.erase.storeOff': 'This counter has no store database.',
  'customerData.erase.storeUnreachable':
    'The store database did not answer: the other counters were not seen. Try again later.',
  'customerData.erase.storeOpen':
    'The store database has an operation of this customer with no definite answer: erase once it has one.',
  'customerData.erase.storeRefused':
    'The store database refused this counter: call the technician (Store with several counters → Test connection).',
  'customerData.erase.do': "Erase this customer's data",
  'customerData.erase.doing': 'Erasing…',
  'customerData.erase.done': 'Data of {mask} erased',
  'customerData.erase.doneHere': 'This counter masked {count} operations.',
  'customerData.erase.doneStore':
    'The store database masked {operations} operations and {closes} closes, and told {counters} counters: each masks it when it connects.',
  'customerData.erase.notReached': 'Mostrador cannot erase:',
  'customerData.erase.notReached.paper':
    'paper already printed (closes, day summaries, records): destroy it as the store’s policy says;',
  'customerData.erase.notReached.exports': 'exported files (CSV, PDF) that were saved;',
  'customerData.erase.notReached.service':
    'the data the financing service holds: the customer must ask there;',
  'customerData.erase.notReached.backups': 'backups of the store database, until they are renewed.',
};
