'use client'
// One donut of ValueCharts (recharts), 112 px square: the size-28 box ValueCharts reserves while
// this module loads. Its own module so that recharts (~310 KB) loads when a donut is drawn, not with
// the page: ValueCharts imports it only through next/dynamic.
import { Cell, Pie, PieChart } from 'recharts'

export type DonutSlice = { key: string; label: string; value: number; color: string }

export function ValueDonut({ slices }: { slices: readonly DonutSlice[] }) {
  return (
    <PieChart width={112} height={112} accessibilityLayer={false}>
      <Pie
        data={slices.map((s) => ({ name: s.label, value: s.value }))}
        dataKey="value"
        innerRadius={32}
        outerRadius={54}
        stroke="none"
        isAnimationActive={false}
        rootTabIndex={-1}
      >
        {slices.map((s) => (
          <Cell key={s.key} fill={s.color} />
        ))}
      </Pie>
    </PieChart>
  )
}
