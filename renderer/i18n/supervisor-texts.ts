// Interface texts, Spanish (Peru), of the supervisor's and trainer's screens only (day summary
// and store close, settings and the store database, training, the printer's settings): loaded
// with those screens (lazy-views.ts), so a terminal's start reads only the counter's texts
// (renderer_js_gz in `npm run bench`; issue "A counter that has gone silent", item 20). English
// keeps every text in en.ts, which is a chunk of its own already.

import { headOfficeEsPE } from './head-office-texts';
import { personalDataEsPE } from './personal-data-texts';

export const supervisorEsPE = {
  // The question asked when another counter is silent (components/ask-elsewhere.tsx): rare, and
  // loaded with that view in the background once the first screen is up.
  'storeDb.ask.silentOne':
    '{counters} no responde desde las {time}: pregunte si el cliente ya pagó en otra caja',
  'storeDb.ask.silentOneDay':
    '{counters} no responde desde el {time}: pregunte si el cliente ya pagó en otra caja',
  'storeDb.ask.silentMany': '{counters} no responden: pregunte si el cliente ya pagó en otra caja',
  'storeDb.ask.noAnswer':
    'Esta caja no pudo consultar a las otras cajas a tiempo: pregunte si el cliente ya pagó en otra caja',
  'storeDb.ask.question': '¿El cliente ya pagó este código en otra caja?',
  'storeDb.ask.no': 'No, no pagó en otra caja',
  'storeDb.ask.yes': 'Sí, ya pagó en otra caja',
  'storeDb.ask.saveFailed': 'No se pudo guardar la respuesta. Intente otra vez.',
  'storeDb.ask.paidTitle': 'El cliente ya pagó en otra caja: no cobre en esta caja',
  'storeDb.ask.paidSteps':
    'Espere a que {counters} vuelva a responder y verifique otra vez, o llame al supervisor. No cobre aquí mientras tanto.',
  'storeDb.ask.paidStepsNoAnswer':
    'Espere a que esta caja vuelva a conectarse con la tienda y verifique otra vez, o llame al supervisor. No cobre aquí mientras tanto.',
  'storeDb.ask.verifyAgain': 'Verificar otra vez',
  'storeDb.settings.title': 'Tienda con varias cajas',
  'storeDb.settings.help':
    'Opcional. Con la base de datos de la tienda (PostgreSQL), cada caja envía su diario y consulta a las demás antes de cobrar. Sin ella, esta caja trabaja sola, como siempre.',
  'storeDb.settings.terminalName': 'Nombre de esta caja',
  'storeDb.settings.terminalNameHint': 'Corto, como «Caja 2» (hasta 32 caracteres).',
  'storeDb.settings.terminalNameSave': 'Guardar nombre',
  'storeDb.settings.terminalNameSaved': 'Nombre guardado.',
  'storeDb.settings.url': 'Dirección de la base de datos (nueva)',
  'storeDb.settings.urlHint':
    'postgres://usuario:contraseña@servidor:5432/base?sslmode=require. Fuera de la red de la tienda, sslmode=require o verify-full.',
  'storeDb.settings.urlBad':
    'No es una dirección postgres:// con usuario, contraseña, servidor y base.',
  'storeDb.settings.urlNeedsTls':
    'Este servidor está fuera de la red de la tienda: agregue ?sslmode=require (o verify-full).',
  'storeDb.settings.urlAmbiguous':
    'La dirección se puede leer de dos maneras (un parámetro repetido, host o port en la consulta distinto del servidor, un socket local, sslmode=prefer o allow, que pueden seguir sin cifrar): escríbala solo con usuario, contraseña, servidor, puerto, base y sslmode (disable, require, verify-ca o verify-full).',
  'storeDb.settings.save': 'Guardar dirección',
  'storeDb.settings.remove': 'Quitar la base de datos',
  'storeDb.settings.test': 'Probar conexión',
  'storeDb.settings.testing': 'Probando…',
  'storeDb.settings.none': 'Sin base de datos de la tienda: esta caja trabaja sola.',
  'storeDb.settings.target': 'Conectada a {database} en {host}:{port} como {user}.',
  'storeDb.settings.targetSet':
    'Base de datos de la tienda: {database} en {host}:{port}, usuario {user}. La línea de envío (abajo) dice si llega.',
  'storeDb.settings.fromEnv': 'Definida por MOSTRADOR_STORE_DB_URL: no se cambia desde aquí.',
  'storeDb.settings.problem.unreadable':
    'La dirección guardada no se pudo leer: guárdela de nuevo. Mientras tanto esta caja trabaja sola.',
  'storeDb.settings.problem.not-a-url':
    'La dirección guardada no es válida: guárdela de nuevo. Mientras tanto esta caja trabaja sola.',
  'storeDb.settings.problem.needs-tls':
    'La dirección guardada necesita sslmode=require: guárdela de nuevo. Mientras tanto esta caja trabaja sola.',
  'storeDb.settings.problem.ambiguous':
    'La dirección guardada se puede leer de dos maneras: guárdela de nuevo sin parámetros repetidos, sin host o port en la consulta y sin sslmode=prefer o allow. Mientras tanto esta caja trabaja sola.',
  'storeDb.settings.problem.no-store-id':
    'Falta el «Client id de la tienda» (en la tarjeta Terminal): sin él esta caja no envía nada a la base de datos de la tienda.',
  'storeDb.settings.problem.key-needs-consent':
    'Este equipo no tiene llavero del sistema: la clave de esta caja para la base de la tienda solo se puede guardar con protección débil, y nadie lo aceptó. Hasta entonces esta caja no envía nada a la base (sigue vendiendo).',
  'storeDb.settings.allowWeakKey':
    'Este equipo no ofrece cifrado seguro: guardar la clave de esta caja con protección débil de todos modos',
  'storeDb.settings.keepKey': 'Guardar la clave',
  'storeDb.settings.terminalId': 'Id de esta caja',
  'storeDb.state.notEnrolled':
    'Envío: detenido desde las {time}, esta caja está sin alta en la tienda ({count} registros por enviar).',
  'storeDb.state.notEnrolledNone':
    'Envío: detenido desde las {time}, esta caja está sin alta en la tienda.',
  'storeDb.enroll.title': 'Dar de alta esta caja en la tienda',
  'storeDb.enroll.state.not-enrolled': 'Esta caja no está dada de alta en la tienda «{store}».',
  'storeDb.enroll.state.key-mismatch': 'La base de la tienda tiene otra llave para esta caja.',
  'storeDb.enroll.state.other-store':
    'Esta caja está dada de alta en otra tienda, no en «{store}».',
  'storeDb.enroll.why.not-enrolled':
    'La base de la tienda no acepta registros de una caja que el técnico no dio de alta. Esta caja sigue vendiendo: sus registros esperan en ella y se envían al darla de alta, sin perder ninguno.',
  'storeDb.enroll.why.key-mismatch':
    'Pasa cuando la caja se reinstaló o se copió a otro equipo: la base no acepta sus registros con esta llave. Esta caja sigue vendiendo: sus registros esperan en ella y se envían al darla de alta de nuevo.',
  'storeDb.enroll.why.other-store':
    'Solo envía a la tienda en que está dada de alta (o el usuario de la base con que se conecta no es de «{store}»): para usarla aquí hay que darla de alta aquí. Esta caja sigue vendiendo: sus registros esperan en ella.',
  'storeDb.enroll.ask':
    'Pida al técnico un código de alta para la tienda «{store}» que nombre a esta caja ({terminal}). El técnico lo obtiene así:',
  'storeDb.enroll.askNoId':
    'Pida al técnico un código de alta para la tienda «{store}». El técnico lo obtiene así:',
  'storeDb.enroll.type':
    'Escriba el código aquí con su PIN y pulse «Dar de alta esta caja». Cada código vale una sola vez y por pocas horas.',
  'storeDb.enroll.code': 'Código de alta',
  'storeDb.enroll.codeHint':
    '12 letras y números, como ABCD-EFGH-JKLM (guiones, espacios y minúsculas dan igual).',
  'storeDb.enroll.codeChars':
    'Un código de alta solo tiene letras y números, sin 0, 1, O ni I: revise lo escrito.',
  'storeDb.enroll.codeLong': 'Un código de alta tiene 12 letras y números: sobra algo.',
  'storeDb.enroll.submit': 'Dar de alta esta caja',
  'storeDb.enroll.working': 'Dando de alta…',
  'storeDb.enroll.done': 'Caja dada de alta en la tienda «{store}».',
  'storeDb.enroll.codeRefused': 'La base no aceptó este código: vea abajo por qué.',
  'storeDb.enroll.refused': 'No se dio de alta esta caja',
  'storeDb.enroll.otherStoreCode':
    'El código es de otra tienda que la del usuario de la base con que se conecta esta caja: pida al técnico un código de la tienda «{store}».',
  'storeDb.enroll.again':
    'El código sigue escrito: corríjalo o escriba uno nuevo, y escriba otra vez su PIN.',
  'storeDb.state.off': 'Envío: apagado.',
  'storeDb.state.ok': 'Envío: al día.',
  'storeDb.state.starting': 'Envío: conectando con la base de datos…',
  'storeDb.state.behind': 'Envío: poniéndose al día ({count} registros por enviar).',
  'storeDb.state.unreachable':
    'Envío: sin conexión desde las {time} ({count} registros por enviar).',
  'storeDb.state.refused':
    'Envío: la base de datos rechaza esta caja desde las {time} ({count} registros por enviar). Pruebe la conexión.',
  'storeDb.state.conflict':
    'Envío: detenido por un conflicto desde las {time}: la base tiene otra línea con la misma clave. Llame a soporte.',
  'storeDb.check.reachable': 'Servidor',
  'storeDb.check.migrated': 'Tablas de Mostrador',
  'storeDb.check.privileges': 'Permisos del usuario',
  'storeDb.check.clock': 'Hora del servidor',
  'storeDb.check.status.ok': 'Correcto',
  'storeDb.check.status.failed': 'Problema',
  'storeDb.check.status.not-checked': 'No se revisó',
  'storeDb.check.server': 'PostgreSQL {version}.',
  'storeDb.check.version': 'Versión {version}.',
  'storeDb.check.notMigrated':
    'La base no tiene las tablas de Mostrador: ejecute «npm run store-db -- migrate» con el usuario dueño.',
  'storeDb.check.older':
    'Las tablas son de la versión {version} y esta caja necesita la {required}: ejecute la migración otra vez.',
  'storeDb.check.tooFew': 'Le falta: {list}. Use un usuario con el rol mostrador_terminal.',
  'storeDb.check.tooMany':
    'Tiene de más: {list}. Use un usuario con el rol mostrador_terminal, que solo agrega y lee.',
  'storeDb.check.clockOff':
    'La hora de esta caja y la del servidor difieren en {skew}: corrija la hora de esta caja o del servidor.',
  'storeDb.check.skew': 'Diferencia de hora: {skew}.',
  'storeDb.category.network':
    'El servidor no responde o rechaza la conexión: revise la dirección, el puerto, la red y el firewall.',
  'storeDb.category.timeout': 'El servidor no respondió a tiempo.',
  'storeDb.category.auth': 'Usuario o contraseña incorrectos, o el servidor no acepta a esta caja.',
  'storeDb.category.no-database': 'Esa base de datos no existe en el servidor.',
  'storeDb.category.not-migrated': 'La base no tiene las tablas de Mostrador.',
  'storeDb.category.permission': 'El usuario no tiene los permisos de una caja.',
  'storeDb.category.tls-required':
    'Fuera de la red de la tienda la conexión debe ir cifrada (sslmode=require).',
  'storeDb.category.tls':
    'La conexión cifrada (TLS) falló: revise sslmode y el certificado del servidor.',
  'storeDb.category.asks-cleartext-password':
    'El servidor pidió la contraseña sin cifrar: esta caja no la envió (en la red se podría leer, o alguien podría hacerse pasar por el servidor). En pg_hba.conf use scram-sha-256 en lugar de password, o conecte con sslmode=verify-full.',
  'storeDb.category.asks-md5-password':
    'El servidor pidió la contraseña en MD5: esta caja no la envió (en la red se podría usar, o alguien podría hacerse pasar por el servidor). En pg_hba.conf use scram-sha-256 en lugar de md5 y vuelva a poner la contraseña del usuario con password_encryption = scram-sha-256, o conecte con sslmode=verify-full.',
  'storeDb.category.bad-url': 'La dirección no es válida.',
  'storeDb.category.bad-line': 'La base rechazó un registro de esta caja: llame a soporte.',
  'storeDb.category.server': 'El servidor respondió con un error.',
  'storeDb.category.ambiguous-url':
    'La dirección se puede leer de dos maneras (parámetro repetido, host o port en la consulta, socket local, sslmode=prefer o allow).',
  'storeDb.category.bad-time-zone':
    'La zona horaria de la tienda no es un nombre como America/Lima: corríjala en Configuración general. Hasta entonces no se envía nada.',
  'storeDb.category.not-enrolled':
    'Esta caja no está dada de alta en la tienda: pida al técnico un código de alta y escríbalo en Configuración (F8) → Tienda con varias cajas → Código de alta.',
  'storeDb.category.key-mismatch':
    'La base tiene otra llave para esta caja (una reinstalación o una copia de otro equipo): pida al técnico un código de alta que nombre a esta caja y escríbalo en Configuración (F8) → Tienda con varias cajas → Código de alta.',
  'storeDb.category.other-store':
    'Esta caja está dada de alta en otra tienda, o el usuario de la base con que se conecta no es de esta tienda: pida al técnico un código de alta de esta tienda que nombre a esta caja (y, si hace falta, un usuario de esta tienda).',
  'storeDb.category.enrollment-code':
    'El código de alta no vale: no existe, ya se usó, venció o es para otra caja. Revise lo escrito o pida uno nuevo al técnico.',
  'storeDb.category.clock':
    'El reloj de esta caja está a más de 15 minutos del de la base: corrija la hora del equipo.',
  'storeDb.category.too-big':
    'El servidor respondió con mucho más de lo que una caja pide: se cortó la conexión. Revise que la dirección sea la de la base de la tienda.',
  'summary.title': 'Resumen del día',
  'summary.query': 'Elegir el día',
  'summary.day': 'Día (hora de la tienda: {zone})',
  'summary.dayRead': 'Día elegido: {date}',
  'summary.load': 'Ver resumen (Enter)',
  'summary.loading': 'Cargando…',
  'summary.totalsTitle': 'Totales: {day}',
  'summary.totalPurchases': 'Total de compras',
  'summary.totalInStore': 'Pagado en tienda',
  'summary.totalFinanced': 'Financiado',
  'summary.rowCount': 'Pagos en el detalle',
  'summary.printAndExport': 'Imprimir y exportar',
  'summary.previewA4': 'Vista previa A4',
  'summary.previewReceipt': 'Vista previa {width}',
  'summary.printA4': 'Imprimir A4',
  'summary.printReceipt': 'Imprimir ticket {width}',
  'summary.savePdf': 'Guardar PDF',
  'summary.exportCsv': 'Exportar CSV (Excel)',
  'summary.detail': 'Detalle de pagos',
  'summary.detailScroll': 'Filas del detalle (use las flechas para desplazarse)',
  'summary.noRows': 'No hay pagos en este día.',
  'summary.col.order': 'Pedido',
  'summary.col.identity': 'DNI / RUC',
  'summary.col.origin': 'Origen del pago',
  'summary.col.amount': 'Monto',
  'summary.col.amountPlain': 'Monto (S/)',
  'summary.csv.fileBase': 'resumen-del-dia',
  'summary.csv.fileTraining': 'ENTRENAMIENTO',
  'summary.csv.store': 'Tienda',
  'summary.csv.day': 'Día',
  'summary.csv.terminal': 'Terminal',
  'printer.title': 'Impresora de tickets',
  'printer.lead': 'ESC/POS por la red (tcp://IP:9100) o por una cola del sistema (queue:NOMBRE).',
  'printer.address': 'Dirección de la impresora',
  'printer.addressHint': 'Ej.: tcp://192.168.1.50:9100 o queue:TICKETS',
  'printer.addressInvalid': 'Use tcp://host:puerto o queue:NOMBRE.',
  'printer.columns': 'Papel',
  'printer.columns48': '80 mm, 48 columnas',
  'printer.columns42': '80 mm, 42 columnas',
  'printer.columns32': '58 mm, 32 columnas',
  'printer.save': 'Guardar impresora',
  'printer.remove': 'Quitar impresora',
  'printer.saved': 'Impresora guardada.',
  'printer.removed': 'Impresora quitada.',
  'printer.none': 'No hay impresora de tickets configurada.',
  'printer.current': 'Impresora actual: {address} ({columns} columnas).',
  'printer.testing': 'Imprimiendo…',
  'printer.test': 'Imprimir página de prueba',
  'printer.testSent':
    'Página de prueba enviada: revise que los acentos (á é ñ ¿ ¡) salgan bien y que el papel se corte.',
  'summary.origin.external': 'En tienda',
  'summary.origin.card': 'Tarjeta (web)',
  'summary.origin.transfer': 'Transferencia',
  'storeClose.title': 'Cierre del día de la tienda',
  'storeClose.lead':
    'El resumen del servicio de toda la tienda contra las operaciones de cada caja en la base de datos de la tienda.',
  'storeClose.loading': 'Leyendo la base de datos de la tienda…',
  'storeClose.dbDown': 'La base de datos de la tienda no respondió.',
  'storeClose.dbRefused': 'La base de datos de la tienda rechazó la consulta de esta caja.',
  'storeClose.summaryDown':
    'No se pudo obtener el resumen del día del servicio: el cierre de la tienda lo necesita. Vuelva a intentar.',
  'storeClose.cannotRead': 'No se pudo leer el cierre de la tienda. Vuelva a intentar.',
  'storeClose.retry': 'Volver a leer',
  'storeClose.detailsTech': 'Detalles técnicos para soporte (en inglés)',
  'storeClose.stateClosed': 'Día cerrado por {who} el {at} desde {from}.',
  'storeClose.stateDraft': 'El día no está cerrado. Cifras al {at}.',
  'storeClose.hash': 'Registro del cierre (SHA-256): {hash}',
  'storeClose.note': 'Nota del supervisor: {note}',
  'storeClose.exceptions': 'Excepciones ({count})',
  'storeClose.exceptionsNone': 'Sin excepciones: todo coincide.',
  'storeClose.exc.open':
    '{counter} · {cashier} · {time}: {operation} {identity} {code} sin respuesta definitiva (facturado {amount}).',
  'storeClose.exc.stopped': 'Dejó de informar. {line}',
  'storeClose.exc.missing':
    '{counters} · {cashiers}: {identity} {code} cobrado {amount}, falta en el resumen del servicio.',
  'storeClose.exc.extra':
    'El servicio lista {identity} ({orders}, {amount} en tienda) y ninguna caja lo registró.',
  'storeClose.exc.differs':
    '{counters} · {cashiers}: {identity} {code} cobrado {amount}, el servicio dice {service}.',
  'storeClose.fresh.complete': '{name}: datos completos del día.',
  'storeClose.fresh.current': '{name}: al día, datos hasta las {time}.',
  'storeClose.fresh.stopped':
    '{name}: datos hasta las {time} — sus ventas posteriores no están en este cierre.',
  'storeClose.fresh.never': '{name}: no ha enviado datos a la base de la tienda.',
  'storeClose.freshness': 'Datos de cada caja',
  'storeClose.counters': 'Por caja',
  'storeClose.col.counter': 'Caja',
  'storeClose.col.cashiers': 'Cajeros',
  'storeClose.col.billed': 'Ventas facturadas',
  'storeClose.col.undone': 'De ellas, deshechas',
  'storeClose.col.collected': 'Cobrado en tienda',
  'storeClose.col.held': 'Retenido (del cliente)',
  'storeClose.exc.held':
    'Dinero retenido en {counter} · {cashier} · desde el {when}: {amount} del cliente {identity}, código {code}, por una venta rechazada ({reason}). Está en la caja pero es del cliente: devuélvalo o úselo en su próxima venta.',
  'storeClose.col.undoneCollected': 'Cobrado de ventas deshechas (en caja)',
  'storeClose.undoneCollectedNote':
    'De lo cobrado en tienda, {amount} es de ventas deshechas en el mismo día: el pago inicial sigue pagado, así que el dinero sigue en la caja y se descuenta cuando el código se facture de nuevo; el servicio ya no lo cuenta. Lo cobrado por las ventas vigentes, {standing}, es lo que se compara con “Pagado en tienda” del servicio.',
  'storeClose.col.open': 'Abiertas',
  'storeClose.col.total': 'Tienda',
  'storeClose.service':
    'Servicio, leído con estas cifras: compras {purchases}, pagado en tienda {inStore}, financiado {financed}.',
  'storeClose.serviceClosed':
    'Servicio al cerrar ({at}): compras {purchases}, pagado en tienda {inStore}, financiado {financed}. Los totales de arriba son los de ahora.',
  'summary.totalsNowClosed':
    'Totales del servicio ahora. El día ya está cerrado: el cierre de la tienda, más abajo, guarda los del momento del cierre.',
  'storeClose.counts':
    'Coinciden {matched} · faltan {missing} · sobran {extra} · montos distintos {differs} · pendientes {pending}',
  'storeClose.arrivedAfter': 'Llegaron después del cierre ({count})',
  'storeClose.arrivedLine':
    '{counter} · {cashier} · {time}: {operation} {identity} {code} — {state}{amount}.',
  'storeClose.arrived.succeeded': 'aceptado por el servicio',
  'storeClose.arrived.refused': 'rechazado por el servicio',
  'storeClose.arrived.open': 'sin respuesta definitiva',
  'storeClose.arrived.collected': 'cobrado {amount}',
  'storeClose.arrived.inDrawer': 'ya en caja {amount}',
  'storeClose.close': 'Cerrar el día de la tienda',
  'storeClose.closing': 'Cerrando…',
  'storeClose.supervisor': 'Supervisor (nombre)',
  'storeClose.noteLabel': 'Nota sobre las excepciones',
  'storeClose.noteHelp': 'Obligatoria cuando hay excepciones: qué revisó y qué queda pendiente.',
  'storeClose.pin': 'PIN del supervisor',
  'storeClose.refusedOpen':
    'No se puede cerrar: {count} operaciones del día sin respuesta definitiva en la tienda. Espere su respuesta (vea las excepciones).',
  'storeClose.refusedOpenOne':
    'No se puede cerrar: 1 operación del día sin respuesta definitiva en la tienda. Espere su respuesta (vea las excepciones).',
  'storeClose.refusedNote': 'Escriba una nota sobre las {count} excepciones antes de cerrar.',
  'storeClose.refusedNoteOne': 'Escriba una nota sobre la excepción antes de cerrar.',
  'storeClose.needSupervisor': 'Escriba el nombre del supervisor (2 letras o más).',
  'storeClose.closed': 'Día cerrado. Registro {hash}.',
  'storeClose.already': 'Este día ya estaba cerrado: se muestra el primer cierre.',
  'storeClose.printReceipt': 'Imprimir cierre ({width})',
  'storeClose.savePdf': 'Guardar cierre en PDF',
  'storeClose.exportCsv': 'Exportar cierre CSV',
  'storeClose.op.billing': 'Pagado y facturado',
  'storeClose.op.undo': 'Deshacer facturación',
  'storeClose.op.verify': 'Verificación',
  'storeClose.op.other': 'Operación',
  'storeClose.csv.section': 'Sección',
  'storeClose.csv.exceptions': 'Excepciones',
  'storeClose.csv.counters': 'Por caja',
  'storeClose.csv.hash': 'SHA-256',
  'storeClose.csv.fileBase': 'cierre-tienda',
  'reconcile.title': 'Conciliación con este terminal',
  'reconcile.lead':
    'Compara lo que este terminal registró (pagado y facturado, deshecho) con el resumen del servicio. Primero lo que requiere atención.',
  'reconcile.pending': 'Pendiente',
  'reconcile.pendingExplain':
    'Sin respuesta definitiva todavía: no cobrar de nuevo; el terminal reintenta.',
  'reconcile.pendingUndoExplain':
    'Deshacer sin respuesta: el terminal no lo repite solo. Consulte el código: si ya no figura facturado, se deshizo. Un supervisor cierra el pendiente con una nota.',
  'reconcile.missing': 'Falta en el resumen',
  'reconcile.missingExplain':
    'Este terminal lo facturó pero el servicio no lo cuenta hoy: avise al supervisor.',
  'reconcile.extra': 'Extra en el resumen',
  'reconcile.extraExplain':
    'El servicio lo cuenta pero este terminal no lo facturó hoy (otra caja o deshecho).',
  'reconcile.amountDiffers': 'Monto distinto',
  'reconcile.amountDiffersExplain':
    'Lo cobrado en tienda según el terminal no coincide con el resumen.',
  'reconcile.matched': 'Coincide',
  'reconcile.matchedExplain': 'Terminal y resumen coinciden.',
  'reconcile.nothing': 'No hay operaciones de este terminal ni del servicio en este día.',
  'reconcile.more': 'Mostrar más ({shown} de {total})',
  'reconcile.col.status': 'Estado',
  'reconcile.col.code': 'Código',
  'reconcile.col.journal': 'Cobrado (terminal)',
  'reconcile.col.summary': 'En tienda (resumen)',
  'settings.title': 'Configuración',
  'settings.gateLead': 'La configuración requiere el PIN del supervisor.',
  'settings.lock': 'Bloquear configuración',
  'settings.general': 'Terminal',
  'settings.mode': 'Modo',
  'settings.liveWarning':
    'En vivo se cobra dinero real con clientes reales. Se requiere la dirección y el token del servicio.',
  'settings.baseUrl': 'Dirección del servicio (https)',
  'settings.testConnection': 'Probar conexión',
  'settings.testingConnection': 'Probando la conexión…',
  'connection.ok':
    'Conexión correcta: el servicio respondió a esta dirección con el token guardado.',
  'connection.refused-token':
    'El servicio respondió, pero rechazó el token (o el código de cliente). Revise el token del servicio.',
  'connection.unreachable':
    'Sin respuesta del servicio en esa dirección (no conecta, tarda demasiado o falla). Revise la dirección y la red.',
  'connection.not-https':
    'La dirección debe empezar con https:// (http solo para este mismo equipo). No se envió nada.',
  'connection.not-a-url': 'Eso no es una dirección web. No se envió nada.',
  'connection.no-token': 'Falta el token del servicio: guárdelo primero. No se envió nada.',
  'connection.unexpected':
    'Algo respondió en esa dirección, pero no es el servicio de financiamiento. Revise la dirección.',
  'connection.other-address':
    'El token guardado solo se envía a la dirección guardada. No se envió nada: guarde primero esta dirección (si es otra dirección, ingrese también su token otra vez).',
  'connection.httpStatus': 'Respuesta HTTP {status}.',
  'settings.baseUrlRequired': 'En modo en vivo la dirección es obligatoria',
  'settings.baseUrlInvalid': 'No es una dirección válida',
  'settings.baseUrlHttps': 'Use https:// (http solo para este mismo equipo)',
  'settings.baseUrlCredentials': 'La dirección no puede llevar usuario ni clave',
  'settings.storeName': 'Nombre de la tienda',
  'settings.storeNameRequired': 'Escriba el nombre de la tienda',
  'settings.storeNameLong': 'Máximo 80 caracteres',
  'settings.posClientId':
    'Client id de la tienda (en vivo: pedidos en línea y base de datos de la tienda)',
  'settings.posClientIdInvalid': 'Solo caracteres imprimibles, sin espacios',
  'settings.storeUrl': 'Web de la tienda (https, solo en vivo, pedidos en línea)',
  'settings.apiGeneration': 'Versión del servicio',
  'settings.apiV3': 'v3: verificar y cobrar',
  'settings.apiV2': 'v2: consultar y cobrar',
  'settings.timeZone': 'Zona horaria de la tienda',
  'settings.timeZoneInvalid': 'Zona horaria desconocida (ejemplo: America/Lima)',
  'settings.timeZoneNotIana':
    'Use el nombre de la zona (ejemplo: America/Lima), no una abreviatura (IST) ni un desfase (-05:00): la base de datos de la tienda los lee de otra forma y pondría las ventas en otro día. Mientras tanto no se envía nada a la base de la tienda.',
  'settings.save': 'Guardar cambios',
  'settings.saved': 'Cambios guardados.',
  'settings.token': 'Token del servicio',
  'settings.tokenConfigured': 'Configurado: huella {fingerprint} (protección: {encryption}).',
  'settings.tokenNotConfigured': 'No configurado.',
  'settings.encryption.os': 'cifrado del sistema operativo',
  'settings.encryption.basic': 'cifrado básico (débil)',
  'settings.encryption.file': 'archivo solo legible por este usuario',
  'settings.encryption.memory': 'solo en memoria',
  'settings.tokenNew': 'Token nuevo (no se muestra después)',
  'settings.tokenCharacters':
    'El token no lleva espacios, tildes ni ñ: cópielo de nuevo tal como lo dio el servicio',
  'settings.tokenShort': 'El token tiene al menos 8 caracteres',
  'settings.tokenSave': 'Guardar token',
  'settings.tokenClear': 'Borrar token',
  'settings.allowWeak':
    'Este equipo no ofrece cifrado seguro: guardar el token con protección débil de todos modos',
  'settings.about': 'Acerca de',
  'settings.version': 'Versión',
  'settings.shell': 'Se ejecuta en',
  'settings.shellElectron': 'Aplicación de escritorio',
  'settings.shellBrowser': 'Modo navegador',
  'settings.journalFile': 'Registro de operaciones',
  'training.title': 'Entrenamiento',
  'training.lead':
    'Cada caso prepara un código de prueba. Un clic llena la pantalla correcta; el cajero sigue como en una venta real.',
  'training.liveOnly': 'El entrenamiento solo está disponible en modo entrenamiento.',
  'training.controls': 'Controles del instructor',
  'training.reset': 'Reiniciar datos de práctica',
  'training.resetConfirm': 'Sí, reiniciar todo',
  'training.resetDone': 'Datos de práctica reiniciados.',
  'training.faultV3': 'Simular respuesta perdida en el próximo pagado y facturado (v3)',
  'training.faultV2': 'Simular respuesta perdida en el próximo pagado y facturado (v2)',
  'training.holdFault': 'Mantener la falla (el ámbar sigue hasta soltarla)',
  'training.releaseFaults': 'Soltar las fallas simuladas',
  'training.faultHeld':
    'Listo: el próximo pagado y facturado y todos sus reintentos perderán la respuesta (ámbar) hasta que pulse “Soltar las fallas simuladas”.',
  'training.faultsReleased':
    'Fallas soltadas: el próximo reintento del terminal recibe la respuesta del servicio.',
  'training.faultArmed': 'Listo: el próximo pagado y facturado perderá su respuesta (ámbar).',
  'training.groupSale': 'Ventas (v3)',
  'training.groupUndo': 'Deshacer facturación',
  'training.groupCheck': 'Consultas (v2)',
  'training.groupClose': 'Cierre de la tienda (F6)',
  'training.apply': 'Usar caso: {title}',
  'training.case': 'Caso de entrenamiento',
  'training.acceptSchedule': 'El cliente aceptó el cronograma',
  'storeClose.fresh.signedOff': '{name}: cerró su día, datos hasta las {time}.',
  'storeClose.fresh.off': '{name}: marcada fuera del día por un supervisor.',
  'storeClose.fresh.retired': '{name}: retirada por el técnico.',
  'storeClose.fresh.silent':
    '{name}: en silencio desde las {seen}; datos hasta las {time} — lo que hizo después no está en este cierre.',
  'storeClose.exc.silent':
    'Caja en silencio con trabajo del día. {line} Operaciones sin respuesta que informó: {open}; líneas por enviar: {waiting}. Nombre la caja en la nota para cerrar: qué tenía su caja, contado a mano.',
  'storeClose.exc.markedOff':
    'Caja marcada fuera del día, con trabajo del día. {line} Operaciones sin respuesta que informó: {open}; líneas por enviar: {waiting}. Marcarla solo evita la pregunta en las otras cajas: nombre la caja en la nota para cerrar, con lo que tenía su caja, contado a mano.',
  'storeClose.exc.silentClosed':
    'Caja en silencio con trabajo del día. {line} Operaciones sin respuesta que informó: {open}; líneas por enviar: {waiting}. Nombrada en la nota del supervisor.',
  'storeClose.exc.markedOffClosed':
    'Caja marcada fuera del día, con trabajo del día. {line} Operaciones sin respuesta que informó: {open}; líneas por enviar: {waiting}. Nombrada en la nota del supervisor.',
  'storeClose.exc.recordWayForwardClosed':
    '«npm run store-db -- terminals» la muestra al técnico; la guía de la base de datos de la tienda dice qué hacer.',
  'storeClose.exc.silentHolding':
    'Caja sin conexión con una venta sin respuesta en la base. {line} Operaciones sin respuesta que informó: {open}; líneas por enviar: {waiting}. Esa respuesta solo llega cuando la caja vuelva a conectarse a la base de la tienda: esperar aquí, nombrarla o marcarla fuera del día no cierra el día. Vuelva a conectar la caja (su red, o Configuración → Tienda con varias cajas en esa caja); cuando envíe sus líneas, nombre en la nota lo que se revisó.',
  'storeClose.exc.openSilent':
    '{base} {counter} no responde: esta respuesta solo llega cuando {counter} vuelva a conectarse a la base de la tienda.',
  'storeClose.refusedOpenSilentOne':
    'No se puede cerrar: 1 operación del día sin respuesta definitiva, en {counters}, que no responde. Esperar aquí no basta: vuelva a conectar {counters} a la base de la tienda; su respuesta llega con sus líneas.',
  'storeClose.refusedOpenSilent':
    'No se puede cerrar: {count} operaciones del día sin respuesta definitiva; {counters} no responde. Esperar aquí no basta: vuelva a conectar {counters} a la base de la tienda; sus respuestas llegan con sus líneas.',
  'storeClose.markedOff': 'Marcada fuera del día por {who} el {at}.',
  'storeClose.markedOffFrom': 'Marcada fuera del día por {who} el {at} desde {from}.',
  'storeClose.exc.recordConflict':
    'El registro de {counter} en la base está detenido en su línea {seq}: la base guarda otra línea con esa clave (dos instalaciones con el mismo id, o un diario restaurado de otra PC); lo que hizo después no llega.',
  'storeClose.exc.recordUnreadable':
    '{counter} envió {count} líneas que la base guardó pero no pudo leer (un diario dañado): no cuentan en este cierre.',
  'storeClose.exc.recordWayForward':
    'Llame al técnico: «npm run store-db -- terminals» la muestra, y la guía de la base de datos de la tienda dice qué hacer. Nombre lo revisado en la nota.',
  'storeClose.exc.openDrawer': '{base} Ya en caja: {drawer}.',
  'storeClose.refusedDay':
    'No se puede cerrar: el día {day} no ha terminado en la tienda (hoy es {today}). Se cierra desde el día siguiente.',
  'storeClose.refusedSilent':
    'La nota debe nombrar la caja en silencio: {counters}. Diga qué se sabe de ella antes de cerrar.',
  'storeClose.byCashier': 'Por cajero',
  'storeClose.cashierLineOne': '{counter} · {cashier}: 1 facturada, cobrado {collected}',
  'storeClose.cashierLineNone': '{counter} · {cashier}: ninguna facturada, cobrado {collected}',
  'storeClose.cashierHeld': '{line}; retiene {held} de ventas rechazadas',
  'storeClose.and': ' y ',
  'storeClose.salesUndoneOne': '{counter}: 1 venta deshecha, en {where}.',
  'storeClose.salesUndone': '{counter}: {count} ventas deshechas, en {where}.',
  'storeClose.undidOne': '{counter} deshizo 1 facturación (de {of}).',
  'storeClose.undid': '{counter} deshizo {count} facturaciones (de {of}).',
  'storeClose.undidOneAlone': '{counter} deshizo 1 facturación.',
  'storeClose.undidAlone': '{counter} deshizo {count} facturaciones.',
  'storeClose.undoneTitle': 'Ventas deshechas',
  'storeClose.cashierLine': '{counter} · {cashier}: {billed} facturadas, cobrado {collected}',
  'storeClose.csv.service': 'Servicio',
  'storeClose.csv.counts': 'Conciliación',
  'storeClose.csv.note': 'Nota del supervisor',
  'storeClose.csv.cashiers': 'Por cajero',
  'storeClose.refusedChanged':
    'La base de datos de la tienda no guardó el cierre: sus cifras cambiaron mientras se cerraba (llegó una línea o una caja volvió). Revise las cifras nuevas y cierre otra vez.',
  'storeClose.csv.purchases': 'Compras',
  'storeClose.csv.inStore': 'Pagado en tienda',
  'storeClose.csv.financed': 'Financiado',
  'storeClose.csv.matched': 'Coinciden',
  'storeClose.csv.missing': 'Faltan',
  'storeClose.csv.extra': 'Sobran',
  'storeClose.csv.differs': 'Montos distintos',
  'storeClose.csv.pending': 'Pendientes',
  'storeClose.csv.standing': 'Ventas vigentes',
  'storeClose.csv.cashier': 'Cajero',
  'storeClose.col.lastSeen': 'Última conexión',
  'storeClose.practiceReconnect': 'Práctica: {name} vuelve a conectarse',
  'storeClose.markOff': 'Marcar {name} fuera del día',
  'storeClose.markOffNeeds':
    'Para marcar una caja fuera del día, escriba abajo el nombre del supervisor y su PIN; queda registrado.',
  ...personalDataEsPE,
  // The head-office page (docs/head-office.md), which loads these texts before it renders.
  ...headOfficeEsPE,
} as const;
