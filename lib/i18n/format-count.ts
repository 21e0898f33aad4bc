// Counts (credits, images) as each language writes them, without building an Intl.NumberFormat for
// the usual small ones. A page's first Intl.NumberFormat loads the browser's number data: about 25 ms
// of main thread on a laptop, four times that on a phone, inside the task that hydrates the page (the
// header shows a count on every page). Below 1,000 each of the six languages writes a whole number
// as its plain ASCII digits, so those need no Intl; anything else goes through it.
const formats = new Map<string, Intl.NumberFormat>();

export function formatCount(locale: string, value: number): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    formats.set(locale, format);
  }
  return format.format(value);
}
