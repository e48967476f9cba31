// The chain grid's header row: the stores' column, then each store day, its weekday over its date.
import { useOfficeLanguage, useOfficeT } from './office-language';

/** A store day as a column heads it: "lun." over "09/03". */
export function dayHeader(day: string, language: string): { weekday: string; date: string } {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  return {
    weekday: new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(date),
    date: new Intl.DateTimeFormat(language, {
      day: '2-digit',
      month: '2-digit',
      timeZone: 'UTC',
    }).format(date),
  };
}

export function ChainGridHead({ dates }: { dates: readonly string[] }) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  return (
    <thead>
      <tr>
        <th scope="col" className="office-grid__corner">
          {t('headOffice.grid.store')}
        </th>
        {dates.map((day) => {
          const head = dayHeader(day, language);
          return (
            <th key={day} scope="col" className="office-grid__day">
              <span className="office-grid__weekday">{head.weekday}</span>
              <span>{head.date}</span>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
