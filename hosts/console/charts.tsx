// Charts drawn as SVG in the page (no library, no CDN): stacked bars over categories, and one
// horizontal bar of consecutive steps. Each chart has a name for screen readers and its figures
// in a table beside it, so nothing is only a colour.

export interface Series {
  readonly key: string;
  readonly label: string;
}

const fmt = (n: number) => (n === 0 ? '0' : Number(n.toPrecision(3)).toString());

/** A round number at or above `max`, for the axis. */
const niceMax = (max: number): number => {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 2.5, 5, 10].find((m) => m * p >= max) ?? 10) * p;
};

/**
 * Vertical bars, one per category, each stacked by series (`s-<key>` classes colour them), or with
 * `side`, the series side by side (figures that do not add up, such as percentiles). The figures
 * follow in a table under a disclosure.
 */
export const StackedBars = ({
  label,
  unit,
  series,
  rows,
  side = false,
}: {
  label: string;
  unit: string;
  series: readonly Series[];
  rows: readonly { readonly key: string; readonly label: string; readonly values: Record<string, number> }[];
  side?: boolean;
}) => {
  const width = 640;
  const height = 200;
  const left = 48;
  const bottom = 28;
  const top = 8;
  const max = niceMax(
    Math.max(
      0,
      ...rows.map((r) =>
        side
          ? Math.max(0, ...series.map((s) => r.values[s.key] ?? 0))
          : series.reduce((n, s) => n + (r.values[s.key] ?? 0), 0),
      ),
    ),
  );
  const plotH = height - top - bottom;
  const step = rows.length > 0 ? (width - left) / rows.length : 0;
  const barW = Math.max(2, step * 0.7);
  const y = (v: number) => top + plotH - (v / max) * plotH;
  // At most about a dozen category labels fit under the axis.
  const every = Math.max(1, Math.ceil(rows.length / 12));
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${label} (${unit}); figures in the table below`}
      >
        <line class="axis" x1={left} y1={top + plotH} x2={width} y2={top + plotH} />
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line class="grid" x1={left} y1={y(max * f)} x2={width} y2={y(max * f)} />
            <text class="tick" x={left - 6} y={y(max * f) + 4} text-anchor="end">
              {fmt(max * f)}
            </text>
          </g>
        ))}
        {rows.map((r, i) => {
          let base = 0;
          return (
            <g key={r.key}>
              {series.map((s, j) => {
                const v = r.values[s.key] ?? 0;
                if (v <= 0) return null;
                const w = side ? barW / series.length : barW;
                const x = left + i * step + (step - barW) / 2 + (side ? j * w : 0);
                const from = side ? 0 : base;
                const rect = (
                  <rect
                    key={s.key}
                    class={`bar s-${s.key}`}
                    x={x}
                    y={y(from + v)}
                    width={w}
                    height={Math.max(1, y(from) - y(from + v))}
                  >
                    <title>{`${r.label}: ${s.label} ${fmt(v)} ${unit}`}</title>
                  </rect>
                );
                base += v;
                return rect;
              })}
              {i % every === 0 && (
                <text class="tick" x={left + i * step + step / 2} y={height - 8} text-anchor="middle">
                  {r.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul class="legend">
          {series.map((s) => (
            <li key={s.key}>
              <span class={`swatch s-${s.key}`} aria-hidden="true" /> {s.label}
            </li>
          ))}
        </ul>
        <details>
          <summary>{label}: figures</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">{label.split(' by ')[1] ?? 'Group'}</th>
                {series.map((s) => (
                  <th scope="col" key={s.key}>
                    {s.label} ({unit})
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  {series.map((s) => (
                    <td key={s.key}>{fmt(r.values[s.key] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
};

/** One horizontal bar of consecutive steps, each as wide as its share of the whole, with a legend of durations. */
export const StepBar = ({
  label,
  steps,
}: {
  label: string;
  steps: readonly { readonly key: string; readonly label: string; readonly seconds: number | null }[];
}) => {
  const known = steps.filter((s): s is typeof s & { seconds: number } => s.seconds !== null && s.seconds > 0);
  const total = known.reduce((n, s) => n + s.seconds, 0);
  if (total === 0) return <p class="muted">No step has taken measurable time yet.</p>;
  let x = 0;
  const words = (s: number) => (s < 120 ? `${s.toFixed(1)} s` : `${(s / 60).toFixed(1)} min`);
  return (
    <figure class="chart">
      <svg
        viewBox="0 0 640 28"
        role="img"
        aria-label={`${label}: ${known.map((s) => `${s.label} ${words(s.seconds)}`).join(', ')}`}
      >
        {known.map((s) => {
          const w = (s.seconds / total) * 640;
          const rect = (
            <rect key={s.key} class={`bar step-${s.key}`} x={x} y={2} width={Math.max(1, w)} height={24}>
              <title>{`${s.label}: ${words(s.seconds)}`}</title>
            </rect>
          );
          x += w;
          return rect;
        })}
      </svg>
      <figcaption>
        <ul class="legend">
          {steps.map((s) => (
            <li key={s.key}>
              <span class={`swatch step-${s.key}`} aria-hidden="true" /> {s.label}:{' '}
              {s.seconds === null ? '—' : words(s.seconds)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
};
