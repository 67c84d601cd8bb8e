// The time zone of printf's `%(fmt)T`, from the shell's exported TZ (bash calls tzset() when TZ
// changes, so an unexported or unset TZ means local time). rshell never reads the host's
// /etc/localtime: "local time" is UTC. Zone rules come from the ICU data built into node (Intl),
// never from files, so the sandbox is not involved.
//
//   zoneAt(tz, secs) → { offset (seconds east of UTC), abbrev }
//
// - An IANA name (`Europe/Lisbon`, `Portugal`, `EST5EDT`, with or without glibc's leading `:`).
// - A POSIX rule's standard part (`UTC0`, `JST-9`, `<+03>-3`): its DST part is ignored.
// - Anything else is UTC under the name given, as glibc does (`TZ=Foo` prints `Foo +0000`).

export interface Zone {
  /** seconds east of UTC */
  offset: number;
  /** what %Z prints */
  abbrev: string;
}

const UTC: Zone = { offset: 0, abbrev: 'UTC' };

/** Intl formatters are costly to build: one per zone name */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(name: string): Intl.DateTimeFormat | null {
  let f = formatters.get(name);
  if (f !== undefined) return f;
  try {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: name, hourCycle: 'h23', timeZoneName: 'short',
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
  } catch {
    f = null; // not a zone ICU knows
  }
  if (formatters.size > 64) formatters.clear();
  formatters.set(name, f);
  return f;
}

/** ICU writes `GMT+1` where tzdata has no letters; tzdata's own form is `+01` */
function abbrevFromIcu(name: string): string {
  const m = /^GMT([+-])(\d{1,2})(?::(\d\d))?$/.exec(name);
  if (!m) return name;
  return `${m[1]}${m[2]!.padStart(2, '0')}${m[3] ?? ''}`;
}

/**
 * ICU has a zone's letters (WEST, IST, JST) only in locales where they are in common use: ask
 * English-speaking ones (and Japanese for JST) in turn, keep the first that has letters
 */
const ABBREV_LOCALES = ['en-GB', 'en-IN', 'en-AU', 'en-NZ', 'en-CA', 'en-ZA', 'en-SG', 'en-HK', 'ja'];
const abbrevFormatters = new Map<string, Intl.DateTimeFormat>();

function lettersAbbrev(name: string, when: Date): string | undefined {
  for (const loc of ABBREV_LOCALES) {
    const key = `${loc} ${name}`;
    let f = abbrevFormatters.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat(loc, { timeZone: name, timeZoneName: 'short' });
      if (abbrevFormatters.size > 256) abbrevFormatters.clear();
      abbrevFormatters.set(key, f);
    }
    const v = f.formatToParts(when).find((p) => p.type === 'timeZoneName')?.value;
    if (v && /^[A-Z]{2,5}$/.test(v)) return v;
  }
  return undefined;
}

function ianaZone(name: string, f: Intl.DateTimeFormat, secs: number): Zone {
  const when = new Date(secs * 1000);
  if (Number.isNaN(when.getTime())) return UTC; // beyond Date's range: strftime prints NaN fields anyway
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(when)) parts[p.type] = p.value;
  const localAsUtc = Date.UTC(
    Number(parts.year), Number(parts.month) - 1, Number(parts.day),
    Number(parts.hour), Number(parts.minute), Number(parts.second),
  ) / 1000;
  const icuName = parts.timeZoneName ?? 'UTC';
  let abbrev = icuName.startsWith('GMT') ? lettersAbbrev(name, when) ?? abbrevFromIcu(icuName) : icuName;
  if (abbrev === 'UTC' && /GMT/.test(name)) abbrev = 'GMT'; // tzdata's GMT zones say GMT, ICU says UTC
  const offset = localAsUtc - Math.floor(secs);
  // ICU has no letters before 1970 (IST at -2 s is `GMT+5:30`): take 1970's when the offset is
  // the same then
  if (secs < 0 && /^[+-]\d/.test(abbrev)) {
    const epoch = ianaZone(name, f, 0);
    if (epoch.offset === offset) abbrev = epoch.abbrev;
  }
  return { offset, abbrev };
}

/** POSIX `std offset[dst…]`: std is 3+ letters or `<…>`; the offset is west of UTC, [+-]hh[:mm[:ss]] */
const POSIX_STD = /^(?:([A-Za-z]{3,})|<([A-Za-z0-9+-]{1,})>)([+-]?)(\d{1,2})(?::(\d{1,2})(?::(\d{1,2}))?)?/;

function posixZone(tz: string): { zone: Zone; hasDst: boolean } | undefined {
  const m = POSIX_STD.exec(tz);
  if (!m) return undefined;
  // std is one of the two alternatives: group 1 or group 2 took part
  const west = Number(m[4]) * 3600 + Number(m[5] ?? 0) * 60 + Number(m[6] ?? 0);
  return { zone: { offset: m[3] === '-' ? west : 0 - west, abbrev: m[1] ?? m[2]! }, hasDst: m[0].length < tz.length };
}

/** the zone TZ names at time `secs`; undefined or empty TZ is UTC */
export function zoneAt(tz: string | undefined, secs: number): Zone {
  if (!tz) return UTC;
  const name = tz.startsWith(':') ? tz.slice(1) : tz;
  if (name === '') return UTC;
  // `EST5EDT` is both a POSIX rule with DST and an IANA zone: ICU knows its DST dates. A rule
  // without DST is read as POSIX first, since ICU reads `GMT+3` the other way round.
  const posix = posixZone(name);
  if (posix && !posix.hasDst) return posix.zone;
  const f = formatterFor(name);
  if (f) return ianaZone(name, f, secs);
  return posix ? posix.zone : { offset: 0, abbrev: name };
}
