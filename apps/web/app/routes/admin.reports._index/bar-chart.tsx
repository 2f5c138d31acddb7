export interface BarDatum {
  label: string;
  value: number;
  /** A second, lighter bar drawn under the first (e.g. capacity behind seats taken). */
  behind?: number | null;
}

/**
 * A bar chart drawn on the server as SVG: no script, readable at phone widths (it scales to its box). The figures
 * are in the table the page shows beside it, so the chart is hidden from screen readers but for its title.
 */
export function BarChart({
  title,
  data,
  format,
  height = 180,
}: {
  title: string;
  data: BarDatum[];
  format: (value: number) => string;
  height?: number;
}) {
  // Nothing to draw (a new install, or only zeros): say so where the chart would be, not an empty frame.
  if (!data.some((d) => d.value > 0 || (d.behind ?? 0) > 0)) {
    return (
      <div
        className="flex min-h-40 flex-col items-center justify-center gap-1 rounded-md border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center"
        data-testid="chart-empty"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-8 w-8 text-slate-400"
          fill="none"
          stroke="currentColor"
          aria-hidden="true"
        >
          <path d="M4 20h16M7 16v-4m5 4V8m5 8v-6" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <p className="text-sm font-medium text-slate-700">{title}: nothing to chart yet</p>
        <p className="text-xs text-slate-500">The bars appear once there are figures above zero.</p>
      </div>
    );
  }
  const width = Math.max(320, data.length * 56);
  const top = 18;
  const bottom = 28;
  const plot = height - top - bottom;
  const max = Math.max(1, ...data.map((d) => Math.max(d.value, d.behind ?? 0)));
  const slot = width / Math.max(1, data.length);
  const bar = Math.min(36, slot * 0.6);
  const y = (value: number) => top + plot - (Math.max(0, value) / max) * plot;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-2xl"
      role="img"
      aria-label={`${title} (chart; the figures are in the table beside it)`}
    >
      <title>{title}</title>
      <line x1={0} x2={width} y1={top + plot} y2={top + plot} stroke="#94a3b8" />
      {data.map((d, i) => {
        const x = i * slot + (slot - bar) / 2;
        return (
          <g key={`${d.label}-${i}`} aria-hidden="true">
            {d.behind ? (
              <rect x={x} y={y(d.behind)} width={bar} height={top + plot - y(d.behind)} fill="#e2e8f0" />
            ) : null}
            <rect x={x} y={y(d.value)} width={bar} height={top + plot - y(d.value)} fill="#0f766e" />
            <text x={x + bar / 2} y={y(d.value) - 4} textAnchor="middle" fontSize="10" fill="#0f172a">
              {format(d.value)}
            </text>
            <text x={x + bar / 2} y={height - 10} textAnchor="middle" fontSize="10" fill="#475569">
              {d.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
