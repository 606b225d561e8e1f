import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
import type { Palette } from '../../kit/theme/theme.ts';

/**
 * The statistics' charts, drawn by recharts (SVG) in the theme's colours. Each is an image named by its title for
 * screen readers (`role="img"`): the table beside it holds the same figures as text (web/src/features/stats).
 * The charts fill their column and shrink with it; the axes' labels are cut short where the table is not.
 */

/** The series' colours: the theme's primary and secondary, then its status colours, each legible on its surface. */
export const seriesColours = (colors: Palette): string[] => [
  colors.primary,
  colors.secondary,
  colors.success,
  colors.warning,
  colors.error,
];

/** Lines other than the first are dashed, so that a series is told apart without its colour. */
const DASHES = [undefined, '6 3', '2 2', '8 2 2 2', '1 3'];

const Frame = styled.div`
  width: 100%;
  min-width: 0;
  /* the axes' words follow the reader's text settings, a little smaller than the body's */
  .recharts-cartesian-axis-tick text {
    font-size: 0.8em;
  }
  .recharts-text,
  .recharts-legend-item-text {
    fill: ${({ theme }) => theme.colors.text};
  }
  .recharts-legend-item-text {
    color: ${({ theme }) => theme.colors.text} !important;
  }
  .recharts-cartesian-grid line {
    stroke: ${({ theme }) => theme.colors.border};
    stroke-opacity: 0.4;
  }
  .recharts-default-tooltip {
    background: ${({ theme }) => theme.colors.surface} !important;
    border-color: ${({ theme }) => theme.colors.border} !important;
    color: ${({ theme }) => theme.colors.text};
  }
`;

const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * How wide an axis' character is drawn, in px, with the reader's text settings (size and letter spacing: the
 * largest make it 2.5 times wider): an axis is given a width in px, so it is measured from them.
 */
function useAxisCharWidth(): number {
  const { text } = useTheme();
  return 0.55 * 0.8 * text.sizePx + text.letterSpacingEm * 0.8 * text.sizePx;
}

export interface SeriesChartProps {
  /** the chart's name for screen readers */
  label: string;
  rows: Array<Record<string, string | number>>;
  /** the rows' keys drawn as lines, and their names */
  series: Array<{ key: string; name: string }>;
  /** how a day is written on the axis */
  formatDay: (day: string) => string;
  /** the series as bars stacked per day (each day's total is its bar's height) rather than lines */
  stacked?: boolean;
}

/** Records per day, one line per event (or, `stacked`, one bar per day made of each event's part). */
export function SeriesChart({ label, rows, series, formatDay, stacked = false }: SeriesChartProps) {
  const { colors } = useTheme();
  const colours = seriesColours(colors);
  // room for a count of five digits
  const axisWidth = Math.max(40, Math.ceil(useAxisCharWidth() * 5 + 8));
  if (stacked)
    return (
      <Frame role="img" aria-label={label}>
        <BarChart
          responsive
          style={{ width: '100%', height: '16rem' }}
          data={rows}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={formatDay} minTickGap={16} stroke={colors.border} />
          <YAxis allowDecimals={false} width={axisWidth} stroke={colors.border} />
          <Tooltip labelFormatter={(day) => formatDay(String(day))} cursor={{ fill: colors.surfaceRaised }} />
          <Legend itemSorter={null} />
          {/* a thin edge of the surface's colour between the parts, so that two of one colour stay apart */}
          {series.map((s, i) => (
            <Bar
              key={s.key}
              stackId="series"
              dataKey={s.key}
              name={s.name}
              fill={colours[i % colours.length]}
              stroke={colors.surface}
              strokeWidth={1}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </Frame>
    );
  return (
    <Frame role="img" aria-label={label}>
      <LineChart
        responsive
        style={{ width: '100%', height: '16rem' }}
        data={rows}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={formatDay} minTickGap={16} stroke={colors.border} />
        <YAxis allowDecimals={false} width={axisWidth} stroke={colors.border} />
        <Tooltip labelFormatter={(day) => formatDay(String(day))} />
        {/* the series in their order (views first), not sorted by name */}
        <Legend itemSorter={null} />
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={colours[i % colours.length]}
            strokeWidth={2}
            strokeDasharray={DASHES[i % DASHES.length]}
            dot={rows.length <= 31}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Frame>
  );
}

export interface RankChartProps {
  label: string;
  rows: Array<{ name: string; records: number }>;
  /** the bars' series name (in the tooltip) */
  seriesName: string;
  colourIndex?: number;
}

/** A ranking as horizontal bars, most first: the top resources, the origins. */
export function RankChart({ label, rows, seriesName, colourIndex = 0 }: RankChartProps) {
  const { colors } = useTheme();
  const colours = seriesColours(colors);
  // twelve characters of a name, within 200 px whatever the text settings (the table gives the whole name)
  const charWidth = useAxisCharWidth();
  const axisWidth = Math.min(200, Math.max(120, Math.ceil(charWidth * 12 + 12)));
  const nameLength = Math.max(4, Math.floor((axisWidth - 12) / charWidth));
  return (
    <Frame role="img" aria-label={label}>
      <BarChart
        responsive
        layout="vertical"
        style={{ width: '100%', height: `${3 + rows.length * 2.25}rem` }}
        data={rows}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} stroke={colors.border} />
        <YAxis
          type="category"
          dataKey="name"
          width={axisWidth}
          tickFormatter={(name: string) => short(name, nameLength)}
          stroke={colors.border}
        />
        <Tooltip cursor={{ fill: colors.surfaceRaised }} />
        <Bar
          dataKey="records"
          name={seriesName}
          fill={colours[colourIndex % colours.length]}
          isAnimationActive={false}
        />
      </BarChart>
    </Frame>
  );
}
