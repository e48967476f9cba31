// Interface texts of the store database (several counters, one store; docs/store-database.md),
// kept apart so the main catalogues change by one line each; spread into es-pe.ts and en.ts.
export const storeDbEsPE = {
  'storeDb.pill.unreachable':
    'Tienda: sin conexión desde las {time} — {count} registros por enviar',
  'storeDb.pill.unreachableOne': 'Tienda: sin conexión desde las {time} — 1 registro por enviar',
  'storeDb.pill.behind': 'Tienda: enviando — {count} registros por enviar',
  'storeDb.pill.refused':
    'Tienda: la base de datos rechaza esta caja desde las {time} — {count} por enviar. Avise al supervisor',
  'storeDb.pill.conflict':
    'Tienda: conflicto en la base de datos desde las {time} — avise al supervisor',
  'storeDb.pill.help':
    'Esta caja vende igual. Las otras cajas y el cierre de la tienda no ven sus últimas operaciones hasta que se envíen.',

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
  'storeDb.settings.save': 'Guardar dirección',
  'storeDb.settings.remove': 'Quitar la base de datos',
  'storeDb.settings.test': 'Probar conexión',
  'storeDb.settings.testing': 'Probando…',
  'storeDb.settings.none': 'Sin base de datos de la tienda: esta caja trabaja sola.',
  'storeDb.settings.target': 'Conectada a {database} en {host}:{port} como {user}.',
  'storeDb.settings.fromEnv': 'Definida por MOSTRADOR_STORE_DB_URL: no se cambia desde aquí.',
  'storeDb.settings.problem.unreadable':
    'La dirección guardada no se pudo leer: guárdela de nuevo. Mientras tanto esta caja trabaja sola.',
  'storeDb.settings.problem.not-a-url':
    'La dirección guardada no es válida: guárdela de nuevo. Mientras tanto esta caja trabaja sola.',
  'storeDb.settings.problem.needs-tls':
    'La dirección guardada necesita sslmode=require: guárdela de nuevo. Mientras tanto esta caja trabaja sola.',
  'storeDb.state.off': 'Envío: apagado.',
  'storeDb.state.ok': 'Envío: al día.',
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
  'storeDb.check.reason.unreachable':
    'El servidor no responde o rechaza la conexión: revise la dirección, el puerto y la red.',
  'storeDb.check.reason.timeout': 'El servidor aceptó la conexión pero no respondió a tiempo.',
  'storeDb.check.reason.wrong-password': 'Usuario o contraseña incorrectos.',
  'storeDb.check.reason.no-database': 'Esa base de datos no existe en el servidor.',
  'storeDb.check.reason.tls': 'El servidor y la caja no acuerdan la conexión cifrada (sslmode).',
  'storeDb.check.reason.not-migrated':
    'La base no tiene las tablas de Mostrador: ejecute «npm run store-db -- migrate».',
  'storeDb.check.reason.schema-older':
    'Las tablas son de una versión anterior: ejecute la migración otra vez.',
  'storeDb.check.reason.schema-newer':
    'Las tablas son de una versión más nueva: actualice Mostrador en esta caja.',
  'storeDb.check.reason.too-few':
    'Este usuario no puede agregar o leer registros: use el usuario de las cajas.',
  'storeDb.check.reason.too-many':
    'Este usuario puede modificar o borrar registros: use el usuario de las cajas, que solo agrega.',
  'storeDb.check.reason.clock-off':
    'La hora de esta caja y la del servidor difieren en {skew}: corrija la hora.',
  'storeDb.check.skew': 'Diferencia de hora: {skew}.',

  'storeDb.elsewhere.billedAt': 'Facturado en {counter} a las {time}.',
  'storeDb.elsewhere.billedAtDay': 'Facturado en {counter} el {when}.',
  'storeDb.elsewhere.inDoubt.title': 'En duda en {counter}: no cobrar',
  'storeDb.elsewhere.inDoubt.steps':
    'Un pagado y facturado de este código en {counter} (desde las {time}) todavía espera la respuesta del servicio. No cobre: el cliente pudo haber pagado allí. Vuelva a verificar cuando {counter} tenga la respuesta.',
  'storeDb.elsewhere.unnamed': 'otra caja ({id})',
  'storeDb.notChecked':
    'No se pudo consultar a las otras cajas de la tienda a tiempo: si el cliente dice que ya pagó en otra caja, confírmelo antes de cobrar.',
} as const;

export const storeDbEn: Record<keyof typeof storeDbEsPE, string> = {
  'storeDb.pill.unreachable': 'Store: no connection since {time} — {count} records to send',
  'storeDb.pill.unreachableOne': 'Store: no connection since {time} — 1 record to send',
  'storeDb.pill.behind': 'Store: sending — {count} records to send',
  'storeDb.pill.refused':
    'Store: the database refuses this counter since {time} — {count} to send. Tell the supervisor',
  'storeDb.pill.conflict': 'Store: database conflict since {time} — tell the supervisor',
  'storeDb.pill.help':
    'This counter keeps selling. The other counters and the store close do not see its latest operations until they are sent.',

  'storeDb.settings.title': 'Store with several counters',
  'storeDb.settings.help':
    "Optional. With the store's database (PostgreSQL), every counter sends its journal and asks the others before collecting. Without it, this counter works alone, as always.",
  'storeDb.settings.terminalName': "This counter's name",
  'storeDb.settings.terminalNameHint': 'Short, like "Caja 2" (up to 32 characters).',
  'storeDb.settings.terminalNameSave': 'Save name',
  'storeDb.settings.terminalNameSaved': 'Name saved.',
  'storeDb.settings.url': 'Database address (new)',
  'storeDb.settings.urlHint':
    "postgres://user:password@server:5432/database?sslmode=require. Outside the store's network, sslmode=require or verify-full.",
  'storeDb.settings.urlBad': 'Not a postgres:// address with user, password, server and database.',
  'storeDb.settings.urlNeedsTls':
    "This server is outside the store's network: add ?sslmode=require (or verify-full).",
  'storeDb.settings.save': 'Save address',
  'storeDb.settings.remove': 'Remove the database',
  'storeDb.settings.test': 'Test connection',
  'storeDb.settings.testing': 'Testing…',
  'storeDb.settings.none': 'No store database: this counter works alone.',
  'storeDb.settings.target': 'Connected to {database} on {host}:{port} as {user}.',
  'storeDb.settings.fromEnv': 'Set by MOSTRADOR_STORE_DB_URL: not changeable here.',
  'storeDb.settings.problem.unreadable':
    'The saved address could not be read: save it again. Meanwhile this counter works alone.',
  'storeDb.settings.problem.not-a-url':
    'The saved address is not valid: save it again. Meanwhile this counter works alone.',
  'storeDb.settings.problem.needs-tls':
    'The saved address needs sslmode=require: save it again. Meanwhile this counter works alone.',
  'storeDb.state.off': 'Sending: off.',
  'storeDb.state.ok': 'Sending: up to date.',
  'storeDb.state.behind': 'Sending: catching up ({count} records to send).',
  'storeDb.state.unreachable': 'Sending: no connection since {time} ({count} records to send).',
  'storeDb.state.refused':
    'Sending: the database refuses this counter since {time} ({count} records to send). Test the connection.',
  'storeDb.state.conflict':
    'Sending: stopped by a conflict since {time}: the database holds another line under the same key. Call support.',

  'storeDb.check.reachable': 'Server',
  'storeDb.check.migrated': "Mostrador's tables",
  'storeDb.check.privileges': "The user's privileges",
  'storeDb.check.clock': "The server's clock",
  'storeDb.check.status.ok': 'Right',
  'storeDb.check.status.failed': 'Problem',
  'storeDb.check.status.not-checked': 'Not checked',
  'storeDb.check.reason.unreachable':
    'The server does not answer or refuses the connection: check the address, the port and the network.',
  'storeDb.check.reason.timeout': 'The server accepted the connection but did not answer in time.',
  'storeDb.check.reason.wrong-password': 'Wrong user or password.',
  'storeDb.check.reason.no-database': 'That database does not exist on the server.',
  'storeDb.check.reason.tls':
    'The server and this counter do not agree on the encrypted link (sslmode).',
  'storeDb.check.reason.not-migrated':
    'The database has no Mostrador tables: run "npm run store-db -- migrate".',
  'storeDb.check.reason.schema-older':
    'The tables are from an older version: run the migration again.',
  'storeDb.check.reason.schema-newer':
    'The tables are from a newer version: update Mostrador on this counter.',
  'storeDb.check.reason.too-few': "This user cannot add or read records: use the counters' user.",
  'storeDb.check.reason.too-many':
    "This user may change or delete records: use the counters' user, which only adds.",
  'storeDb.check.reason.clock-off':
    "This counter's clock and the server's differ by {skew}: fix the time.",
  'storeDb.check.skew': 'Clock difference: {skew}.',

  'storeDb.elsewhere.billedAt': 'Billed at {counter} at {time}.',
  'storeDb.elsewhere.billedAtDay': 'Billed at {counter} on {when}.',
  'storeDb.elsewhere.inDoubt.title': 'In doubt at {counter}: do not collect',
  'storeDb.elsewhere.inDoubt.steps':
    "A paid-and-billed of this code at {counter} (since {time}) is still waiting for the service's answer. Do not collect: the customer may have paid there. Verify again once {counter} has the answer.",
  'storeDb.elsewhere.unnamed': 'another counter ({id})',
  'storeDb.notChecked':
    "The store's other counters could not be asked in time: if the customer says they already paid at another counter, confirm it before collecting.",
};
