"use client";
// How the console writes its figures, in the reader's language: counts, shares, money in cents,
// durations in milliseconds and moments.
import { useFormatter } from "next-intl";
import { useCallback, useMemo } from "react";

export function useConsoleFormat() {
  const format = useFormatter();
  const count = useCallback((value: number) => format.number(value), [format]);
  const share = useCallback((value: number) => format.number(value, { style: "percent", maximumFractionDigits: 1 }), [format]);
  const money = useCallback((cents: number, currency: string) => format.number(cents / 100, { style: "currency", currency: currency.toUpperCase() }), [format]);
  const duration = useCallback(
    (ms: number | null | undefined) => {
      if (ms === null || ms === undefined) return "—";
      if (ms < 1000) return format.number(ms, { style: "unit", unit: "millisecond", maximumFractionDigits: 0 });
      return format.number(ms / 1000, { style: "unit", unit: "second", maximumFractionDigits: 1 });
    },
    [format],
  );
  const moment = useCallback(
    (value: string | null | undefined) => (value ? format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" }) : "—"),
    [format],
  );
  return useMemo(() => ({ count, share, money, duration, moment }), [count, share, money, duration, moment]);
}
