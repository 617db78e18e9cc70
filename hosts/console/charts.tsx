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

/**
 * A month's budget as a gauge: what settled runs used, what runs in flight are estimated to take,
 * and where this month ends at the pace so far (used over the time gone, carried to the month's
 * end), against the budget's mark. The figures are in its name and its legend.
 */
export const BudgetGauge = ({
  unit,
  budget,
  used,
  inFlight,
  periodStart,
  periodEnd,
  now,
}: {
  unit: string;
  budget: number;
  used: number;
  inFlight: number;
  periodStart: string;
  periodEnd: string;
  now: Date;
}) => {
  const start = Date.parse(periodStart);
  const end = Date.parse(periodEnd);
  const gone = Math.min(1, Math.max(0, (now.getTime() - start) / (end - start)));
  // Too early in the month to say a pace: the first hour tells nothing of the month.
  const forecast = gone < 1 / 720 ? null : used / gone;
  const scale = Math.max(budget, used + inFlight, forecast ?? 0) * 1.05;
  const x = (v: number) => (v / scale) * 640;
  const pct = (v: number) => `${Math.round((v / budget) * 100)}%`;
  const words = `${fmt(used)} ${unit} used (${pct(used)}), ${fmt(inFlight)} in flight, ${
    forecast === null ? 'no pace yet' : `${fmt(forecast)} by the month's end at this pace (${pct(forecast)})`
  }, of a budget of ${fmt(budget)}`;
  return (
    <figure class="chart">
      <svg viewBox="0 0 640 36" role="img" aria-label={`Budget this month: ${words}`}>
        {forecast !== null && forecast > used + inFlight && (
          <rect class="bar gauge-forecast" x={0} y={6} width={x(forecast)} height={22}>
            <title>{`at this pace: ${fmt(forecast)} ${unit}`}</title>
          </rect>
        )}
        <rect class="bar gauge-used" x={0} y={6} width={Math.max(1, x(used))} height={22}>
          <title>{`used: ${fmt(used)} ${unit}`}</title>
        </rect>
        {inFlight > 0 && (
          <rect class="bar gauge-flight" x={x(used)} y={6} width={x(inFlight)} height={22}>
            <title>{`in flight: ${fmt(inFlight)} ${unit}`}</title>
          </rect>
        )}
        <line class="gauge-mark" x1={x(budget)} y1={0} x2={x(budget)} y2={36} />
      </svg>
      <figcaption>
        <ul class="legend">
          <li>
            <span class="swatch gauge-used" aria-hidden="true" /> Used: {fmt(used)} {unit} ({pct(used)})
          </li>
          <li>
            <span class="swatch gauge-flight" aria-hidden="true" /> In flight: {fmt(inFlight)}
          </li>
          <li>
            <span class="swatch gauge-forecast" aria-hidden="true" /> At this pace by the month's end:{' '}
            {forecast === null ? 'too early to say' : `${fmt(forecast)} (${pct(forecast)})`}
          </li>
          <li>The line: the budget, {fmt(budget)}</li>
        </ul>
      </figcaption>
    </figure>
  );
};
