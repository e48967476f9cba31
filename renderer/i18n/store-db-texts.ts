// Interface texts of the store database (several counters, one store; docs/store-database.md),
// Spanish, kept apart so the main catalogue changes by one line; the English is in
// store-db-texts-en.ts (its own file, so the start chunk carries no English).

export const storeDbEsPE = {
  'storeDb.pill.unreachable':
    'Tienda: sin conexión desde las {time} — {count} registros por enviar',
  'storeDb.pill.unreachableOne': 'Tienda: sin conexión desde las {time} — 1 registro por enviar',
  'storeDb.pill.behind': 'Tienda: enviando — {count} registros por enviar',
  'storeDb.pill.refused': 'Tienda: la base rechaza esta caja desde las {time} — {count} por enviar',
  'storeDb.pill.conflict': 'Tienda: conflicto en la base desde las {time} — llame a soporte',
  'storeDb.pill.notEnrolled':
    'Tienda: caja sin alta en la tienda desde las {time} — {count} por enviar',
  'storeDb.pill.notEnrolledNone': 'Tienda: caja sin alta en la tienda desde las {time}',
  'storeDb.pill.notEnrolledHelp':
    'Esta caja vende igual y sus registros esperan en ella: la base de la tienda los acepta cuando un supervisor da de alta esta caja con el código del técnico (Configuración → Tienda con varias cajas → Código de alta).',
  'storeDb.pill.help':
    'Esta caja vende igual. Las otras cajas y el cierre de la tienda no ven sus últimas operaciones hasta que se envíen. Si dura, avise al supervisor (Configuración → Tienda con varias cajas → Probar conexión).',

  'storeDb.elsewhere.billedAt': 'Facturado en {counter} a las {time}.',
  'storeDb.elsewhere.billedAtDay': 'Facturado en {counter} el {when}.',
  'storeDb.elsewhere.inDoubt.title': 'Este código tiene un cobro sin respuesta en {counter}',
  'storeDb.elsewhere.inDoubt.steps':
    'Un pagado y facturado de este código en {counter} (desde las {time}) todavía espera la respuesta del servicio. No cobre: el cliente pudo haber pagado allí. Vuelva a verificar cuando {counter} tenga la respuesta.',
  'storeDb.elsewhere.inDoubt.stepsDay':
    'Un pagado y facturado de este código en {counter} (desde el {time}) todavía espera la respuesta del servicio. No cobre: el cliente pudo haber pagado allí. Vuelva a verificar cuando {counter} tenga la respuesta.',
  'storeDb.elsewhere.inDoubt.stepsSilentDay':
    'Un pagado y facturado de este código en {counter} (desde el {time}) todavía espera la respuesta del servicio, y {counter} no responde a la base de la tienda desde las {since}: esa respuesta no llega hasta que {counter} vuelva a conectarse. No cobre: el cliente pudo haber pagado allí. Pida al supervisor que reconecte {counter}; después verifique otra vez.',
  'storeDb.elsewhere.inDoubt.stepsSilent':
    'Un pagado y facturado de este código en {counter} (desde las {time}) todavía espera la respuesta del servicio, y {counter} no responde a la base de la tienda desde las {since}: esa respuesta no llega hasta que {counter} vuelva a conectarse. No cobre: el cliente pudo haber pagado allí. Pida al supervisor que reconecte {counter}; después verifique otra vez.',
  'storeDb.elsewhere.startedSilent.steps':
    'El servicio dice que otra caja empezó esta venta, y {counters} no responde a la base de la tienda: pudo ser allí, y el cliente pudo haber pagado. No cobre aquí: termine la venta en esa caja cuando vuelva, o llame al supervisor.',
  'storeDb.elsewhere.startedSilent.stepsMany':
    'El servicio dice que otra caja empezó esta venta, y {counters} no responden a la base de la tienda: pudo ser en una de ellas, y el cliente pudo haber pagado. No cobre aquí: termine la venta en esa caja cuando vuelva, o llame al supervisor.',
  'storeDb.elsewhere.since': '{counter} (desde las {time})',
  'storeDb.elsewhere.sinceDay': '{counter} (desde el {time})',
  'storeDb.elsewhere.and': ' y ',
  'storeDb.elsewhere.unnamed': 'otra caja ({id})',
  'storeDb.elsewhere.held.title':
    '{counter} guarda {amount} de este cliente desde las {time}: úselos o devuélvalos allí',
  'storeDb.elsewhere.held.titleDay':
    '{counter} guarda {amount} de este cliente desde el {time}: úselos o devuélvalos allí',
  'storeDb.elsewhere.held.steps':
    'El cliente pagó ese dinero en {counter} por una venta que el servicio rechazó. No cobre en esta caja: termine la venta en {counter} con ese dinero, o devuélvaselo allí.',
  'storeDb.elsewhere.billed.title': 'Facturado en {counter} a las {time}',
  'storeDb.elsewhere.billed.titleDay': 'Facturado en {counter} el {time}',
  'storeDb.elsewhere.billed.steps':
    'Este código ya se pagó y facturó en {counter}: no hay nada que cobrar en esta caja. Si el cliente tiene una duda, que la vea en {counter} o con el supervisor.',
} as const;

/** Every store database text: the counter's here, the supervisor's in supervisor-texts.ts. */
