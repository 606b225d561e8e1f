/**
 * The zone the browser runs in, or Europe/Paris (the seed's default) when it cannot say. Apart from zone.ts so that
 * the first script (the API client, the app's intl provider) has it without @internationalized/date (ADR 0047).
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Paris';
  } catch {
    return 'Europe/Paris';
  }
}
