// The store database's interface texts in English (store-db-texts.ts holds the Spanish): a file
// of its own, so the Spanish start chunk does not carry them (en.ts is a chunk of its own).

import type { storeDbEsPE } from './store-db-texts';
import type { supervisorEsPE } from './supervisor-texts';

type StoreDbKey =
  | keyof typeof storeDbEsPE
  | Extract<keyof typeof supervisorEsPE, `storeDb.${string}`>;

export const storeDbEn: Record<StoreDbKey, string> = {
  'storeDb.pill.unreachable': 'Store: no connection since {time} — {count} records to send',
  'storeDb.pill.unreachableOne': 'Store: no connection since {time} — 1 record to send',
  'storeDb.pill.behind': 'Store: sending — {count} records to send',
  'storeDb.pill.refused': 'Store: the database refuses this counter since {time} — {count} to send',
  'storeDb.pill.conflict': 'Store: database conflict since {time} — call support',
  'storeDb.pill.notEnrolled':
    'Store: counter not enrolled in the store since {time} — {count} to send',
  'storeDb.pill.notEnrolledNone': 'Store: counter not enrolled in the store since {time}',
  'storeDb.pill.notEnrolledHelp':
    "This counter keeps selling and its records wait here: the store database takes them once a supervisor enrolls this counter with the technician's code (Settings → Store with several counters → Enrollment code).",
  'storeDb.pill.help':
    'This counter keeps selling. The other counters and the store close do not see its latest operations until they are sent. If it lasts, tell the supervisor (Settings → Store with several counters → Test connection).',

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
  'storeDb.settings.urlAmbiguous':
    'The address reads two ways (a repeated parameter, a host or port in the query other than the server, a local socket, sslmode=prefer or allow, which may go on unencrypted): write it with user, password, server, port, database and sslmode (disable, require, verify-ca or verify-full) only.',
  'storeDb.settings.save': 'Save address',
  'storeDb.settings.remove': 'Remove the database',
  'storeDb.settings.test': 'Test connection',
  'storeDb.settings.testing': 'Testing…',
  'storeDb.settings.none': 'No store database: this counter works alone.',
  'storeDb.settings.target': 'Connected to {database} on {host}:{port} as {user}.',
  'storeDb.settings.targetSet':
    'Store database: {database} on {host}:{port}, user {user}. The sending line below says whether it gets through.',
  'storeDb.settings.fromEnv': 'Set by MOSTRADOR_STORE_DB_URL: not changeable here.',
  'storeDb.settings.problem.unreadable':
    'The saved address could not be read: save it again. Meanwhile this counter works alone.',
  'storeDb.settings.problem.not-a-url':
    'The saved address is not valid: save it again. Meanwhile this counter works alone.',
  'storeDb.settings.problem.needs-tls':
    'The saved address needs sslmode=require: save it again. Meanwhile this counter works alone.',
  'storeDb.settings.problem.ambiguous':
    'The saved address reads two ways: save it again without repeated parameters, a host or port in the query, or sslmode=prefer or allow. Meanwhile this counter works alone.',
  'storeDb.settings.problem.no-store-id':
    'The «Store client id» (in the Terminal card) is missing: without it this counter sends nothing to the store database.',
  'storeDb.settings.problem.key-needs-consent':
    "This machine has no system keyring: this counter's key for the store database can only be kept with weak protection, and nobody accepted that. Until then this counter sends nothing to the database (it keeps selling).",
  'storeDb.settings.allowWeakKey':
    "This machine offers no secure encryption: keep this counter's key with weak protection anyway",
  'storeDb.settings.keepKey': 'Keep the key',
  'storeDb.settings.terminalId': "This counter's id",
  'storeDb.state.notEnrolled':
    'Sending: stopped since {time}, this counter is not enrolled in the store ({count} records to send).',
  'storeDb.state.notEnrolledNone':
    'Sending: stopped since {time}, this counter is not enrolled in the store.',
  'storeDb.enroll.title': 'Enroll this counter in the store',
  'storeDb.enroll.state.not-enrolled': 'This counter is not enrolled in the store «{store}».',
  'storeDb.enroll.state.key-mismatch': 'The store database holds another key for this counter.',
  'storeDb.enroll.state.other-store':
    'This counter is enrolled in another store, not in «{store}».',
  'storeDb.enroll.why.not-enrolled':
    'The store database takes no records from a counter the technician has not enrolled. This counter keeps selling: its records wait here and are sent once it is enrolled, none lost.',
  'storeDb.enroll.why.key-mismatch':
    'It happens when the counter was reinstalled or copied to another PC: the database takes no records with this key. This counter keeps selling: its records wait here and are sent once it is enrolled again.',
  'storeDb.enroll.why.other-store':
    'It sends only to the store it is enrolled in (or the database user it connects with does not belong to «{store}»): to use it here, enroll it here. This counter keeps selling: its records wait here.',
  'storeDb.enroll.ask':
    'Ask the technician for an enrollment code for the store «{store}» that names this counter ({terminal}). The technician gets it with:',
  'storeDb.enroll.askNoId':
    'Ask the technician for an enrollment code for the store «{store}». The technician gets it with:',
  'storeDb.enroll.type':
    'Type the code here with your PIN and press «Enroll this counter». Each code works once, for a few hours.',
  'storeDb.enroll.code': 'Enrollment code',
  'storeDb.enroll.codeHint':
    '12 letters and digits, like ABCD-EFGH-JKLM (dashes, spaces and lower case do not matter).',
  'storeDb.enroll.codeChars':
    'An enrollment code has only letters and digits, without 0, 1, O or I: check what was typed.',
  'storeDb.enroll.codeLong':
    'An enrollment code has 12 letters and digits: there is something extra.',
  'storeDb.enroll.submit': 'Enroll this counter',
  'storeDb.enroll.working': 'Enrolling…',
  'storeDb.enroll.done': 'Counter enrolled in the store «{store}».',
  'storeDb.enroll.codeRefused': 'The database did not take this code: see below why.',
  'storeDb.enroll.refused': 'This counter was not enrolled',
  'storeDb.enroll.otherStoreCode':
    'The code is of another store than the database user this counter connects with: ask the technician for a code of the store «{store}».',
  'storeDb.enroll.again':
    'The code is still typed: correct it or type a new one, and type your PIN again.',
  'storeDb.state.off': 'Sending: off.',
  'storeDb.state.ok': 'Sending: up to date.',
  'storeDb.state.starting': 'Sending: connecting to the database…',
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

  'storeDb.check.server': 'PostgreSQL {version}.',
  'storeDb.check.version': 'Version {version}.',
  'storeDb.check.notMigrated':
    'The database has no Mostrador tables: run "npm run store-db -- migrate" with the owner user.',
  'storeDb.check.older':
    'The tables are version {version} and this counter needs {required}: run the migration again.',
  'storeDb.check.tooFew': 'Missing: {list}. Use a user with the mostrador_terminal role.',
  'storeDb.check.tooMany':
    'Too much: {list}. Use a user with the mostrador_terminal role, which only adds and reads.',
  'storeDb.check.clockOff':
    "This counter's clock and the server's differ by {skew}: fix this counter's or the server's time.",
  'storeDb.check.skew': 'Clock difference: {skew}.',
  'storeDb.category.network':
    'The server does not answer or refuses the connection: check the address, the port, the network and the firewall.',
  'storeDb.category.timeout': 'The server did not answer in time.',
  'storeDb.category.auth': 'Wrong user or password, or the server does not accept this counter.',
  'storeDb.category.no-database': 'That database does not exist on the server.',
  'storeDb.category.not-migrated': 'The database has no Mostrador tables.',
  'storeDb.category.permission': "The user lacks a counter's privileges.",
  'storeDb.category.tls-required':
    "Outside the store's network the link must be encrypted (sslmode=require).",
  'storeDb.category.tls':
    "The encrypted link (TLS) failed: check sslmode and the server's certificate.",
  'storeDb.category.asks-cleartext-password':
    'The server asked for the password in clear text: this counter did not send it (on the network it could be read, or someone could pose as the server). In pg_hba.conf use scram-sha-256 instead of password, or connect with sslmode=verify-full.',
  'storeDb.category.asks-md5-password':
    "The server asked for an MD5 password: this counter did not send it (on the network it could be used, or someone could pose as the server). In pg_hba.conf use scram-sha-256 instead of md5 and set the user's password again with password_encryption = scram-sha-256, or connect with sslmode=verify-full.",
  'storeDb.category.bad-url': 'The address is not valid.',
  'storeDb.category.bad-line': 'The database refused a record of this counter: call support.',
  'storeDb.category.server': 'The server answered with an error.',
  'storeDb.category.ambiguous-url':
    'The address reads two ways (a repeated parameter, a host or port in the query, a local socket, sslmode=prefer or allow).',
  'storeDb.category.bad-time-zone':
    "The store's time zone is not a name like America/Lima: fix it in general settings. Until then nothing is sent.",
  'storeDb.category.not-enrolled':
    'This counter is not enrolled in the store: ask the technician for an enrollment code and type it in Settings (F8) → Store with several counters → Enrollment code.',
  'storeDb.category.key-mismatch':
    'The database holds another key for this counter (a reinstall, or a copy of another PC): ask the technician for an enrollment code that names this counter and type it in Settings (F8) → Store with several counters → Enrollment code.',
  'storeDb.category.other-store':
    "This counter is enrolled in another store, or the database user it connects with is not this store's: ask the technician for an enrollment code of this store that names this counter (and, if needed, a user of this store).",
  'storeDb.category.enrollment-code':
    'The enrollment code is not valid: unknown, already used, expired or for another counter. Check what was typed or ask the technician for a new one.',
  'storeDb.category.clock':
    "This counter's clock is more than 15 minutes from the database's: set the PC's time right.",
  'storeDb.category.too-big':
    "The server answered with far more than a counter asks for: the connection was cut. Check that the address is the store database's.",

  'storeDb.elsewhere.billedAt': 'Billed at {counter} at {time}.',
  'storeDb.elsewhere.billedAtDay': 'Billed at {counter} on {when}.',
  'storeDb.elsewhere.inDoubt.title':
    'This code has a collection at {counter} the service has not answered yet',
  'storeDb.elsewhere.inDoubt.steps':
    "A paid-and-billed of this code at {counter} (since {time}) is still waiting for the service's answer. Do not collect: the customer may have paid there. Verify again once {counter} has the answer.",
  'storeDb.elsewhere.inDoubt.stepsDay':
    "A paid-and-billed of this code at {counter} (since {time}) is still waiting for the service's answer. Do not collect: the customer may have paid there. Verify again once {counter} has the answer.",
  'storeDb.elsewhere.inDoubt.stepsSilentDay':
    "A paid-and-billed of this code at {counter} (since {time}) is still waiting for the service's answer, and {counter} has not answered the store database since {since}: that answer cannot arrive until {counter} is back on it. Do not collect: the customer may have paid there. Ask the supervisor to reconnect {counter}; then verify again.",
  'storeDb.elsewhere.inDoubt.stepsSilent':
    "A paid-and-billed of this code at {counter} (since {time}) is still waiting for the service's answer, and {counter} has not answered the store database since {since}: that answer cannot arrive until {counter} is back on it. Do not collect: the customer may have paid there. Ask the supervisor to reconnect {counter}; then verify again.",
  'storeDb.elsewhere.startedSilent.steps':
    'The service says another till started this sale, and {counters} has not answered the store database: it may have been there, and the customer may have paid. Do not collect here: finish the sale at that counter when it is back, or call the supervisor.',
  'storeDb.elsewhere.startedSilent.stepsMany':
    'The service says another till started this sale, and {counters} have not answered the store database: it may have been at one of them, and the customer may have paid. Do not collect here: finish the sale at that counter when it is back, or call the supervisor.',
  'storeDb.elsewhere.since': '{counter} (since {time})',
  'storeDb.elsewhere.sinceDay': '{counter} (since {time})',
  'storeDb.elsewhere.and': ' and ',
  'storeDb.elsewhere.unnamed': 'another counter ({id})',
  'storeDb.elsewhere.held.title':
    '{counter} holds {amount} of this customer since {time}: use it or give it back there',
  'storeDb.elsewhere.held.titleDay':
    '{counter} holds {amount} of this customer since {time}: use it or give it back there',
  'storeDb.elsewhere.held.steps':
    'The customer paid that money at {counter} for a sale the service refused. Do not collect at this counter: finish the sale at {counter} with that money, or give it back there.',
  'storeDb.elsewhere.billed.title': 'Billed at {counter} at {time}',
  'storeDb.elsewhere.billed.titleDay': 'Billed at {counter} on {time}',
  'storeDb.elsewhere.billed.steps':
    'This code was already paid and billed at {counter}: there is nothing to collect at this counter. If the customer has a question, take it to {counter} or the supervisor.',
  'storeDb.ask.silentOne':
    '{counters} has not answered since {time}: ask whether the customer already paid at another counter',
  'storeDb.ask.silentOneDay':
    '{counters} has not answered since {time}: ask whether the customer already paid at another counter',
  'storeDb.ask.silentMany':
    '{counters} have not answered: ask whether the customer already paid at another counter',
  'storeDb.ask.noAnswer':
    'This counter could not ask the other counters in time: ask whether the customer already paid at another counter',
  'storeDb.ask.question': 'Did the customer already pay this code at another counter?',
  'storeDb.ask.no': 'No, not at another counter',
  'storeDb.ask.yes': 'Yes, paid at another counter',
  'storeDb.ask.saveFailed': 'The answer could not be saved. Try again.',
  'storeDb.ask.paidTitle': 'The customer already paid at another counter: do not collect here',
  'storeDb.ask.paidSteps':
    'Wait until {counters} answers again and verify again, or call the supervisor. Do not collect here meanwhile.',
  'storeDb.ask.paidStepsNoAnswer':
    'Wait until this counter reaches the store again and verify again, or call the supervisor. Do not collect here meanwhile.',
  'storeDb.ask.verifyAgain': 'Verify again',
};
