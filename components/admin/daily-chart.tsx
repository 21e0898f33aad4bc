"use client";
// One of the overview's charts by day, drawn with uPlot. The library is imported when the chart
// mounts, so it travels only with the console's overview and never with a public page.
import { useLocale } from "next-intl";
import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

interface DailyChartProps {
  title: string;
  /** The legend's name for the days. */
  dayLabel: string;
  /** Each day's start, as an ISO date or moment. */
  days: string[];
  series: ChartSeries[];
}

const HEIGHT = 180;

export function DailyChart({ title, dayLabel, days, series }: DailyChartProps) {
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let stopped = false;
    const dayFormat = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
    void import("uplot").then(({ default: UPlot }) => {
      if (stopped) return;
      const data: uPlot.AlignedData = [days.map((day) => Date.parse(day) / 1000), ...series.map((line) => line.values)];
      chart = new UPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height: HEIGHT,
          legend: { show: true },
          scales: { x: { time: true } },
          axes: [
            // Days in the reader's language (uPlot's own labels are English month/day).
            { stroke: "currentColor", values: (_chart, ticks) => ticks.map((tick) => dayFormat.format(new Date(tick * 1000))) },
            { stroke: "currentColor", size: 56 },
          ],
          series: [{ label: dayLabel }, ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2, points: { show: days.length < 40 } }))],
        },
        data,
        element,
      );
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      stopped = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [dayLabel, days, locale, series]);
  return (
    <figure className="grid min-w-0 gap-2" data-testid="daily-chart">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div ref={box} role="img" aria-label={title} className="min-h-[180px] w-full min-w-0 overflow-hidden" />
    </figure>
  );
}
