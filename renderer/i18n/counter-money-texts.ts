// Interface texts of money held for refused sales, the end-shift warning and the till sale's
// cancel (issue 18 items 3, 5, 11), kept apart so the main catalogues change by one line each;
// spread into es-pe.ts and en.ts.
export const counterMoneyEsPE = {
  'held.title': 'Dinero retenido por una venta rechazada',
  'held.line': '{amount} recibido el {moment}. Motivo: {reason}',
  'held.lineCode': 'Código {code} · {who}: {amount} recibido el {moment}. Motivo: {reason}',
  'held.useIt': 'Es del cliente y ya está en caja: úselo para esta venta, no lo cobre de nuevo.',
  'held.verifyToUse': 'Verifique el código para usarlo en la venta, o devuélvalo al cliente.',
  'held.billedGiveBack':
    'Esta caja retiene {amount} de una venta rechazada de este código: son del cliente, devuélvaselos.',
  'held.alreadyReceived': 'Ya recibido (retenido a las {time}): {amount}',
  'held.giveBack': 'Devuelva al cliente {amount}: lo retenido supera lo que se cobra ahora.',
  'held.toCollectNow': 'Falta cobrar',
  'held.collectDifference': 'Cobrar solo la diferencia {amount}',
  'held.useHeld': 'Usar lo ya recibido ({amount})',
  'held.confirmDifference':
    '¿Recibió la diferencia de {amount}? Lo retenido ({held}) ya está en caja.',
  'held.confirmUse': '¿Usa los {held} ya recibidos para esta venta? No cobre nada más.',
  'held.confirmYesDifference': 'Sí, recibí la diferencia {amount}: marcar pagado y facturado',
  'held.confirmYesUse': 'Sí, usar los {held} retenidos: marcar pagado y facturado',
  'held.leaveTitle': '¿Devolvió el dinero al cliente?',
  'held.leaveLead':
    'Recibió {amount} por esta venta y el servicio la rechazó: ese dinero es del cliente.',
  'held.returned': 'Sí, le devolví {amount}',
  'held.keep': 'No, queda retenido para cuando vuelva',
  'held.back': 'Volver a la venta',
  'held.saving': 'Anotando…',
  'held.saveFailed': 'No se pudo anotar. Intente de nuevo; si sigue, llame al supervisor.',
  'held.returnedNote': 'Anotado: {amount} devueltos al cliente.',
  'held.keptNote': 'Anotado: {amount} retenidos para el código {code}.',
  'held.summaryTitle': 'Dinero retenido por ventas rechazadas',
  'held.summaryNone': 'Ninguno: no hay dinero de clientes retenido en este terminal.',
  'held.summaryTotal': 'Total retenido (en caja, del cliente): {amount}',
  'held.summaryHelp':
    'Cuente este dinero aparte al cuadrar la caja: no es venta del día. Se usa cuando el cliente vuelve, o se le devuelve.',
  'shift.warnTitle': '¿Cerrar el turno con asuntos pendientes?',
  'shift.warnLead': 'El siguiente cajero no podrá terminar lo que queda a medias:',
  'shift.warnSale': 'Hay una venta a medias en Venta (F2): {state}.',
  'shift.warnCheck': 'Hay una consulta a medias en Consulta (F3): {state}.',
  'shift.warnHeld': 'Dinero retenido por ventas rechazadas: {amount} ({count}).',
  'shift.warnOpen': 'Operaciones sin respuesta definitiva: {count}.',
  'shift.warnAdvice':
    'Termine la venta o déjela con su dinero resuelto antes de irse. Si cierra igual, avise al supervisor.',
  'shift.warnConfirm': 'Cerrar el turno de todos modos',
  'shift.warnBack': 'Volver sin cerrar el turno',
  'shift.state.verified': 'verificada, sin cobrar',
  'shift.state.confirming': 'en "¿Recibió…?", quizá ya cobrada',
  'shift.state.refused': 'rechazada después de cobrar',
  'shift.state.unknown': 'sin respuesta definitiva',
  'guide.cashierChangedHere.title': 'El cajero {cashier} empezó esta venta en este terminal',
  'guide.cashierChangedHere.steps':
    'Este código fue verificado en este terminal con el código de cajero {cashier} (otro turno). Si el cliente ya pagó, no cobre de nuevo: llame al supervisor.',
  'till.cancelConfirming': 'Cancelar esta venta',
  'till.cancelAsk': '¿Cancelar esta venta? Si ya recibió {amount}, devuélvaselo al cliente.',
  'till.cancelYes': 'Sí, cancelar la venta',
  'till.cancelNo': 'No, seguir con la venta',
  'till.canceledHere': 'Venta {id} cancelada en este mostrador.',
  'till.canceledHereAmount':
    'Venta {id} cancelada en este mostrador. Si recibió {amount}, devuélvaselo al cliente.',
  'till.canceledByTillAmount':
    'La caja canceló la venta {id}. No cobre; si recibió {amount}, devuélvaselo al cliente.',
} as const;

export const counterMoneyEn: Record<keyof typeof counterMoneyEsPE, string> = {
  'held.title': 'Money held for a refused sale',
  'held.line': '{amount} received on {moment}. Reason: {reason}',
  'held.lineCode': 'Code {code} · {who}: {amount} received on {moment}. Reason: {reason}',
  'held.useIt':
    'It is the customer’s and already in the drawer: use it for this sale, do not collect it again.',
  'held.verifyToUse': 'Verify the code to use it for the sale, or give it back to the customer.',
  'held.billedGiveBack':
    'This counter holds {amount} from a refused sale of this code: it is the customer’s, give it back.',
  'held.alreadyReceived': 'Already received (held at {time}): {amount}',
  'held.giveBack':
    'Give {amount} back to the customer: the money held exceeds what is collected now.',
  'held.toCollectNow': 'Still to collect',
  'held.collectDifference': 'Collect only the difference {amount}',
  'held.useHeld': 'Use the money already received ({amount})',
  'held.confirmDifference':
    'Did you receive the difference of {amount}? The money held ({held}) is already in the drawer.',
  'held.confirmUse': 'Use the {held} already received for this sale? Collect nothing more.',
  'held.confirmYesDifference': 'Yes, I received the difference {amount}: mark paid and billed',
  'held.confirmYesUse': 'Yes, use the {held} held: mark paid and billed',
  'held.leaveTitle': 'Did you give the money back to the customer?',
  'held.leaveLead':
    'You received {amount} for this sale and the service refused it: that money is the customer’s.',
  'held.returned': 'Yes, I gave back {amount}',
  'held.keep': 'No, keep it held for when they return',
  'held.back': 'Back to the sale',
  'held.saving': 'Saving…',
  'held.saveFailed': 'It could not be noted. Try again; if it goes on, call the supervisor.',
  'held.returnedNote': 'Noted: {amount} given back to the customer.',
  'held.keptNote': 'Noted: {amount} held for code {code}.',
  'held.summaryTitle': 'Money held for refused sales',
  'held.summaryNone': 'None: this terminal holds no customer money.',
  'held.summaryTotal': 'Total held (in the drawer, the customer’s): {amount}',
  'held.summaryHelp':
    'Count this money apart when balancing the drawer: it is not a sale of the day. It is used when the customer returns, or given back.',
  'shift.warnTitle': 'End the shift with things unfinished?',
  'shift.warnLead': 'The next cashier cannot finish what is left half done:',
  'shift.warnSale': 'A sale is half done on Sale (F2): {state}.',
  'shift.warnCheck': 'A check is half done on Check (F3): {state}.',
  'shift.warnHeld': 'Money held for refused sales: {amount} ({count}).',
  'shift.warnOpen': 'Operations without a definite answer: {count}.',
  'shift.warnAdvice':
    'Finish the sale, or leave it with its money settled, before you go. If you end the shift anyway, tell the supervisor.',
  'shift.warnConfirm': 'End the shift anyway',
  'shift.warnBack': 'Back, keep the shift open',
  'shift.state.verified': 'verified, not collected',
  'shift.state.confirming': 'at "Did you receive…?", maybe already paid',
  'shift.state.refused': 'refused after collecting',
  'shift.state.unknown': 'without a definite answer',
  'guide.cashierChangedHere.title': 'Cashier {cashier} started this sale on this terminal',
  'guide.cashierChangedHere.steps':
    'This code was verified on this terminal under cashier code {cashier} (another shift). If the customer already paid, do not collect again: call the supervisor.',
  'till.cancelConfirming': 'Cancel this sale',
  'till.cancelAsk':
    'Cancel this sale? If you already received {amount}, give it back to the customer.',
  'till.cancelYes': 'Yes, cancel the sale',
  'till.cancelNo': 'No, go on with the sale',
  'till.canceledHere': 'Sale {id} canceled at this counter.',
  'till.canceledHereAmount':
    'Sale {id} canceled at this counter. If you received {amount}, give it back to the customer.',
  'till.canceledByTillAmount':
    'The till canceled sale {id}. Do not collect; if you received {amount}, give it back to the customer.',
};
