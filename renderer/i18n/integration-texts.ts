// Interface texts of the till's sale requests (semi-integrated mode), kept apart so the main
// catalogues change by one line each; spread into es-pe.ts and en.ts.
export const integrationEsPE = {
  'guide.bridge.tillClosed.title': 'La caja canceló o cerró esta venta',
  'guide.bridge.tillClosed.steps':
    'No cobre. Si ya recibió dinero, devuélvalo al cliente. Atienda la siguiente venta de la cola.',
  'till.fromTill': 'Venta enviada por la caja',
  'till.reference': 'Referencia de la caja: {id}',
  'till.document': 'Comprobante: {type} {number}',
  'till.lockedHint': 'El monto viene de la caja y no se puede cambiar aquí.',
  'till.queueTitle': 'Ventas de la caja en espera ({count})',
  'till.waitingElsewhere': 'Caja: {count} en espera (F2)',
  'till.queueEmpty': 'No hay ventas de la caja en espera.',
  'till.open': 'Atender',
  'till.cancelAtCounter': 'Cancelar esta venta (no se cobró nada)',
  'till.canceledByTill':
    'La caja canceló la venta {id}. No cobre; si recibió dinero, devuélvalo al cliente.',
  'till.billedTell': 'Venta {id} facturada: la caja ya puede emitir el comprobante.',
  'till.dismiss': 'Entendido',
  'till.billedCashier':
    'La caja emite la {invoice}: no emita otra. Entregue el producto cuando la caja la imprima.',
  'till.training': 'ENTRENAMIENTO',
  'training.till.title': 'Enviar una venta desde la caja',
  'training.till.help':
    'Usa la misma API local que el sistema de facturación de la tienda: la venta aparece en la pantalla de Venta (F2) con el monto bloqueado.',
  'training.till.amount': 'Monto de la venta (S/)',
  'training.till.document': 'Comprobante',
  'training.till.send': 'Enviar venta desde la caja',
  'training.till.fromCase': 'Enviar desde la caja: {title}',
  'training.till.sent': 'Venta {id} enviada: ábrala en Venta (F2).',
  'training.till.failed': 'La API local no aceptó la venta: {message}',
  'settings.integration.title': 'Integración con la caja (API local)',
  'settings.integration.help':
    'El sistema de facturación de la tienda envía las ventas a este terminal por http://127.0.0.1:{port}/. Solo un supervisor (PIN) la activa y genera la clave.',
  'settings.integration.state.on': 'Activa en http://127.0.0.1:{port}/',
  'settings.integration.state.off': 'Apagada',
  'settings.integration.state.env':
    'Activa por MOSTRADOR_INTEGRATION_KEY en http://127.0.0.1:{port}/',
  'settings.integration.port': 'Puerto',
  'settings.integration.portHint': 'Un número de 1024 a 65535',
  'settings.integration.enable': 'Activar la API local',
  'settings.integration.disable': 'Apagar la API local',
  'settings.integration.rotate': 'Generar una clave nueva',
  'settings.integration.keyOnce':
    'Copie esta clave en el sistema de facturación ahora: no se volverá a mostrar. La clave anterior ya no sirve.',
  'settings.integration.key': 'Clave de integración',
  'settings.integration.webhookSecret': 'Secreto de firma de avisos (Standard Webhooks)',
  'settings.integration.saved': 'Integración guardada.',
} as const;

export const integrationEn: Record<keyof typeof integrationEsPE, string> = {
  'guide.bridge.tillClosed.title': 'The till canceled or closed this sale',
  'guide.bridge.tillClosed.steps':
    'Do not collect. If you took money, give it back to the customer. Serve the next sale in the queue.',
  'till.fromTill': 'Sale sent by the till',
  'till.reference': 'Till reference: {id}',
  'till.document': 'Invoice: {type} {number}',
  'till.lockedHint': 'The amount comes from the till and cannot be changed here.',
  'till.queueTitle': 'Till sales waiting ({count})',
  'till.waitingElsewhere': 'Till: {count} waiting (F2)',
  'till.queueEmpty': 'No till sales waiting.',
  'till.open': 'Serve',
  'till.cancelAtCounter': 'Cancel this sale (nothing collected)',
  'till.canceledByTill':
    'The till canceled sale {id}. Do not collect; if you took money, give it back to the customer.',
  'till.billedTell': 'Sale {id} billed: the till may issue the invoice now.',
  'till.dismiss': 'Got it',
  'till.billedCashier':
    'The till issues the {invoice}: do not issue another. Hand over the goods once the till prints it.',
  'till.training': 'TRAINING',
  'training.till.title': 'Send a sale from the till',
  'training.till.help':
    'Uses the same local API as the store’s invoicing system: the sale appears on the Sale screen (F2) with its amount locked.',
  'training.till.amount': 'Sale amount (S/)',
  'training.till.document': 'Invoice',
  'training.till.send': 'Send sale from the till',
  'training.till.fromCase': 'Send from the till: {title}',
  'training.till.sent': 'Sale {id} sent: open it on Sale (F2).',
  'training.till.failed': 'The local API did not take the sale: {message}',
  'settings.integration.title': 'Till integration (local API)',
  'settings.integration.help':
    'The store’s invoicing system sends sales to this terminal at http://127.0.0.1:{port}/. Only a supervisor (PIN) turns it on and makes the key.',
  'settings.integration.state.on': 'On at http://127.0.0.1:{port}/',
  'settings.integration.state.off': 'Off',
  'settings.integration.state.env':
    'On through MOSTRADOR_INTEGRATION_KEY at http://127.0.0.1:{port}/',
  'settings.integration.port': 'Port',
  'settings.integration.portHint': 'A number from 1024 to 65535',
  'settings.integration.enable': 'Turn the local API on',
  'settings.integration.disable': 'Turn the local API off',
  'settings.integration.rotate': 'Make a new key',
  'settings.integration.keyOnce':
    'Copy this key into the invoicing system now: it will not be shown again. The previous key no longer works.',
  'settings.integration.key': 'Integration key',
  'settings.integration.webhookSecret': 'Callback signing secret (Standard Webhooks)',
  'settings.integration.saved': 'Integration saved.',
};
